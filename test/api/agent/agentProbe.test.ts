/** The probe against agent servers (agent-server doc 1.2) beside the app-server kinds (probe.test.ts). */
import {afterEach, describe, expect, it} from 'vitest';
import {type ClientOptions, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {type AgentFixture, startAgentFixture} from '../../support/agentFixture.js';
import {sendJson, startTestServer} from '../testServer.js';

const KEY = 'agent-key-Zq81x';

const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

async function agentServer(options: {key?: string | null; version?: string} = {}): Promise<AgentFixture> {
	const made = await startAgentFixture(options);
	open.push(made);
	return made;
}

function client(options: ClientOptions): OpenHandsClient {
	const made = createClient(options);
	open.push(made);
	return made;
}

const paths = (server: {seen: {method: string; path: string}[]}) => server.seen.map(r => `${r.method} ${r.path}`);

describe('probe: agent servers', () => {
	it('with its key: /api/settings has llm_api_key_is_set → agent server; /server_info (no key) gives the version', async () => {
		const server = await agentServer({key: KEY});
		const api = client({baseUrl: server.url, apiKey: KEY});
		const info = await api.serverInfo();
		expect(info).toMatchObject({kind: 'agent-server', generation: null, version: '1.43.1', label: 'agent server 1.43.1', auth: 'session'});
		expect(info.capabilities).toEqual({sandboxes: false, specs: false, startTasks: false, confirmationPolicy: true, gitChanges: true, liveEvents: true});
		expect(paths(server)).toEqual(['GET /api/v1/settings', 'GET /api/settings', 'GET /server_info']);
		expect(server.seen[1]!.headers['x-session-api-key']).toBe(KEY);
		expect(server.seen[2]!.headers['x-session-api-key']).toBeUndefined();
		// remembered: the next calls cost only themselves
		await api.searchConversations();
		expect(paths(server).slice(3)).toEqual(['GET /api/conversations/search']);
	});

	it('a wrong key: the 401 is told by /server_info, no Bearer is tried, and the calls say unauthorized', async () => {
		const server = await agentServer({key: KEY});
		const api = client({baseUrl: server.url, apiKey: 'wrong-key-000'});
		expect(await api.serverInfo()).toMatchObject({kind: 'agent-server', label: 'agent server 1.43.1'});
		expect(server.seen.every(r => r.headers['authorization'] === undefined)).toBe(true);
		expect(paths(server)).toEqual(['GET /api/v1/settings', 'GET /api/settings', 'GET /server_info']);
		const error = await api.searchConversations().catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'unauthorized', message: expect.stringMatching(/^unauthorized \(401\): check the API key/)});
		expect((error as Error).message).not.toContain('wrong-key');
	});

	it('no key configured on the server: open to anything', async () => {
		const server = await agentServer({key: null});
		const api = client({baseUrl: server.url});
		expect((await api.serverInfo()).kind).toBe('agent-server');
	});

	it('an agent server before 1.17 (no settings route, 404) is still found by /server_info', async () => {
		const server = await startTestServer();
		open.push(server);
		server.handle((request, res) => {
			if (request.path === '/server_info') return sendJson(res, 200, {uptime: 1, idle_time: 1, title: 'OpenHands Agent Server', version: '1.1.0', docs: '/docs', redoc: '/redoc'});
			sendJson(res, 404, {detail: 'Not Found'});
		});
		const api = client({baseUrl: server.url});
		expect(await api.serverInfo()).toMatchObject({kind: 'agent-server', version: '1.1.0', label: 'agent server 1.1.0'});
	});

	it('a version that is not one is not shown ("unknown", a long string)', async () => {
		const server = await agentServer({version: 'unknown'});
		const api = client({baseUrl: server.url});
		expect(await api.serverInfo()).toMatchObject({version: null, label: 'agent server'});
	});

	it('a first call before any probe: the app route is absent (404), the probe finds the agent server, the call is served', async () => {
		const server = await agentServer();
		server.add({title: 'fix the tests'});
		const api = client({baseUrl: server.url});
		const page = await api.searchConversations();
		expect(page.items.map(c => c.title)).toEqual(['fix the tests']);
		expect(paths(server)).toEqual([
			'GET /api/v1/app-conversations/search',
			'GET /api/v1/settings',
			'GET /api/settings',
			'GET /server_info',
			'GET /api/conversations/search',
		]);
	});

	it('a first settings read before any probe waits for it: the agent server\'s shape, not an app server\'s', async () => {
		const server = await agentServer();
		const api = client({baseUrl: server.url});
		expect((await api.getSettings())?.shape).toBe('agent');
		expect(paths(server)).toEqual(['GET /api/v1/settings', 'GET /api/settings', 'GET /server_info', 'GET /api/settings', 'GET /api/profiles']);
	});

	it('what an agent server does not have is unsupported, final, and costs no request', async () => {
		const server = await agentServer();
		const api = client({baseUrl: server.url});
		await api.serverInfo();
		const before = server.seen.length;
		const calls: [Promise<unknown>, RegExp][] = [
			[api.searchSandboxes(), /agent servers have no sandboxes/],
			[api.searchSpecs(), /agent servers have no sandbox specs/],
			[api.getStartTasks(['a']), /no start tasks/],
			[api.conversationsInSandbox('x'), /no sandboxes/],
			[api.pauseSandbox('x'), /no sandboxes/],
		];
		for (const [call, text] of calls) await expect(call).rejects.toMatchObject({kind: 'unsupported', message: expect.stringMatching(text)});
		expect(server.seen).toHaveLength(before);
	});
});
