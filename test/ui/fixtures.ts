/** Wire-shaped items for UI tests (already parsed: timestamps are epoch ms). */
import {readFileSync} from 'node:fs';
import {readSettings} from '../../source/api/app/readSettings.js';
import type {AppConversation, Sandbox, SandboxSpec, Settings, StartTask} from '../../source/api/schemas/index.js';
import type {ListState, ResourceState, StoreSnapshot} from '../../source/store/types.js';

export const NOW = Date.parse('2025-11-15T10:00:00Z');
export const SESSION_KEY = 'Wq3k9ZrT0aXbYc8dEf7gHi6jKl5mNo4pQr3sTu2vW1x';

export function sandbox(overrides: Partial<Sandbox> = {}): Sandbox {
	return {
		id: 'oh-agent-server-6sk4ifOEcwkDClq9g9P10j',
		created_by_user_id: null,
		sandbox_spec_id: 'ghcr.io/openhands/agent-server:4e2ecd8-python',
		status: 'RUNNING',
		session_api_key: SESSION_KEY,
		exposed_urls: [
			{name: 'AGENT_SERVER', url: 'http://localhost:39215', port: null},
			{name: 'VSCODE', url: `http://localhost:41877/?tkn=${SESSION_KEY}&folder=/workspace/project`, port: null},
		],
		created_at: NOW - 5 * 60_000,
		...overrides,
	};
}

export function conversation(overrides: Partial<AppConversation> = {}): AppConversation {
	return {
		id: 'ca3b40cdc88c4d06b14b1cff914b81cb',
		created_by_user_id: null,
		sandbox_id: 'oh-agent-server-6sk4ifOEcwkDClq9g9P10j',
		selected_repository: 'octo-org/hello-world',
		selected_branch: 'main',
		git_provider: 'github',
		title: 'Fix flaky date parsing test',
		trigger: 'gui',
		pr_number: [12],
		llm_model: 'anthropic/claude-sonnet-4-5-20250929',
		metrics: {
			model_name: 'default',
			accumulated_cost: 0.4321,
			max_budget_per_task: null,
			accumulated_token_usage: {
				model: '',
				prompt_tokens: 12345,
				completion_tokens: 678,
				cache_read_tokens: 0,
				cache_write_tokens: 0,
				reasoning_tokens: 0,
				context_window: 200000,
				per_turn_token: 0,
				response_id: '',
			},
		},
		parent_conversation_id: null,
		sub_conversation_ids: [],
		created_at: NOW - 3 * 3_600_000,
		updated_at: NOW - 3 * 60_000,
		sandbox_status: 'RUNNING',
		execution_status: 'finished',
		conversation_url: 'http://localhost:39215/api/conversations/ca3b40cdc88c4d06b14b1cff914b81cb',
		session_api_key: SESSION_KEY,
		...overrides,
	};
}

export function spec(overrides: Partial<SandboxSpec> = {}): SandboxSpec {
	return {
		id: 'ghcr.io/openhands/agent-server:4e2ecd8-python',
		command: ['--port', '8000'],
		created_at: NOW - 86_400_000,
		initial_env: {OPENVSCODE_SERVER_ROOT: '/openhands/.openvscode-server', LOG_JSON: 'true'},
		working_dir: '/workspace/project',
		...overrides,
	};
}

export function startTask(overrides: Partial<StartTask> = {}): StartTask {
	return {
		id: '558ede66eac6436abdcfe41e551c0389',
		created_by_user_id: null,
		status: 'WAITING_FOR_SANDBOX',
		detail: null,
		app_conversation_id: null,
		sandbox_id: null,
		agent_server_url: null,
		request: {
			sandbox_id: null,
			initial_message: {role: 'user', content: [{type: 'text', text: 'Fix it', cache_prompt: false}], run: false},
			llm_model: null,
			selected_repository: 'octo-org/hello-world',
			selected_branch: 'main',
			git_provider: null,
			title: null,
			trigger: null,
			pr_number: [],
			parent_conversation_id: null,
			agent_type: 'default',
		},
		created_at: NOW - 2000,
		updated_at: NOW - 1000,
		...overrides,
	};
}

