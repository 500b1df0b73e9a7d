import {float} from './json.js';
import {agentUrlOf} from './agent/agentUrl.js';
import {agentServerUrl, exposedUrls, sandboxStatus} from './sandboxOps.js';
import {healthTimesOut} from './events/hub.js';
import type {ConversationRecord, Metrics, SandboxRecord, SpecRecord, StartRequestEcho, StartTaskRecord, State} from './state.js';
import {formatNaive, formatUtc} from './time.js';

/** As the app server reads it: a RUNNING sandbox whose health check timed out is ERROR (events/hub.ts). */
function checkedStatus(state: State, sandbox: SandboxRecord) {
	const status = sandboxStatus(state, sandbox);
	return status === 'RUNNING' && healthTimesOut(state, sandbox.id) ? 'ERROR' : status;
}

/** `SandboxInfo` (3.2); docker shows key and urls only while RUNNING (4.4). */
export function sandboxView(state: State, sandbox: SandboxRecord, status = checkedStatus(state, sandbox)) {
	const running = status === 'RUNNING';
	return {
		id: sandbox.id,
		created_by_user_id: null,
		sandbox_spec_id: sandbox.specId,
		status,
		session_api_key: running ? sandbox.sessionKey : null,
		exposed_urls: running ? exposedUrls(sandbox, state.current, agentUrlOf(state)) : null,
		created_at: formatUtc(sandbox.createdUs),
	};
}

/** `SandboxSpecInfo` (3.3). */
export function specView(spec: SpecRecord) {
	return {
		id: spec.id,
		command: spec.command,
		created_at: formatUtc(spec.createdUs),
		initial_env: spec.initialEnv,
		working_dir: spec.workingDir,
	};
}

/** `MetricsSnapshot` as rebuilt from SQL columns: model names stay at their defaults (5.5). */
function metricsView(metrics: Metrics | null) {
	const m = metrics ?? {
		cost: 0,
		promptTokens: 0,
		completionTokens: 0,
		cacheReadTokens: 0,
		cacheWriteTokens: 0,
		contextWindow: 0,
		perTurnToken: 0,
	};
	return {
		model_name: 'default',
		accumulated_cost: float(m.cost),
		max_budget_per_task: null,
		accumulated_token_usage: {
			model: '',
			prompt_tokens: m.promptTokens,
			completion_tokens: m.completionTokens,
			cache_read_tokens: m.cacheReadTokens,
			cache_write_tokens: m.cacheWriteTokens,
			reasoning_tokens: 0,
			context_window: m.contextWindow,
			per_turn_token: m.perTurnToken,
			response_id: '',
		},
	};
}

/**
 * `AppConversation` (3.6) with the live fields of 5.4: sandbox status from a lookup (MISSING when
 * gone); execution status, url and key only while the sandbox runs. Search passes no sub ids (2.2).
 * Current servers add `agent_kind`, `public`, `tags` and the computed `acp_server`, which pydantic
 * emits after every declared field (newer doc 8.3; `OH@073b0e67` app_conversation_models.py).
 */
export function conversationView(state: State, conversation: ConversationRecord, withSubIds: boolean) {
	const sandbox = state.sandboxById.get(conversation.sandboxId);
	const status = sandbox ? checkedStatus(state, sandbox) : 'MISSING';
	const running = sandbox !== undefined && status === 'RUNNING';
	const current = state.current;
	const agentKind = conversation.agentKind ?? 'openhands';
	const tags = conversation.tags ?? {};
	return {
		id: conversation.id,
		created_by_user_id: null,
		sandbox_id: conversation.sandboxId,
		selected_repository: conversation.repository,
		selected_branch: conversation.branch,
		git_provider: conversation.gitProvider,
		title: conversation.title,
		trigger: conversation.trigger,
		pr_number: conversation.prNumber,
		llm_model: conversation.llmModel,
		agent_kind: current ? agentKind : undefined,
		metrics: metricsView(conversation.metrics),
		parent_conversation_id: conversation.parentId,
		sub_conversation_ids: withSubIds ? (state.childrenOf.get(conversation.id) ?? []) : [],
		public: current ? (conversation.public ?? null) : undefined,
		tags: current ? tags : undefined,
		created_at: formatUtc(conversation.createdUs),
		updated_at: formatUtc(conversation.updatedUs),
		sandbox_status: status,
		execution_status: running ? conversation.executionStatus : null,
		conversation_url: running ? `${agentServerUrl(sandbox, agentUrlOf(state))}/api/conversations/${conversation.id}` : null,
		session_api_key: running ? sandbox.sessionKey : null,
		acp_server: current ? (agentKind === 'acp' ? (tags['acpserver'] ?? null) : null) : undefined,
	};
}

/**
 * The request echo; current servers declare more request fields (newer doc 8.3, field order of
 * `AppConversationStartRequest` at `OH@073b0e67`). ohtui never sends them, so they echo their defaults.
 */
function requestView(state: State, request: StartRequestEcho) {
	if (!state.current) return request;
	return {
		sandbox_id: request.sandbox_id,
		conversation_id: null,
		initial_message: request.initial_message,
		system_message_suffix: null,
		processors: request.processors,
		llm_model: request.llm_model,
		selected_repository: request.selected_repository,
		selected_branch: request.selected_branch,
		git_provider: request.git_provider,
		dependency_repos: [],
		suggested_task: null,
		title: request.title,
		trigger: request.trigger,
		pr_number: request.pr_number,
		parent_conversation_id: request.parent_conversation_id,
		agent_type: request.agent_type,
		public: null,
		plugins: null,
		secrets: null,
	};
}

/**
 * `AppConversationStartTask` (3.9). `naive`: read back from SQLite, which drops the zone (1.3); only
 * the POST response carries the in-memory aware values. Current servers add `dependency_repos_cloned`.
 */
export function taskView(state: State, task: StartTaskRecord, naive: boolean) {
	const format = naive ? formatNaive : formatUtc;
	return {
		id: task.id,
		created_by_user_id: null,
		status: task.status,
		detail: task.detail,
		app_conversation_id: task.appConversationId,
		sandbox_id: task.sandboxId,
		agent_server_url: task.agentServerUrl,
		dependency_repos_cloned: state.current ? [] : undefined,
		request: requestView(state, task.request),
		created_at: format(task.createdUs),
		updated_at: format(task.updatedUs),
	};
}
