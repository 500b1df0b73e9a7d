import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {sendJson, startTestServer, type TestServer} from '../testServer.js';

let server: TestServer;
let client: OpenHandsClient;

const sandbox = (id: string) => ({
	id,
	created_by_user_id: null,
	sandbox_spec_id: 'spec',
	status: 'RUNNING',
	session_api_key: null,
	exposed_urls: null,
	created_at: '2025-11-15T09:12:04Z',
});

const task = {
	id: '558ede66eac6436abdcfe41e551c0389',
	created_by_user_id: null,
	status: 'WORKING',
	detail: null,
	app_conversation_id: null,
	sandbox_id: null,
	agent_server_url: null,
	request: {initial_message: null},
	created_at: '2025-11-15T09:12:03.101945Z',
	updated_at: '2025-11-15T09:12:03.102377Z',
};

beforeAll(async () => {
	server = await startTestServer();
});
afterEach(async () => {
	server.seen.length = 0;
	await client?.close();
});
afterAll(async () => {
	await server.close();
});

describe('auth headers as the server sees them', () => {
	it('auto (default) with a server taking the session key: the probe, then X-Session-API-Key on every request, no Authorization', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: [], next_page_id: null}));
		client = createClient({baseUrl: server.url, apiKey: 'k-123'});
		await client.searchSandboxes();
		await client.searchSpecs();
		expect(server.seen.map(r => r.path)).toEqual(['/api/v1/settings', '/api/v1/web-client/config', '/api/v1/sandboxes/search', '/api/v1/sandbox-specs/search']);
		for (const request of server.seen) {
			expect(request.headers['x-session-api-key']).toBe('k-123');
			expect(request.headers['authorization']).toBeUndefined();
		}
	});

	it('bearer: Authorization: Bearer <key>, no X-Session-API-Key', async () => {
		server.handle((_request, res) => sendJson(res, 200, 5));
		client = createClient({baseUrl: server.url, apiKey: 'k-123', auth: 'bearer'});
		await client.countConversations();
		expect(server.seen[0]?.headers['authorization']).toBe('Bearer k-123');
		expect(server.seen[0]?.headers['x-session-api-key']).toBeUndefined();
	});

	it('no key: neither header', async () => {
		server.handle((_request, res) => sendJson(res, 200, 0));
		client = createClient({baseUrl: server.url});
		await client.countConversations();
		expect(server.seen[0]?.headers['authorization']).toBeUndefined();
		expect(server.seen[0]?.headers['x-session-api-key']).toBeUndefined();
	});
});