export const MCP_SSE_KEY = 'sse-secret-key-123';
export const MCP_HTTP_KEY = 'mcp-plaintext-key';
export const STDIO_ENV_VALUE = 'ghp_supersecretvalue42';
export const STDIO_ARG_TOKEN = 'argtoken-xyz-987';

/** The legacy flat body (shared/openhands-api.md 8.4 plus SSE and stdio MCP servers), on the wire. */
export function legacySettingsWire(): Record<string, unknown> {
	return {
		language: 'en',
		agent: 'CodeActAgent',
		max_iterations: 500,
		security_analyzer: null,
		confirmation_mode: false,
		llm_model: 'anthropic/claude-sonnet-4-5-20250929',
		llm_api_key: null,
		llm_base_url: null,
		remote_runtime_resource_factor: 1,
		secrets_store: {provider_tokens: {}},
		enable_default_condenser: true,
		enable_sound_notifications: false,
		enable_proactive_conversation_starters: true,
		enable_solvability_analysis: true,
		user_consents_to_analytics: false,
		sandbox_base_container_image: 'nikolaik/python-nodejs:python3.12-nodejs22',
		sandbox_runtime_container_image: null,
		mcp_config: {
			sse_servers: [{url: 'https://sse.example.com/events', api_key: MCP_SSE_KEY}],
			stdio_servers: [
				{name: 'github', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github', `--token=${STDIO_ARG_TOKEN}`], env: {GITHUB_PERSONAL_ACCESS_TOKEN: STDIO_ENV_VALUE, LOG_LEVEL: 'debug'}},
			],
			shttp_servers: [{url: 'https://mcp.example.com/mcp', api_key: MCP_HTTP_KEY, timeout: 60}],
		},
		search_api_key: null,
		sandbox_api_key: null,
		max_budget_per_task: null,
		condenser_max_size: 120,
		email: null,
		email_verified: null,
		git_user_name: 'openhands',
		git_user_email: 'openhands@all-hands.dev',
		provider_tokens_set: {github: null, gitlab: 'gitlab.example.com'},
		llm_api_key_set: true,
		search_api_key_set: false,
	};
}

const FIXTURE_CTX = {operation: 'GET fixture', host: 'fixture'};

/** The settings model read from the legacy body above. */
export function settings(overrides: Partial<Settings> = {}): Settings {
	return {...readSettings(FIXTURE_CTX, legacySettingsWire(), 200), ...overrides};
}

/** The settings model read from a current (nested) body: test/fixtures/newer-settings-rich.json by default. */
export function currentSettings(wire: unknown = JSON.parse(readFileSync(new URL('../fixtures/newer-settings-rich.json', import.meta.url), 'utf8'))): Settings {
	return readSettings(FIXTURE_CTX, wire, 200);
}

export function resource<T>(data: T | undefined, overrides: Partial<ResourceState<T>> = {}): ResourceState<T> {
	return {data, fetchedAt: data === undefined ? null : NOW, loading: false, error: null, retryAt: null, ...overrides};
}

export function list<T>(items: readonly T[] | undefined, overrides: Partial<ListState<T>> = {}): ListState<T> {
	return {...resource<readonly T[]>(items), hasMore: false, capped: false, loadingMore: false, ...overrides};
}

export function snapshot(overrides: Partial<StoreSnapshot> = {}): StoreSnapshot {
	return {
		settings: resource<Settings | null>(settings()),
		conversations: list([conversation()]),
		sandboxes: list([sandbox(), sandbox({id: 'oh-agent-server-r0sC74KqVykWW3N2ZYGRW', status: 'PAUSED', session_api_key: null, exposed_urls: null, created_at: NOW - 86_400_000})]),
		specs: list([spec()]),
		startTasks: [],
		pending: [],
		notice: null,
		visible: 'conversations',
		server: null,
		activity: null,
		drafts: {},
		attention: [],
		sandboxConversations: null,
		...overrides,
	};
}
