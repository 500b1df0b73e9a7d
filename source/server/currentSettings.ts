import {randomBytes} from 'node:crypto';
import {base62} from './ids.js';
import {agentSettingsJson, llmJson} from './sdkModels.js';
import type {SettingsRecord, State} from './state.js';

/**
 * The current generation's settings (`GET /api/v1/settings`, shared/openhands-api-newer.md 2): nested
 * `agent_settings` / `conversation_settings`. The stand-in stores them with their secrets, as the
 * server's store does, and masks on every read the way the handler does (2.1), so a test can see
 * that nothing stored leaks.
 */

type Json = Record<string, unknown>;

/** The SDK 1.37 `LLM` dump in declaration order (2.4.1); `api_key` and the AWS secrets are the secret fields. */
const llm = (model: string, apiKey: string | null, baseUrl: string | null = null): Json => llmJson(model, apiKey, baseUrl, 'default', '1.37');

const LLM_SECRETS = ['api_key', 'aws_access_key_id', 'aws_secret_access_key', 'aws_session_token'];

/**
 * A believable stored record (2.8) for the demo: model + key, three MCP servers (two carrying secrets
 * in `env` / `headers`), a search key, two LLM profiles, and `GROUP_BY_NEWEST` sandbox grouping,
 * which is why demo conversations share sandboxes (8.4). The keys are random, never real.
 */
export function demoCurrentSettings(): SettingsRecord {
	const key = (prefix: string, bytes = 18) => prefix + base62(randomBytes(bytes));
	return {
		language: 'en',
		user_version: null,
		remote_runtime_resource_factor: null,
		secrets_store: {provider_tokens: {github: {token: key('ghp_', 22), host: null}}},
		enable_sound_notifications: false,
		enable_proactive_conversation_starters: true,
		user_consents_to_analytics: false,
		sandbox_base_container_image: 'nikolaik/python-nodejs:python3.12-nodejs22',
		sandbox_runtime_container_image: null,
		disabled_skills: null,
		search_api_key: key('tvly-dev-', 20),
		sandbox_api_key: null,
		max_budget_per_task: null,
		email: null,
		email_verified: null,
		git_user_name: 'openhands',
		git_user_email: 'openhands@all-hands.dev',
		v1_enabled: true,
		agent_settings: agentSettingsJson(
			llm('anthropic/claude-sonnet-4-5-20250929', key('sk-ant-api03-', 30)),
			{
				fetch: {command: 'uvx', args: ['mcp-server-fetch'], env: {}, transport: 'stdio'},
				github: {
					command: 'npx',
					args: ['-y', '@modelcontextprotocol/server-github'],
					env: {GITHUB_PERSONAL_ACCESS_TOKEN: key('ghp_', 22)},
					transport: 'stdio',
				},
				linear: {url: 'https://mcp.linear.app/sse', headers: {Authorization: `Bearer ${key('lin_api_', 24)}`}, transport: 'sse', timeout: null},
				context7: {url: 'https://mcp.context7.com/mcp', transport: 'http', timeout: 60},
			},
			null,
		),
		conversation_settings: {schema_version: 1, max_iterations: 500, confirmation_mode: false, security_analyzer: 'llm'},
		sandbox_grouping_strategy: 'GROUP_BY_NEWEST',
		llm_profiles: {
			profiles: {
				fast: llm('openai/gpt-5-mini-2025-08-07', key('sk-proj-', 30)),
				proxy: llm('litellm_proxy/claude-opus-4-1-20250805', key('sk-', 20), 'https://llm.example.internal/v1'),
			},
			active: null,
		},
		registered_marketplaces: [],
		inherited_marketplaces: [],
		provider_tokens_set: {github: null, gitlab: 'gitlab.example.com'},
	};
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || (isObject(v) && Object.keys(v).length === 0);

function maskLlm(value: unknown): unknown {
	if (!isObject(value)) return value;
	const out = {...value};
	for (const field of LLM_SECRETS) if (field in out) out[field] = null;
	return out;
}

/**
 * `MCPServer` serializes compactly (null and `{}` keys dropped); `env` / `headers` hold secrets, which
 * the GET's re-validate step drops, so a server's secret maps disappear entirely (2.4.2, derived).
 */
function maskMcp(value: unknown): unknown {
	if (!isObject(value)) return value;
	const out: Json = {};
	for (const [name, server] of Object.entries(value)) {
		if (!isObject(server)) continue;
		const entry: Json = {};
		for (const [field, item] of Object.entries(server)) {
			if (field === 'env' || field === 'headers' || field === 'auth' || isEmpty(item)) continue;
			entry[field] = item;
		}
		out[name] = entry;
	}
	return out;
}

const nonBlank = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What `GET /api/v1/settings` answers for a stored record (2.1, 2.2 field order, checklist 9.2). */
export function currentSettingsView(state: State, stored: SettingsRecord): Json {
	const agent = isObject(stored['agent_settings']) ? stored['agent_settings'] : {};
	const profiles = isObject(stored['llm_profiles']) ? stored['llm_profiles'] : {profiles: {}, active: null};
	const profileMap = isObject(profiles['profiles']) ? profiles['profiles'] : {};
	const context = isObject(agent['agent_context'])
		? {...agent['agent_context'], current_datetime: new Date(state.now()).toISOString().replace('Z', '000+00:00')}
		: agent['agent_context'];
	const verification = isObject(agent['verification']) ? {...agent['verification'], critic_api_key: null} : agent['verification'];
	const {provider_tokens_set: providerTokensSet, ...fields} = stored;
	return {
		...fields,
		secrets_store: {provider_tokens: {}},
		search_api_key: null,
		sandbox_api_key: null,
		agent_settings: {
			...agent,
			llm: maskLlm(agent['llm']),
			mcp_config: maskMcp(agent['mcp_config']),
			agent_context: context,
			verification,
		},
		llm_profiles: {
			...profiles,
			profiles: Object.fromEntries(Object.entries(profileMap).map(([name, profile]) => [name, maskLlm(profile)])),
		},
		provider_tokens_set: providerTokensSet ?? {},
		llm_api_key_set: isObject(agent['llm']) && nonBlank(agent['llm']['api_key']),
		search_api_key_set: nonBlank(stored['search_api_key']),
	};
}

/** The LLM model a new conversation gets when its request names none, from either settings shape. */
export function settingsModel(state: State): string | null {
	const settings = state.settings;
	if (!settings) return null;
	const agent = settings['agent_settings'];
	const model = isObject(agent) && isObject(agent['llm']) ? agent['llm']['model'] : settings['llm_model'];
	return typeof model === 'string' ? model : null;
}
