// The current generation (sandbox-server 1.x) against shared/openhands-api-newer.md 9 and 8.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {seedState} from '../../source/server/seed.js';
import {State} from '../../source/server/state.js';
import {createStartTask} from '../../source/server/startTasks.js';
import {get, request, startServer} from './helpers.js';

const SETTINGS_KEYS = [
	'language', 'user_version', 'remote_runtime_resource_factor', 'secrets_store', 'enable_sound_notifications',
	'enable_proactive_conversation_starters', 'user_consents_to_analytics', 'sandbox_base_container_image',
	'sandbox_runtime_container_image', 'disabled_skills', 'search_api_key', 'sandbox_api_key', 'max_budget_per_task', 'email',
	'email_verified', 'git_user_name', 'git_user_email', 'v1_enabled', 'agent_settings', 'conversation_settings',
	'sandbox_grouping_strategy', 'llm_profiles', 'registered_marketplaces', 'inherited_marketplaces', 'provider_tokens_set',
	'llm_api_key_set', 'search_api_key_set',
];

// every prefix the seeded secrets start with
const SECRET = /sk-ant-|sk-proj-|"sk-|ghp_|lin_api_|tvly-|Bearer /;

const n = (count: number, name: string, make: (i: number) => string) => Array.from({length: count}, (_, i) => `${name}=${make(i)}`).join('&');
const hex = (i: number) => i.toString(16).padStart(32, '0');

