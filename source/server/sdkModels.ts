import {float} from './json.js';

/**
 * SDK models as servers dump them, shared by the stand-ins: the current app server's settings
 * (sandbox-server 1.x, SDK 1.37, shared/openhands-api-newer.md 2.4.1) and the agent server's
 * (1.43.1, shared/openhands-agent-server.md §3), keys in declaration order, defaults as a real 1.43.1
 * showed them.
 */

/** 1.43 added these LLM fields since 1.37 */
const SINCE_143 = ['provider_connection_id', 'api_mode', 'capability_overrides'];

/**
 * An `LLM` (in settings, in a conversation's agent and condenser). `apiKey` is already what may be
 * shown (redacted, encrypted, raw or null).
 */
export function llmJson(model: string, apiKey: string | null, baseUrl: string | null, usageId = 'default', sdk: '1.37' | '1.43' = '1.43'): Record<string, unknown> {
	const all = {
		model,
		api_key: apiKey,
		provider_connection_id: null,
		auth_type: 'api_key',
		subscription_vendor: null,
		base_url: baseUrl,
		api_version: null,
		aws_access_key_id: null,
		aws_secret_access_key: null,
		aws_session_token: null,
		aws_region_name: null,
		aws_profile_name: null,
		aws_role_name: null,
		aws_session_name: null,
		aws_bedrock_runtime_endpoint: null,
		openrouter_site_url: 'https://docs.all-hands.dev/',
		openrouter_app_name: 'OpenHands',
		num_retries: 5,
		retry_multiplier: float(8),
		retry_min_wait: 8,
		retry_max_wait: 64,
		timeout: 300,
		max_message_chars: 30_000,
		temperature: null,
		top_p: null,
		top_k: null,
		max_input_tokens: null,
		max_output_tokens: null,
		model_canonical_name: null,
		api_mode: 'auto',
		capability_overrides: {},
		extra_headers: null,
		input_cost_per_token: null,
		output_cost_per_token: null,
		ollama_base_url: null,
		stream: false,
		drop_params: true,
		modify_params: true,
		disable_vision: null,
		disable_stop_word: false,
		caching_prompt: true,
		log_completions: false,
		log_completions_folder: 'logs/completions',
		custom_tokenizer: null,
		native_tool_calling: true,
		force_string_serializer: null,
		inline_image_urls: null,
		reasoning_effort: 'high',
		reasoning_summary: null,
		enable_encrypted_reasoning: true,
		prompt_cache_retention: '24h',
		extended_thinking_budget: 200_000,
		seed: null,
		usage_id: usageId,
		litellm_extra_body: {},
		is_subscription: false,
	};
	return sdk === '1.43' ? all : Object.fromEntries(Object.entries(all).filter(([key]) => !SINCE_143.includes(key)));
}

/** `agent_context` with nothing loaded; `current_datetime` is when it was built (aware UTC), null in stored settings. */
export function agentContextJson(nowIso: string | null) {
	return {
		skills: [],
		system_message_suffix: null,
		user_message_suffix: null,
		load_user_skills: false,
		load_public_skills: false,
		marketplace_path: 'marketplaces/default.json',
		registered_marketplaces: [],
		load_project_skills: false,
		load_memory: false,
		disabled_skills: [],
		secrets: null,
		current_datetime: nowIso,
	};
}

/** The settings' condenser: the default LLM summarizing one. */
const condenserSettingsJson = () => ({
	enabled: true,
	max_size: 240,
	condenser_kind: 'llm_summarizing',
	max_tokens: null,
	keep_first: 2,
	minimum_progress: float(0.1),
	hard_context_reset_max_retries: 5,
	hard_context_reset_context_scaling: float(0.8),
});

/** The settings' verification: no critic. */
const verificationJson = () => ({
	critic_enabled: false,
	critic_mode: 'finish_and_message',
	enable_iterative_refinement: false,
	critic_threshold: float(0.6),
	max_refinement_iterations: 3,
	critic_server_url: null,
	critic_model_name: null,
	critic_api_key: null,
});

/**
 * `AgentSettings` (schema 5) as settings hold it: the default CodeAct agent with this LLM and these
 * MCP servers, the default condenser, no critic. `nowIso`: its agent context's `current_datetime`.
 */
export function agentSettingsJson(llm: Record<string, unknown>, mcpConfig: Record<string, unknown>, nowIso: string | null) {
	return {
		schema_version: 5,
		agent_kind: 'openhands',
		agent: 'CodeActAgent',
		llm,
		tools: null,
		enable_sub_agents: false,
		enable_switch_llm_tool: true,
		tool_concurrency_limit: 1,
		mcp_config: mcpConfig,
		agent_context: agentContextJson(nowIso),
		condenser: condenserSettingsJson(),
		verification: verificationJson(),
	};
}
