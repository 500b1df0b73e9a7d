import {connect as rawConnect} from 'node:net';
import {describe, expect, it} from 'vitest';
import {byTitle, call, startAgent, UNKNOWN} from './helpers.js';
import {connect, socketUrl} from './socketClient.js';

const KEY = 'session-key-1';

/** The bytes a handshake gets back, read off a plain TCP socket. */
function rawHandshake(port: number, path: string, headers: Record<string, string> = {}): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = rawConnect(port, '127.0.0.1', () => {
			const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
			socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
		});
		let text = '';
		socket.on('data', chunk => (text += chunk));
		socket.on('end', () => resolve(text));
		socket.on('close', () => resolve(text));
		socket.on('error', reject);
	});
}

describe('agent server stand-in: events websocket handshake and auth (§2.3, §6.1-6.2; §10 items 24-25)', () => {
	it('accepts a good query key, header key, or first auth frame; each connect starts with a full_state frame', async () => {
		const server = await startAgent({apiKey: KEY});
		const c = await byTitle(server, 'Fix flaky date parsing', KEY);
		const byQuery = connect(socketUrl(server.url, c.id, `session_api_key=${KEY}`));
		const first = await byQuery.next(() => true);
		expect(first).toMatchObject({source: 'environment', key: 'full_state', kind: 'ConversationStateUpdateEvent'});
		expect(Object.keys(first)).toEqual(['id', 'timestamp', 'source', 'key', 'value', 'kind']);
		expect(first.value.id).toBe(c.id);
		expect(first.value.execution_status).toBe('finished');
		for (const key of ['title', 'metrics', 'created_at', 'security_analyzer']) expect(first.value).not.toHaveProperty(key);
		expect(Object.keys(first.value).slice(0, 7)).toEqual(['id', 'agent', 'workspace', 'persistence_dir', 'max_iterations', 'stuck_detection', 'execution_status']);
		const byHeader = connect(socketUrl(server.url, c.id), {headers: {'X-Session-API-Key': KEY}});
		expect((await byHeader.next(() => true)).key).toBe('full_state');
		const byFrame = connect(socketUrl(server.url, c.id.replaceAll('-', '')));
		await byFrame.opened;
		expect(byFrame.frames).toEqual([]);
		byFrame.send({type: 'auth', session_api_key: KEY});
		expect((await byFrame.next(() => true)).key).toBe('full_state');
		expect(server.socketCount(c.id)).toBe(3);
		for (const client of [byQuery, byHeader, byFrame]) client.ws.close(1000);
		expect((await byQuery.closed).code).toBe(1000);
	});

	it('refuses a wrong query or header key before accepting: exactly "HTTP/1.1 403 " with content-length 0; the query key wins', async () => {
		const server = await startAgent({apiKey: KEY});
		const c = await byTitle(server, 'Fix flaky date parsing', KEY);
		const bare = 'HTTP/1.1 403 \r\ncontent-length: 0\r\n\r\n';
		expect(await rawHandshake(server.port, `/sockets/events/${c.id}?session_api_key=wrong`)).toBe(bare);
		expect(await rawHandshake(server.port, `/sockets/events/${c.id}`, {'X-Session-API-Key': 'wrong'})).toBe(bare);
		expect(await rawHandshake(server.port, `/sockets/events/${c.id}?session_api_key=wrong`, {'X-Session-API-Key': KEY})).toBe(bare);
		// the key is checked before the conversation
		expect(await rawHandshake(server.port, `/sockets/events/${UNKNOWN}?session_api_key=wrong`)).toBe(bare);
		const queryWins = connect(socketUrl(server.url, c.id, `session_api_key=${KEY}`), {headers: {'X-Session-API-Key': 'wrong'}});
		expect((await queryWins.next(() => true)).key).toBe('full_state');
		queryWins.ws.close();
	});

	it('closes 4001 at once for a bad first frame (wrong key, not auth, not JSON) and after the wait for none', async () => {
		const server = await startAgent({apiKey: KEY, authTimeoutMs: 300});
		const c = await byTitle(server, 'Fix flaky date parsing', KEY);
		for (const frame of [{type: 'auth', session_api_key: 'wrong'}, {role: 'user', content: [{type: 'text', text: 'hi'}]}, 'not json']) {
			const client = connect(socketUrl(server.url, c.id));
			await client.opened;
			client.send(frame);
			expect(await client.closed).toEqual({code: 4001, reason: 'Authentication failed'});
			expect(client.frames).toEqual([]);
		}
		const silent = connect(socketUrl(server.url, c.id));
		await silent.opened;
		expect(await silent.closed).toEqual({code: 4001, reason: 'Authentication failed'});
	});

	it('accepts then closes 4004 for an unknown conversation; refuses malformed ids, bad replay parameters and other paths with the bare 403', async () => {
		const server = await startAgent();
		const unknown = connect(socketUrl(server.url, UNKNOWN));
		await unknown.opened;
		expect(await unknown.closed).toEqual({code: 4004, reason: 'Conversation not found'});
		const c = (await call(server, '/api/conversations/search?limit=1')).json.items[0];
		for (const path of [
			'/sockets/events/not-a-uuid',
			`/sockets/events/${c.id}?resend_mode=everything`,
			`/sockets/events/${c.id}?resend_mode=since&after_timestamp=yesterday`,
			'/sockets/nothing',
			`/api/sockets/events/${c.id}`,
		]) {
			expect([path, await rawHandshake(server.port, path)]).toEqual([path, 'HTTP/1.1 403 \r\ncontent-length: 0\r\n\r\n']);
		}
		// a plain GET on a socket path is FastAPI's 404
		expect((await call(server, `/sockets/events/${c.id}`)).status).toBe(404);
	});

	it('caps subscribers per conversation, the server’s own included: the one past the cap gets 101 then 1013', async () => {
		const server = await startAgent({maxSubscribers: 4});
		const c = await byTitle(server, 'Fix flaky date parsing');
		// titled: the server's own subscriber takes one place, three for clients
		const clients = [0, 1, 2].map(() => connect(socketUrl(server.url, c.id)));
		await Promise.all(clients.map(client => client.next(() => true)));
		const extra = connect(socketUrl(server.url, c.id));
		await extra.opened;
		expect(await extra.closed).toEqual({code: 1013, reason: 'Too many connections for this conversation'});
		clients[0]!.ws.close();
		await clients[0]!.closed;
		const again = connect(socketUrl(server.url, c.id));
		expect((await again.next(() => true)).key).toBe('full_state');
		// an untitled conversation has the auto-title subscriber too: one place fewer
		const created = await call(server, '/api/conversations', {method: 'POST', body: {agent_settings: {llm: {model: 'm'}}, workspace: {working_dir: '/w'}}});
		const two = [0, 1].map(() => connect(socketUrl(server.url, created.json.id)));
		await Promise.all(two.map(client => client.next(() => true)));
		const third = connect(socketUrl(server.url, created.json.id));
		expect((await third.closed).code).toBe(1013);
	});
});