describe('current settings (GET /api/v1/settings)', () => {
	it('answers the nested shape in declaration order with every secret masked', async () => {
		const server = await startServer();
		const res = await get(server, '/api/v1/settings');
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(SETTINGS_KEYS);
		expect(res.text).not.toMatch(SECRET);
		expect(res.json).toMatchObject({
			secrets_store: {provider_tokens: {}},
			search_api_key: null,
			sandbox_api_key: null,
			llm_api_key_set: true,
			search_api_key_set: true,
			v1_enabled: true,
			conversation_settings: {schema_version: 1, max_iterations: 500, confirmation_mode: false, security_analyzer: 'llm'},
		});
		const agent = res.json.agent_settings;
		expect(Object.keys(agent)).toEqual([
			'schema_version', 'agent_kind', 'agent', 'llm', 'tools', 'enable_sub_agents', 'enable_switch_llm_tool',
			'tool_concurrency_limit', 'mcp_config', 'agent_context', 'condenser', 'verification',
		]);
		expect(agent).toMatchObject({schema_version: 5, agent_kind: 'openhands', agent: 'CodeActAgent'});
		expect(agent.llm).toMatchObject({model: 'anthropic/claude-sonnet-4-5-20250929', api_key: null, base_url: null, is_subscription: false});
		expect(Object.keys(agent.llm)[0]).toBe('model');
		expect(Object.keys(agent.llm).at(-1)).toBe('is_subscription');
		// Python floats and compact separators
		expect(res.text).toContain('"retry_multiplier":8.0');
		expect(res.text).toContain('"critic_threshold":0.6');
		expect(res.text).not.toMatch(/": /);
		expect(agent.verification.critic_api_key).toBeNull();
		expect(agent.agent_context.current_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
	});

	it('serves MCP servers as a name-keyed map, compact, with secret env and headers dropped', async () => {
		const server = await startServer();
		const mcp = (await get(server, '/api/v1/settings')).json.agent_settings.mcp_config;
		expect(Object.keys(mcp)).toEqual(['fetch', 'github', 'linear', 'context7']);
		expect(mcp.fetch).toEqual({command: 'uvx', args: ['mcp-server-fetch'], transport: 'stdio'});
		expect(mcp.github).toEqual({command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], transport: 'stdio'});
		expect(mcp.linear).toEqual({url: 'https://mcp.linear.app/sse', transport: 'sse'});
		expect(mcp.context7).toEqual({url: 'https://mcp.context7.com/mcp', transport: 'http', timeout: 60});
	});

	it('masks the LLM profiles and says that sandboxes are grouped', async () => {
		const server = await startServer();
		const settings = (await get(server, '/api/v1/settings')).json;
		expect(settings.sandbox_grouping_strategy).toBe('GROUP_BY_NEWEST');
		const profiles = Object.values(settings.llm_profiles.profiles) as {api_key: unknown; model: string; base_url: string | null}[];
		expect(profiles.length).toBeGreaterThan(0);
		for (const profile of profiles) expect(profile.api_key).toBeNull();
		expect(profiles.some(p => p.base_url !== null)).toBe(true);
	});
});

describe('current limits', () => {
	it('answers 422 for limit > 100 on conversation, start-task and sandbox search; sandbox specs stay 500', async () => {
		const server = await startServer();
		for (const path of ['/api/v1/sandboxes/search', '/api/v1/app-conversations/search', '/api/v1/app-conversations/start-tasks/search']) {
			const big = await get(server, `${path}?limit=101`);
			expect([path, big.status]).toEqual([path, 422]);
			expect(big.text).toBe(
				'{"detail":[{"type":"less_than_equal","loc":["query","limit"],"msg":"Input should be less than or equal to 100","input":"101","ctx":{"le":100}}]}',
			);
			expect((await get(server, `${path}?limit=0`)).json.detail[0].type).toBe('greater_than');
			expect((await get(server, `${path}?limit=100`)).status).toBe(200);
		}
		const specs = await get(server, '/api/v1/sandbox-specs/search?limit=101');
		expect([specs.status, specs.text]).toEqual([500, 'Internal Server Error']);
		expect(specs.headers.get('content-type')).toMatch(/^text\/plain/);
	});

	it('caps batches with 400 and the exact details; sandbox specs still assert', async () => {
		const server = await startServer();
		expect((await get(server, `/api/v1/app-conversations?${n(99, 'ids', hex)}`)).status).toBe(200);
		const convs = await get(server, `/api/v1/app-conversations?${n(100, 'ids', hex)}`);
		expect([convs.status, convs.text]).toEqual([400, '{"detail":"Too many ids requested. Maximum is 99."}']);
		const bad = await get(server, `/api/v1/app-conversations?ids=${hex(1)}&ids=abc&ids=it's`);
		expect([bad.status, bad.text]).toEqual([400, `{"detail":"Invalid UUID format for ids: ['abc', \\"it's\\"]"}`]);

		expect((await get(server, `/api/v1/app-conversations/start-tasks?${n(100, 'ids', hex)}`)).status).toBe(200);
		const tasks = await get(server, `/api/v1/app-conversations/start-tasks?${n(101, 'ids', hex)}`);
		expect([tasks.status, tasks.text]).toEqual([400, '{"detail":"Cannot request more than 100 start tasks at once, got 101"}']);
		// start-task ids are typed UUIDs: pydantic refuses them first
		expect((await get(server, '/api/v1/app-conversations/start-tasks?ids=abc')).status).toBe(422);

		expect((await get(server, `/api/v1/sandboxes?${n(100, 'id', String)}`)).status).toBe(200);
		const sandboxes = await get(server, `/api/v1/sandboxes?${n(101, 'id', String)}`);
		expect([sandboxes.status, sandboxes.text]).toEqual([400, '{"detail":"Cannot request more than 100 sandboxes at once, got 101"}']);

		expect((await get(server, `/api/v1/sandbox-specs?${n(101, 'id', String)}`)).status).toBe(500);
		expect((await get(server, '/api/v1/sandboxes')).text).toBe('{"detail":[{"type":"missing","loc":["query","id"],"msg":"Field required","input":null}]}');
	});
});

describe('current fields and filters', () => {
	it('adds agent_kind, public, tags and the computed acp_server (last) to conversations', async () => {
		const server = await startServer();
		const items = (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
		expect(Object.keys(items[0])).toEqual([
			'id', 'created_by_user_id', 'sandbox_id', 'selected_repository', 'selected_branch', 'git_provider', 'title', 'trigger',
			'pr_number', 'llm_model', 'agent_kind', 'metrics', 'parent_conversation_id', 'sub_conversation_ids', 'public', 'tags',
			'created_at', 'updated_at', 'sandbox_status', 'execution_status', 'conversation_url', 'session_api_key', 'acp_server',
		]);
		const acp = items.filter((c: {agent_kind: string}) => c.agent_kind === 'acp');
		expect(acp).toHaveLength(1);
		expect(acp[0]).toMatchObject({tags: {acpserver: 'claude-code'}, acp_server: 'claude-code', public: null});
		for (const c of items.filter((c: {agent_kind: string}) => c.agent_kind !== 'acp')) {
			expect(c).toMatchObject({agent_kind: 'openhands', public: null, tags: {}, acp_server: null});
		}
		// legacy servers have none of them
		const legacy = await startServer({generation: 'legacy'});
		const old = (await get(legacy, '/api/v1/app-conversations/search?limit=1')).json.items[0];
		expect(Object.keys(old)).not.toContain('agent_kind');
		expect(Object.keys(old)).not.toContain('acp_server');
	});

	it('adds the container port to exposed urls and dependency_repos_cloned to start tasks', async () => {
		const server = await startServer({bootMs: 0});
		const running = (await get(server, '/api/v1/sandboxes/search')).json.items.find((s: {status: string}) => s.status === 'RUNNING');
		expect(running.exposed_urls.map((u: {name: string; port: number}) => [u.name, u.port])).toEqual([
			['AGENT_SERVER', 8000], ['VSCODE', 8001], ['WORKER_1', 8011], ['WORKER_2', 8012],
		]);
		const [task] = (await get(server, '/api/v1/app-conversations/start-tasks/search?limit=1')).json.items;
		const keys = Object.keys(task);
		expect(keys.indexOf('dependency_repos_cloned')).toBe(keys.indexOf('request') - 1);
		expect(task.dependency_repos_cloned).toEqual([]);
		expect(Object.keys(task.request)).toEqual([
			'sandbox_id', 'conversation_id', 'initial_message', 'system_message_suffix', 'processors', 'llm_model',
			'selected_repository', 'selected_branch', 'git_provider', 'dependency_repos', 'suggested_task', 'title', 'trigger',
			'pr_number', 'parent_conversation_id', 'agent_type', 'public', 'plugins', 'secrets',
		]);
		// `automation` is a trigger only current servers know
		expect((await request(server, '/api/v1/app-conversations', {method: 'POST', headers: {'content-type': 'application/json'}, body: '{"trigger":"automation"}'})).status).toBe(200);
		const legacy = await startServer({generation: 'legacy'});
		expect((await request(legacy, '/api/v1/app-conversations', {method: 'POST', headers: {'content-type': 'application/json'}, body: '{"trigger":"automation"}'})).status).toBe(422);
	});

	it('seeds conversations sharing a sandbox and finds them with sandbox_id__eq (search and count)', async () => {
		const server = await startServer();
		const top = (await get(server, '/api/v1/app-conversations/search')).json.items as {id: string; sandbox_id: string}[];
		const bySandbox = new Map<string, string[]>();
		for (const c of top) bySandbox.set(c.sandbox_id, [...(bySandbox.get(c.sandbox_id) ?? []), c.id]);
		const [shared, ids] = [...bySandbox].find(([, list]) => list.length >= 2)!;
		const found = await get(server, `/api/v1/app-conversations/search?sandbox_id__eq=${shared}`);
		expect(found.json.items.map((c: {id: string}) => c.id)).toEqual(ids);
		const all = (await get(server, `/api/v1/app-conversations/search?include_sub_conversations=true&sandbox_id__eq=${shared}`)).json.items;
		expect((await get(server, `/api/v1/app-conversations/count?sandbox_id__eq=${shared}`)).json).toBe(all.length);
		expect((await get(server, '/api/v1/app-conversations/count?sandbox_id__eq=oh-agent-server-none')).json).toBe(0);
		// legacy ignores the parameter, as FastAPI ignores unknown query parameters
		const legacy = await startServer({generation: 'legacy'});
		const total = (await get(legacy, '/api/v1/app-conversations/count')).json;
		expect((await get(legacy, '/api/v1/app-conversations/count?sandbox_id__eq=oh-agent-server-none')).json).toBe(total);
	});

	it('answers unknown paths with FastAPI 404/405 JSON (no web app served)', async () => {
		const server = await startServer();
		const unknown = await get(server, '/api/v1/nothing-here');
		expect([unknown.status, unknown.text]).toEqual([404, '{"detail":"Not Found"}']);
		expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
		const wrongMethod = await get(server, '/api/v1/sandboxes/x/pause');
		expect([wrongMethod.status, wrongMethod.text]).toEqual([405, '{"detail":"Method Not Allowed"}']);
		expect((await get(server, '/')).status).toBe(404);
	});
});

describe('current start flow', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('passes through SETTING_UP_SKILLS between git hooks and starting the conversation', () => {
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		const statuses = (generation: 'legacy' | 'current') => {
			const state = new State({bootMs: 0, stepMs: 100, now: () => 0, generation});
			seedState(state, 'empty', true);
			const task = createStartTask(state, {
				sandbox_id: null, initial_message: null, processors: null, llm_model: null, selected_repository: null, selected_branch: null,
				git_provider: null, title: null, trigger: null, pr_number: [], parent_conversation_id: null, agent_type: 'default',
			});
			const seen = [task.status];
			for (let i = 0; i < 20 && task.status !== 'READY' && task.status !== 'ERROR'; i++) {
				vi.advanceTimersByTime(100);
				if (seen.at(-1) !== task.status) seen.push(task.status);
			}
			state.close();
			return seen;
		};
		const base = ['WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS'];
		expect(statuses('current')).toEqual([...base, 'SETTING_UP_SKILLS', 'STARTING_CONVERSATION', 'READY']);
		expect(statuses('legacy')).toEqual([...base, 'STARTING_CONVERSATION', 'READY']);
	});
});
