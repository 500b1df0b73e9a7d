import {dashedUuid} from '../ids.js';
import {float} from '../json.js';
import {formatUtc} from '../time.js';
import type {AgentConversation} from './conversation.js';
import {stats} from './usage.js';
import type {Features} from './version.js';
import {dump} from './wire.js';

type Json = Record<string, unknown>;

const TOOLS = ['terminal', 'file_editor', 'task_tracker'];

/** `agent` as the server dumps it: the LLM with its key always null here (§4.2, live `b01`), the tools by name. */
function agentJson(c: AgentConversation) {
	return {
		llm: {
			model: c.llmModel ?? 'anthropic/claude-sonnet-4-5-20250929',
			api_key: null,
			base_url: null,
			api_version: null,
			num_retries: 5,
			temperature: float(0),
			top_p: float(1),
			max_input_tokens: 200_000,
			max_output_tokens: 64_000,
			usage_id: c.usageId,
			stream: false,
		},
		tools: TOOLS.map(name => ({name, params: {}})),
		mcp_config: {},
		filter_tools_regex: null,
		agent_context: {skills: [], system_message_suffix: null, user_message_suffix: null},
		system_prompt_filename: 'system_prompt.j2',
		security_policy_filename: 'security_policy.j2',
		system_prompt_kwargs: {},
		condenser: {max_size: 240, keep_first: 2, kind: 'LLMSummarizingCondenser'},
		kind: 'Agent',
	};
}

const workspace = (c: AgentConversation) => ({working_dir: c.workingDir, kind: 'LocalWorkspace'});
const persistenceDir = (c: AgentConversation) => `workspace/conversations/${c.id}`;

/**
 * `ConversationInfo` (§4.2, `models.py`): dumped with nulls, keys in declaration order. Agent servers
 * before v1.23 lack the later fields (skills, blocked lists, fork and sub-conversation ids, tags, ACP).
 */
export function conversationInfo(c: AgentConversation, features: Features): Json {
	const modern = features.storageOrder;
	const info: Json = {
		id: dashedUuid(c.id),
		workspace: workspace(c),
		persistence_dir: persistenceDir(c),
		max_iterations: c.maxIterations,
		stuck_detection: c.stuckDetection,
		execution_status: c.executionStatus ?? 'idle',
		confirmation_policy: c.policy,
		security_analyzer: c.securityAnalyzer,
		activated_knowledge_skills: [],
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
			agent: agentJson(c),
			workspace: workspace(c),
			persistence_dir: persistenceDir(c),
			max_iterations: c.maxIterations,
			stuck_detection: c.stuckDetection,
			execution_status: c.executionStatus ?? 'idle',
			confirmation_policy: c.policy,
			security_analyzer: c.securityAnalyzer,
			activated_knowledge_skills: [],
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
