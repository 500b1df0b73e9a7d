import {dashedUuid} from '../ids.js';
import {float} from '../json.js';
import {formatUtc} from '../time.js';
import type {AgentConversation} from './conversation.js';
import {agentContextJson, llmJson} from '../sdkModels.js';
import {stats} from './usage.js';
import type {Features} from './version.js';
import {dump} from './wire.js';

type Json = Record<string, unknown>;

const TOOLS = ['terminal', 'file_editor', 'task_tracker'];

/**
 * `agent` as the server dumps it: the LLM with its key null in ConversationInfo (§4.2, live `b01`), the tools
 * by name, the condenser with its own LLM (usage id `condenser`).
 */
function agentJson(c: AgentConversation, apiKey: string | null = null) {
	const model = c.llmModel ?? 'anthropic/claude-sonnet-4-5-20250929';
	return {
		llm: llmJson(model, apiKey, null, c.usageId),
		tools: TOOLS.map(name => ({name, params: {}})),
		mcp_config: {},
		filter_tools_regex: null,
		include_default_tools: ['FinishTool', 'ThinkTool', 'SwitchLLMTool'],
		agent_context: agentContextJson(formatUtc(c.createdUs)),
		system_prompt: null,
		system_prompt_filename: 'system_prompt.j2',
		security_policy_filename: 'security_policy.j2',
		system_prompt_kwargs: {llm_security_analyzer: c.securityAnalyzer !== null},
		condenser: {
			llm: llmJson(model, apiKey, null, 'condenser'),
			max_size: 240,
			max_tokens: 128_000,
			keep_first: 2,
			minimum_progress: float(0.1),
			hard_context_reset_max_retries: 5,
			hard_context_reset_context_scaling: float(0.8),
			kind: 'LLMSummarizingCondenser',
		},
		critic: null,
		tool_concurrency_limit: 1,
		kind: 'Agent',
	};
}

/** The fields ConversationInfo and ConversationState both begin with (after `id`, and the state's `agent`). */
const stateHead = (c: AgentConversation) => ({
	workspace: {working_dir: c.workingDir, kind: 'LocalWorkspace'},
	persistence_dir: `workspace/conversations/${c.id}`,
	max_iterations: c.maxIterations,
	stuck_detection: c.stuckDetection,
	execution_status: c.executionStatus ?? 'idle',
	confirmation_policy: c.policy,
	security_analyzer: c.securityAnalyzer,
	activated_knowledge_skills: [],
});

/**
 * `ConversationInfo` (§4.2, `models.py`): dumped with nulls, keys in declaration order. Agent servers
 * before v1.23 lack the later fields (skills, blocked lists, fork and sub-conversation ids, tags, ACP).
 */
export function conversationInfo(c: AgentConversation, features: Features): Json {
	const modern = features.storageOrder;
	const info: Json = {
		id: dashedUuid(c.id),
		...stateHead(c),
		...(modern
			? {invoked_skills: [], blocked_actions: {}, blocked_messages: {}, last_user_message_id: c.lastUserMessageId, leaf_event_id: c.leafEventId}
			: {}),
		stats: stats(c.usage, true),
		secret_registry: {secret_sources: {}},
		...(modern ? {agent_state: {}, hook_config: null} : {}),
		title: c.title,
		// nothing in the agent server writes it: cost and tokens are in `stats` (§4.2)
		metrics: null,
		created_at: formatUtc(c.createdUs),
		updated_at: formatUtc(c.updatedUs),
		...(modern
			? {
					forked_from_conversation_id: null,
					forked_from_event_id: null,
					parent_conversation_id: null,
					sub_conversation_ids: [],
					tags: c.tags,
					current_model_id: null,
					available_models: [],
					supports_runtime_model_switch: false,
					launched_agent_profile: null,
				}
			: {}),
		agent: agentJson(c),
		...(modern ? {client_tools: []} : {}),
	};
	return dump(info, false) as Json;
}

/** `ConversationState` alone, `exclude_none`: the `value` of a `full_state` frame (§6.2 step 4). */
export function conversationState(c: AgentConversation): Json {
	return dump(
		{
			id: dashedUuid(c.id),
			// the state's dump redacts the key where ConversationInfo drops it (seen on a real 1.43.1)
			agent: agentJson(c, '**********'),
			...stateHead(c),
			activated_path_rules: {},
			invoked_skills: [],
			blocked_actions: {},
			blocked_messages: {},
			last_user_message_id: c.lastUserMessageId,
			leaf_event_id: c.leafEventId,
			head_is_empty: c.leafEventId === null,
			stats: stats(c.usage, true),
			secret_registry: {secret_sources: {}},
			tags: c.tags,
			agent_state: {},
		},
		true,
	) as Json;
}
