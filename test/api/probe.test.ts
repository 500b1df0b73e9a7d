import {afterEach, describe, expect, it} from 'vitest';
import {type ClientOptions, createClient, type OpenHandsClient} from '../../source/api/index.js';
import {type Flavour, type GenerationServerOptions, startGenerationServer} from './generationServers.js';
import {restartable} from './restartable.js';
import {sendJson, sendText, startTestServer, type TestServer} from './testServer.js';

const KEY = 'probe-key-7Hq2xL9m';

const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

async function serve(options: GenerationServerOptions): Promise<TestServer> {
	const server = await startGenerationServer(options);
	open.push(server);
	return server;
}

function client(options: ClientOptions): OpenHandsClient {
	const made = createClient(options);
	open.push(made);
	return made;
}

const paths = (server: TestServer) => server.seen.map(r => `${r.method} ${r.path}`);

describe('generation probe (newer doc 1.2)', () => {
	const cases: {flavour: Flavour; key: string | null; label: string; auth: 'session' | 'bearer'; requests: string[]}[] = [
		{flavour: 'legacy', key: null, label: 'legacy', auth: 'session', requests: ['GET /api/v1/settings', 'GET /api/settings']},
		{flavour: 'legacy-headless', key: KEY, label: 'legacy', auth: 'session', requests: ['GET /api/v1/settings', 'GET /api/settings']},
		{flavour: 'current', key: KEY, label: 'sandbox-server', auth: 'session', requests: ['GET /api/v1/settings', 'GET /api/v1/web-client/config']},
		{flavour: 'current-spa', key: null, label: 'sandbox-server', auth: 'session', requests: ['GET /api/v1/settings', 'GET /api/v1/web-client/config']},
		{
			flavour: 'cloud',
			key: KEY,
			label: 'cloud',
			auth: 'bearer',
			// one extra request for the scheme: the session header is refused, Bearer taken
			requests: ['GET /api/v1/settings', 'GET /api/v1/settings', 'GET /api/v1/web-client/config'],
		},
	];

	for (const c of cases) {
		it(`${c.flavour}${c.key ? ' with a key' : ''} → ${c.label}, ${c.auth}, in ${c.requests.length} requests, remembered`, async () => {
			const server = await serve({flavour: c.flavour, apiKey: c.key});
			const api = client({baseUrl: server.url, apiKey: c.key});
			const info = await api.serverInfo();
			expect(info.label).toBe(c.label);
			expect(info.auth).toBe(c.auth);
			// its settings read went with the key and was answered (store: a lone 401 next is asked again soon)
			expect(info.keyTaken).toBe(c.key !== null);
			expect(paths(server)).toEqual(c.requests);
			// remembered for the run: asking again, and reading settings, costs only the settings request
			expect(await api.serverInfo()).toEqual(info);
			const settings = await api.getSettings();
			expect(settings?.shape).toBe(c.flavour.startsWith('legacy') ? 'flat' : 'nested');
			expect(server.seen).toHaveLength(c.requests.length + 1);
			const last = server.seen.at(-1)!;
			if (c.key && c.auth === 'bearer') {
				expect(last.headers['authorization']).toBe(`Bearer ${KEY}`);
				expect(last.headers['x-session-api-key']).toBeUndefined();
			} else if (c.key) {
				expect(last.headers['x-session-api-key']).toBe(KEY);
				expect(last.headers['authorization']).toBeUndefined();
			}
		});
	}

	it('a fresh install: 404 Settings not found on either path still tells the generation; getSettings → null', async () => {
		for (const flavour of ['legacy', 'current'] as const) {
			const server = await serve({flavour, withSettings: false});
			const api = client({baseUrl: server.url});
			expect((await api.serverInfo()).generation).toBe(flavour);
			expect(await api.getSettings()).toBeNull();
		}
	});

	it('a wrong key on a current server: 401 on both schemes → current, the call fails unauthorized', async () => {
		const server = await serve({flavour: 'current', apiKey: KEY});
		const api = client({baseUrl: server.url, apiKey: 'wrong-key-123456'});
		expect((await api.serverInfo()).generation).toBe('current');
		// the session scheme twice (an OSS refusal is asked again first, issue 21 item 17), then Bearer
		expect(server.seen.filter(r => r.path === '/api/v1/settings').map(r => (r.headers['authorization'] ? 'bearer' : 'session'))).toEqual(['session', 'session', 'bearer']);
		const error = await api.getSettings().catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'unauthorized'});
	});

	it('--auth session forces the scheme: no second try on Cloud, the 401 stands', async () => {
		const server = await serve({flavour: 'cloud', apiKey: KEY});
		const api = client({baseUrl: server.url, apiKey: KEY, auth: 'session'});
		const info = await api.serverInfo();
		expect(info.auth).toBe('session');
		expect(server.seen.filter(r => r.headers['authorization'] !== undefined)).toHaveLength(0);
		await expect(api.getSettings()).rejects.toMatchObject({kind: 'unauthorized'});
	});

	it('--auth bearer forces Bearer from the first request', async () => {
		const server = await serve({flavour: 'cloud', apiKey: KEY});
		const api = client({baseUrl: server.url, apiKey: KEY, auth: 'bearer'});
		expect((await api.getSettings())?.shape).toBe('nested');
		for (const request of server.seen) expect(request.headers['x-session-api-key']).toBeUndefined();
	});

	it('ordinary calls wait for the scheme: Cloud never sees a search with the refused header', async () => {
		const server = await serve({
			flavour: 'cloud',
			apiKey: KEY,
			extra: (request, res) => {
				if (request.path !== '/api/v1/sandboxes/search') return false;
				sendJson(res, 200, {items: [], next_page_id: null});
				return true;
			},
		});
		const api = client({baseUrl: server.url, apiKey: KEY});
		const [a, b] = await Promise.all([api.searchSandboxes(), api.searchSandboxes()]);
		expect(a.items).toEqual([]);
		expect(b.items).toEqual([]);
		const searches = server.seen.filter(r => r.path === '/api/v1/sandboxes/search');
		expect(searches).toHaveLength(2);
		for (const request of searches) expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
		// one probe for both calls
		expect(server.seen.filter(r => r.path === '/api/v1/settings')).toHaveLength(2);
	});

	it('not an OpenHands server (404 everywhere) → one final line (not_openhands); remembered, so calls send nothing more', async () => {
		const server = await startTestServer();
		open.push(server);
		server.handle((_request, res) => sendJson(res, 404, {detail: 'Not Found'}));
		const api = client({baseUrl: server.url});
		const error = await api.serverInfo().catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'not_openhands'});
		expect((error as Error).message).toContain('not an OpenHands server');
		// the settings routes, then the agent server's public /server_info (no key)
		expect(paths(server)).toEqual(['GET /api/v1/settings', 'GET /api/settings', 'GET /server_info']);
		for (const call of [api.getSettings(), api.searchConversations(), api.searchSandboxes()]) {
			expect(await call.catch((e: unknown) => e)).toBe(error);
		}
		expect(server.seen).toHaveLength(3);
	});

	it('a 500 while probing: the error is the call’s, ordinary calls still go out with the default scheme', async () => {
		const server = await startTestServer();
		open.push(server);
		server.handle((request, res) => {
			if (request.path.endsWith('/settings')) return sendText(res, 500, 'Internal Server Error');
			sendJson(res, 200, {items: [], next_page_id: null});
		});
		const api = client({baseUrl: server.url, apiKey: KEY});
		await expect(api.serverInfo()).rejects.toMatchObject({kind: 'server', status: 500});
		expect((await api.searchSpecs()).items).toEqual([]);
		expect(server.seen.at(-1)?.headers['x-session-api-key']).toBe(KEY);
	});

	it('never follows a redirect: the key goes to no other origin', async () => {
		const other = await startTestServer();
		open.push(other);
		const server = await startTestServer();
		open.push(server);
		server.handle((_request, res) => {
			res.writeHead(302, {location: `${other.url}/api/v1/settings`});
			res.end();
		});
		const api = client({baseUrl: server.url, apiKey: KEY});
		await expect(api.getSettings()).rejects.toMatchObject({kind: 'bad_response'});
		await expect(api.searchSandboxes()).rejects.toMatchObject({kind: 'bad_response'});
		expect(other.seen).toHaveLength(0);
	});
});

describe('probing again after the server was unreachable', () => {
	it('a server upgraded while down is seen as the new generation on the next call', async () => {
		const box = await restartable();
		open.push({close: box.stop});
		await box.start('legacy');
		const api = client({baseUrl: `http://127.0.0.1:${box.port}`});
		expect((await api.serverInfo()).label).toBe('legacy');
		expect((await api.getSettings())?.shape).toBe('flat');
		await box.stop();
		await expect(api.searchSandboxes()).rejects.toMatchObject({kind: 'unreachable'});
		await box.start('current');
		expect((await api.serverInfo()).label).toBe('sandbox-server');
		expect((await api.getSettings())?.shape).toBe('nested');
	});
});
