import {dashedUuid} from '../ids.js';
import {float} from '../json.js';
import type {ConversationRecord} from '../state.js';
import {formatUtc} from '../time.js';
import {WORKING_DIR} from '../events/topics.js';
import type {Shape} from '../events/wire.js';
import type {Agent} from './agent.js';


/** `MetricsSnapshot`: the agent server counts what the app server's copy leaves at zero (shared/openhands-api.md 5.5). */
function metrics(c: ConversationRecord, events: number) {
	const m = c.metrics;
	const prompt = m?.promptTokens ?? events * 2_400;
	const completion = m?.completionTokens ?? events * 95;
	return {
		model_name: c.llmModel ?? 'default',
		accumulated_cost: float(m?.cost ?? Math.round(events * 0.0041 * 1e4) / 1e4),
		max_budget_per_task: null,
		accumulated_token_usage: {
			model: c.llmModel ?? 'default',
			prompt_tokens: prompt,
			completion_tokens: completion,
			cache_read_tokens: Math.floor(prompt * 0.62),
			cache_write_tokens: Math.floor(prompt * 0.08),
			reasoning_tokens: 0,
			context_window: m?.contextWindow ?? 200_000,
			per_turn_token: Math.floor(prompt / Math.max(events, 1)),
			response_id: '',
		},
	};
}

/**
 * `GET {agent}/api/conversations/{id}` → `ConversationInfo`: the `ConversationState` fields, then title,
 * metrics and times (`sdk: agent_server/models.py`; shared/openhands-api-newer.md 6). The agent and
 * workspace are trimmed to the fields a client reads.
 */
export function conversationInfo(agent: Agent, shape: Shape) {
	const c = agent.conversation;
	const current = shape === 'sdk1.37';
	return {
		id: dashedUuid(c.id),
		agent: {
			kind: 'Agent',
			llm: {model: c.llmModel ?? 'anthropic/claude-sonnet-4-5-20250929', api_key: '**********', base_url: null, usage_id: 'agent'},
			tools: [{name: 'TerminalTool', params: {}}, {name: 'FileEditorTool', params: {}}, {name: 'TaskTrackerTool', params: {}}],
		},
		workspace: {kind: 'LocalWorkspace', working_dir: WORKING_DIR},
		persistence_dir: `workspace/conversations/${c.id}`,
		max_iterations: 500,
		stuck_detection: true,
		execution_status: agent.status,
		confirmation_policy: {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true},
		security_analyzer: {kind: 'LLMSecurityAnalyzer'},
		activated_knowledge_skills: [],
		...(current ? {invoked_skills: [], blocked_actions: {}, blocked_messages: {}, last_user_message_id: null} : {}),
		stats: {usage_to_metrics: {}},
		secret_registry: {secret_sources: {}},
		...(current ? {agent_state: {}, hook_config: null} : {}),
		title: c.title,
		metrics: metrics(c, agent.log.events.length),
		created_at: formatUtc(c.createdUs),
		// the agent server saves at every event (`sdk@v1.1.0: conversation_service.py` _EventSubscriber),
		// whatever the app server's copy says (a legacy one moves only on its own saves, ../events/hub.ts)
		updated_at: formatUtc(current ? Math.max(c.updatedUs, agent.log.lastUs) : Math.max(c.createdUs, agent.log.lastUs)),
		...(current ? {tags: {}} : {}),
	};
}