describe('requests on the wire', () => {
	it('search: page_id, limit clamped to 1..100, title__contains', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: [], next_page_id: null}));
		client = createClient({baseUrl: `${server.url}/`});
		await client.searchConversations({pageId: '200', limit: 500, titleContains: 'fix bug'});
		await client.searchSandboxes({limit: 0});
		await client.searchSpecs();
		const [conversations, sandboxes, specs] = server.seen;
		expect(conversations?.path).toBe('/api/v1/app-conversations/search');
		expect(Object.fromEntries(conversations!.query)).toEqual({page_id: '200', limit: '100', title__contains: 'fix bug'});
		expect(sandboxes?.query.get('limit')).toBe('1');
		expect(specs?.path).toBe('/api/v1/sandbox-specs/search');
		expect([...specs!.query.keys()]).toEqual([]);
	});

	it('start tasks search: all filters with their wire names', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: [task], next_page_id: '10'}));
		client = createClient({baseUrl: server.url});
		const page = await client.searchStartTasks({
			limit: 10,
			createdAtGte: new Date(Date.UTC(2025, 10, 15, 8, 52, 3, 101)),
			sortOrder: 'CREATED_AT_DESC',
			conversationIdEq: 'ca3b40cdc88c4d06b14b1cff914b81cb',
		});
		expect(page.next_page_id).toBe('10');
		expect(page.items[0]?.status).toBe('WORKING');
		expect(server.seen[0]?.path).toBe('/api/v1/app-conversations/start-tasks/search');
		expect(Object.fromEntries(server.seen[0]!.query)).toEqual({
			limit: '10',
			created_at__gte: '2025-11-15T08:52:03.101Z',
			sort_order: 'CREATED_AT_DESC',
			conversation_id__eq: 'ca3b40cdc88c4d06b14b1cff914b81cb',
		});
	});

	it('sandbox batch: repeated ?id=, chunks of 99, answers re-joined in order', async () => {
		server.handle((request, res) => sendJson(res, 200, request.query.getAll('id').map(id => (id.endsWith('7') ? null : sandbox(id)))));
		client = createClient({baseUrl: server.url});
		const ids = Array.from({length: 150}, (_, index) => `sb-${index}`);
		const result = await client.getSandboxes(ids);
		expect(server.seen.map(request => request.query.getAll('id').length)).toEqual([99, 51]);
		expect(server.seen[0]?.path).toBe('/api/v1/sandboxes');
		expect(result.map(item => item?.id ?? null)).toEqual(ids.map(id => (id.endsWith('7') ? null : id)));
	});

	it('conversation and start-task batches use ?ids=, chunks of 99; spec batch ?id= in chunks of 100', async () => {
		server.handle((request, res) => sendJson(res, 200, [...request.query.values()].map(() => null)));
		client = createClient({baseUrl: server.url});
		const ids = Array.from({length: 150}, (_, index) => index.toString(16).padStart(32, '0'));
		expect(await client.getConversations(ids)).toHaveLength(150);
		expect(await client.getStartTasks(ids)).toHaveLength(150);
		expect(await client.getSpecs(ids)).toHaveLength(150);
		expect(server.seen.map(request => [request.path, [...request.query.keys()][0], request.query.size])).toEqual([
			['/api/v1/app-conversations', 'ids', 99],
			['/api/v1/app-conversations', 'ids', 51],
			['/api/v1/app-conversations/start-tasks', 'ids', 99],
			['/api/v1/app-conversations/start-tasks', 'ids', 51],
			['/api/v1/sandbox-specs', 'id', 100],
			['/api/v1/sandbox-specs', 'id', 50],
		]);
	});

	it('an empty batch sends nothing (the server would answer 422 for a missing ids)', async () => {
		client = createClient({baseUrl: server.url});
		expect(await client.getConversations([])).toEqual([]);
		expect(server.seen).toHaveLength(0);
	});

	it('start sandbox: sandbox_spec_id as a query parameter, no body', async () => {
		server.handle((_request, res) => sendJson(res, 200, {...sandbox('new'), status: 'STARTING'}));
		client = createClient({baseUrl: server.url});
		const started = await client.startSandbox('ghcr.io/openhands/agent-server:4e2ecd8-python');
		await client.startSandbox();
		expect(started.status).toBe('STARTING');
		expect(server.seen[0]?.method).toBe('POST');
		expect(server.seen[0]?.query.get('sandbox_spec_id')).toBe('ghcr.io/openhands/agent-server:4e2ecd8-python');
		expect(server.seen[0]?.body).toBe('');
		expect(server.seen[1]?.query.has('sandbox_spec_id')).toBe(false);
	});

	it('pause / resume: POST {} to the URL-encoded id', async () => {
		server.handle((_request, res) => sendJson(res, 200, {success: true}));
		client = createClient({baseUrl: server.url});
		await client.pauseSandbox('odd id/with?chars');
		await client.resumeSandbox('oh-agent-server-6sk4ifOEcwkDClq9g9P10j');
		expect(server.seen.map(request => [request.method, request.path, request.body, request.headers['content-type']])).toEqual([
			['POST', '/api/v1/sandboxes/odd%20id%2Fwith%3Fchars/pause', '{}', 'application/json'],
			['POST', '/api/v1/sandboxes/oh-agent-server-6sk4ifOEcwkDClq9g9P10j/resume', '{}', 'application/json'],
		]);
	});

	it('create conversation: AppConversationStartRequest body with run:true and trigger openhands_api', async () => {
		server.handle((_request, res) => sendJson(res, 200, task));
		client = createClient({baseUrl: server.url});
		const started = await client.createConversation({
			initialMessage: 'Fix the failing test',
			repository: 'octo-org/hello-world',
			branch: 'main',
			gitProvider: 'github',
			sandboxId: null,
			llmModel: 'anthropic/claude-sonnet-4-5-20250929',
		});
		expect(started.kind === 'start-task' && started.task.id).toBe('558ede66eac6436abdcfe41e551c0389');
		expect(server.seen[0]?.method).toBe('POST');
		expect(server.seen[0]?.path).toBe('/api/v1/app-conversations');
		expect(JSON.parse(server.seen[0]!.body)).toEqual({
			initial_message: {role: 'user', content: [{type: 'text', text: 'Fix the failing test'}], run: true},
			selected_repository: 'octo-org/hello-world',
			selected_branch: 'main',
			git_provider: 'github',
			llm_model: 'anthropic/claude-sonnet-4-5-20250929',
			trigger: 'openhands_api',
		});
	});

	it('a base URL with a path prefix keeps it', async () => {
		server.handle((_request, res) => sendJson(res, 200, 1));
		client = createClient({baseUrl: `${server.url}/openhands/`});
		expect(client.baseUrl).toBe(`${server.url}/openhands`);
		await client.countConversations({titleContains: 'x'});
		expect(server.seen[0]?.path).toBe('/openhands/api/v1/app-conversations/count');
		expect(server.seen[0]?.query.get('title__contains')).toBe('x');
	});

	it('keeps the connection alive between calls', async () => {
		const ports = new Set<number | undefined>();
		server.handle((_request, res, raw) => {
			ports.add(raw.socket.remotePort);
			sendJson(res, 200, 1);
		});
		client = createClient({baseUrl: server.url});
		for (let index = 0; index < 6; index++) await client.countConversations();
		// undici may open a second socket while the first is being released; it reuses both
		expect(ports.size).toBeLessThanOrEqual(2);
	});
});
