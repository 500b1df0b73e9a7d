import {describe, expect, it} from 'vitest';
import {allEvents, byTitle, call, startAgent} from './helpers.js';
import {connect, sleep, socketUrl} from './socketClient.js';

describe('agent server stand-in: faults for tests (the hooks other suites use)', () => {
	it('dropSockets cuts every socket without a close frame and refuses reconnects for refuseMs', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		server.dropSockets({refuseMs: 300});
		expect((await client.closed).code).toBe(1006);
		const during = connect(socketUrl(server.url, c.id));
		expect((await during.closed).code).toBe(1006);
		expect(during.frames).toEqual([]);
		await sleep(350);
		const after = connect(socketUrl(server.url, c.id));
		expect((await after.next(() => true)).key).toBe('full_state');
		// REST was never cut
		expect((await call(server, '/alive')).status).toBe(200);
	});

	it('setRefuseUpgrades answers handshakes like a proxy that does not pass websockets: 404 Not Found', async () => {
		const server = await startAgent({refuseUpgrades: true});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const refused = await connect(socketUrl(server.url, c.id)).refused;
		expect([refused.status, refused.body]).toEqual([404, '{"detail":"Not Found"}']);
		server.setRefuseUpgrades(false);
		expect((await connect(socketUrl(server.url, c.id)).next(() => true)).key).toBe('full_state');
	});

	it('setSilent accepts sockets but sends nothing, not even a pong', async () => {
		const server = await startAgent({stepMs: 10});
		const c = await byTitle(server, 'Fix flaky date parsing');
		server.setSilent(true);
		const client = connect(socketUrl(server.url, c.id));
		await client.opened;
		let ponged = false;
		client.ws.on('pong', () => (ponged = true));
		client.ws.ping();
		await call(server, `/api/conversations/${c.id}/run`, {method: 'POST'});
		await sleep(300);
		expect(client.frames).toEqual([]);
		expect(ponged).toBe(false);
		expect((await allEvents(server, c.id)).at(-1).kind).not.toBe('SystemPromptEvent');
	});

	it('stallRest holds REST answers until resumeRest (sockets are not held)', async () => {
		const server = await startAgent();
		server.stallRest();
		let answered = false;
		const pending = call(server, '/alive').then(got => ((answered = true), got));
		await sleep(100);
		expect(answered).toBe(false);
		expect(server.requests.at(-1)?.path).toBe('/alive');
		const c = server.conversationIds()[0]!;
		expect((await connect(socketUrl(server.url, c)).next(() => true)).key).toBe('full_state');
		server.resumeRest();
		expect((await pending).status).toBe(200);
		server.stallRest(50);
		expect((await call(server, '/alive')).status).toBe(200);
	});

	it('imitates agent server 1.1.0: short server_info, "OK" health, no /ready or settings, query-key sockets with resend_all and nulls', async () => {
		const server = await startAgent({version: '1.1.0', apiKey: 'k'});
		const info = await call(server, '/server_info');
		expect(Object.keys(info.json)).toEqual(['uptime', 'idle_time', 'title', 'version', 'docs', 'redoc']);
		expect(info.json.version).toBe('1.1.0');
		expect((await call(server, '/health')).text).toBe('"OK"');
		expect((await call(server, '/ready')).status).toBe(404);
		expect((await call(server, '/api/settings', {key: 'k'})).status).toBe(404);
		expect((await call(server, '/api/git/changes?path=/home/dev/src/hello-world', {key: 'k'})).status).toBe(404);
		expect((await call(server, `/api/git/changes/${encodeURIComponent('/home/dev/src/hello-world')}`, {key: 'k'})).json.length).toBeGreaterThan(0);
		const c = await byTitle(server, 'Fix flaky date parsing', 'k');
		expect(c).not.toHaveProperty('tags');
		expect((await call(server, `/api/conversations/${c.id}/interrupt`, {method: 'POST', key: 'k'})).status).toBe(404);
		const events = (await call(server, `/api/conversations/${c.id}/events/search`, {key: 'k'})).json.items;
		const action = events.find((e: {kind: string; action?: {kind: string}}) => e.kind === 'ActionEvent' && e.action?.kind === 'ExecuteBashAction');
		// search items with nulls before v1.32
		expect(action.reasoning_content).toBeNull();
		// the header key came in 1.12, first-frame auth in 1.19
		expect((await connect(socketUrl(server.url, c.id), {headers: {'X-Session-API-Key': 'k'}}).refused).status).toBe(403);
		const client = connect(socketUrl(server.url, c.id, 'session_api_key=k&resend_mode=all'));
		await client.next(() => true);
		await sleep(50);
		expect(client.frames).toHaveLength(1);
		const replay = connect(socketUrl(server.url, c.id, 'session_api_key=k&resend_all=true'));
		await replay.next(f => f.id === events.at(-1).id);
		expect(replay.frames.find(f => f.id === action.id).reasoning_content).toBeNull();
		replay.send('not json');
		await sleep(100);
		expect(replay.frames.some(f => f.kind === 'ServerErrorEvent')).toBe(false);
	});
});
