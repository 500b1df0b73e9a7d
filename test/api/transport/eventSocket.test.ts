import {afterEach, describe, expect, it, vi} from 'vitest';
import {createAgentServers} from '../../../source/api/agent/agentServer.js';
import type {AgentTarget, Generation} from '../../../source/api/client.js';
import type {ApiContext} from '../../../source/api/context.js';
import type {ConversationEvent} from '../../../source/api/schemas/index.js';
import type {SocketClose, SocketHandlers} from '../../../source/api/transport/eventSocket.js';
import {type LiveConnection, atLeast, createLiveEvents, parseVersion} from '../../../source/api/agent/liveEvents.js';
import {type ActivityServer, startActivityServer} from '../../support/activityServer.js';
import {startConnectProxy} from '../../support/connectProxy.js';
import {makeEvent} from '../../support/eventData.js';
import {appLiveSeams, contextFor} from '../../support/generationClient.js';
import {appServerInfo} from '../../support/serverInfo.js';
import {startTestServer} from '../testServer.js';

const CONV = 'feed0000feed0000feed0000feed0000';
const KEY = 'sess-live-5d2e';

type Seen = {events: ConversationEvent[]; unreadable: number; alive: number; opened: boolean; closed: SocketClose | null};

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function fixture(generation: Generation = 'current', version = '1.43.1'): Promise<{server: ActivityServer; ctx: ApiContext; target: AgentTarget}> {
	const server = await startActivityServer(generation);
	cleanup.push(() => server.close());
	server.sockets.version = version;
	server.sandboxes.set('sb1', {id: 'sb1', status: 'RUNNING', key: KEY});
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb1', title: 'live', execution: 'running', events: []});
	const ctx = contextFor({baseUrl: server.url}, generation);
	cleanup.push(() => (ctx as ApiContext & {close(): Promise<void>}).close());
	const target: AgentTarget = {id: CONV, sandbox_id: 'sb1', session_api_key: KEY, conversation_url: `${server.agentUrl}/api/conversations/${CONV}`};
	return {server, ctx, target};
}

function recorder(): {seen: Seen; handlers: SocketHandlers; until(test: (seen: Seen) => boolean): Promise<void>} {
	const seen: Seen = {events: [], unreadable: 0, alive: 0, opened: false, closed: null};
	const waiters = new Set<() => void>();
	const poke = () => {
		for (const wake of waiters) wake();
	};
	const handlers: SocketHandlers = {
		onOpen: () => ((seen.opened = true), poke()),
		onEvent: event => (seen.events.push(event), poke()),
		onUnreadable: () => (seen.unreadable++, poke()),
		onAlive: () => (seen.alive++, poke()),
		onClose: close => ((seen.closed = close), poke()),
	};
	const until = (test: (s: Seen) => boolean) =>
		new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`timed out; seen ${JSON.stringify({...seen, events: seen.events.map(e => e.kind)})}`)), 5000);
			const check = () => {
				if (!test(seen)) return;
				clearTimeout(timer);
				waiters.delete(check);
				resolve();
			};
			waiters.add(check);
			check();
		});
	return {seen, handlers, until};
}

async function openLive(ctx: ApiContext, target: AgentTarget, after: string | null, handlers: SocketHandlers, env?: NodeJS.ProcessEnv): Promise<LiveConnection> {
	const socket = await createLiveEvents(appLiveSeams(ctx), {baseUrl: ctx.http.baseUrl, env: env ?? {}}).open(target, after, handlers);
	cleanup.push(async () => socket.close());
	return socket;
}

describe('the events websocket', () => {
	it('current agent servers: the key in a header, never in the URL; full state first, then events in order', async () => {
		const {server, ctx, target} = await fixture();
		const r = recorder();
		const socket = await openLive(ctx, target, null, r.handlers);
		await r.until(s => s.events.length === 1);
		expect(socket.replays).toBe(true);
		const upgrade = server.sockets.upgrades[0]!;
		expect(upgrade.headers['x-session-api-key']).toBe(KEY);
		expect(upgrade.query.has('session_api_key')).toBe(false);
		expect(upgrade.query.has('resend_mode')).toBe(false);
		expect(r.seen.events[0]).toMatchObject({kind: 'ConversationStateUpdateEvent', raw: {key: 'full_state'}});
		// /server_info is public: asked without the key
		expect(server.seen.find(q => q.path === '/server_info')?.headers['x-session-api-key']).toBeUndefined();
		const sent = [0, 1, 2, 3].map(n => makeEvent(n, Date.UTC(2025, 10, 15, 9, 0, n)));
		server.sockets.publish(CONV, ...sent);
		await r.until(s => s.events.length === 5);
		expect(r.seen.events.slice(1).map(e => e.id)).toEqual(sent.map(e => e.id));
	});

	it('replays from the timestamp given (inclusive) where the server can', async () => {
		const {server, ctx, target} = await fixture();
		const old = [0, 1, 2].map(n => makeEvent(n, Date.UTC(2025, 10, 15, 9, 0, n)));
		server.conversations.get(CONV)!.events.push(...old);
		const r = recorder();
		await openLive(ctx, target, old[1]!.timestamp, r.handlers);
		await r.until(s => s.events.length === 3);
		expect(server.sockets.upgrades[0]!.query.get('resend_mode')).toBe('since');
		expect(server.sockets.upgrades[0]!.query.get('after_timestamp')).toBe(old[1]!.timestamp);
		expect(r.seen.events.slice(1).map(e => e.id)).toEqual([old[1]!.id, old[2]!.id]);
	});

	it('agent server 1.1.0 (legacy sandboxes) reads only the query key, and cannot replay from a time', async () => {
		const {server, ctx, target} = await fixture('legacy', '1.1.0');
		const r = recorder();
		const socket = await openLive(ctx, target, '2025-11-15T09:00:00', r.handlers);
		await r.until(s => s.opened && s.events.length === 1);
		expect(socket.replays).toBe(false);
		const upgrade = server.sockets.upgrades[0]!;
		expect(upgrade.query.get('session_api_key')).toBe(KEY);
		expect(upgrade.query.has('resend_mode')).toBe(false);
		expect(upgrade.headers['x-session-api-key']).toBeUndefined();
	});

	it('no version to read, and the header refused with a 403: the query key once, remembered for that server', async () => {
		const {server, ctx, target} = await fixture('legacy', '1.1.0');
		server.sockets.serverInfo = false;
		const live = createLiveEvents(appLiveSeams(ctx), {baseUrl: ctx.http.baseUrl, env: {}});
		const r = recorder();
		const socket = await live.open(target, null, r.handlers);
		cleanup.push(async () => socket.close());
		await r.until(s => s.opened && s.events.length === 1);
		expect(r.seen.closed).toBeNull();
		expect(server.sockets.upgrades.map(u => (u.query.has('session_api_key') ? 'query' : 'header'))).toEqual(['header', 'query']);
		const again = recorder();
		const second = await live.open(target, null, again.handlers);
		cleanup.push(async () => second.close());
		await again.until(s => s.opened);
		expect(server.sockets.upgrades.map(u => (u.query.has('session_api_key') ? 'query' : 'header'))).toEqual(['header', 'query', 'query']);
	});

	it('a refused upgrade says its status; a server that is down says none', async () => {
		const {server, ctx, target} = await fixture();
		server.sockets.refuse = 403;
		const r = recorder();
		await openLive(ctx, target, null, r.handlers);
		await r.until(s => s.closed !== null);
		expect(r.seen.closed).toMatchObject({opened: false, status: 403});
		await server.closeAgent();
		const down = recorder();
		await openLive(ctx, target, null, down.handlers);
		await down.until(s => s.closed !== null);
		expect(down.seen.closed).toMatchObject({opened: false, status: null});
	});

	it('a close frame from the server (4004 unknown conversation) keeps its code', async () => {
		const {ctx, target} = await fixture();
		const r = recorder();
		await openLive(ctx, target, null, r.handlers);
		await r.until(s => s.events.length === 1);
		const gone = recorder();
		await openLive(ctx, {...target, id: 'deadbeefdeadbeefdeadbeefdeadbeef', conversation_url: target.conversation_url!.replace(CONV, 'deadbeefdeadbeefdeadbeefdeadbeef')}, null, gone.handlers);
		await gone.until(s => s.closed !== null);
		expect(gone.seen.closed).toMatchObject({opened: true, code: 4004, reason: 'Conversation not found'});
	});

	it("a close reason is the server's words made safe: one line, never the key", async () => {
		const {server, ctx, target} = await fixture();
		const r = recorder();
		await openLive(ctx, target, null, r.handlers);
		await r.until(s => s.events.length === 1);
		server.sockets.closeAll(4001, `bad key ${KEY}\u001b[2J`);
		await r.until(s => s.closed !== null);
		expect(r.seen.closed).toMatchObject({opened: true, code: 4001, reason: 'bad key *** [2J'});
	});

	it('ohtui ends its own socket with a close frame (1000) and logs the code it sent, not 1006 (issue 27 item 18)', async () => {
		const {server, ctx, target} = await fixture();
		const r = recorder();
		const log: string[] = [];
		const socket = await createLiveEvents(appLiveSeams(ctx), {baseUrl: ctx.http.baseUrl, env: {}, log: line => log.push(line)}).open(target, null, r.handlers);
		await r.until(s => s.events.length === 1);
		socket.close();
		await r.until(s => s.closed !== null);
		await vi.waitFor(() => expect(server.sockets.closes).toHaveLength(1), {timeout: 5000, interval: 5});
		expect(server.sockets.closes[0]).toEqual({code: 1000, reason: ''});
		expect(r.seen.closed).toMatchObject({opened: true, code: 1000});
		expect(log.at(-1)).toMatch(/ WS \/sockets\/events\/\S+ 101 \d+ms \d+B closed 1000 by ohtui$/);
	});

	it('answers to a ping count as alive; frames that are no event are counted, not fatal', async () => {
		const {server, ctx, target} = await fixture();
		const r = recorder();
		const socket = await openLive(ctx, target, null, r.handlers);
		await r.until(s => s.events.length === 1);
		const before = r.seen.alive;
		socket.ping();
		await r.until(s => s.alive > before);
		server.sockets.publish(CONV, {kind: 'Weird', id: 'x', timestamp: 'not a time', source: 'agent'});
		server.sockets.publish(CONV, makeEvent(7, Date.UTC(2025, 10, 15, 9, 0, 7)));
		await r.until(s => s.events.length === 2);
		expect(r.seen.unreadable).toBe(1);
		expect(r.seen.closed).toBeNull();
	});

	it('through a proxy from the environment: a CONNECT tunnel, never a forwarded upgrade', async () => {
		const {ctx, target} = await fixture();
		const proxy = await startConnectProxy();
		cleanup.push(() => proxy.close());
		const r = recorder();
		await openLive(ctx, target, null, r.handlers, {HTTP_PROXY: proxy.url});
		await r.until(s => s.events.length === 1);
		expect(proxy.seen.map(s => s.kind)).toEqual(['connect']);
	});

	it('a far server advertising a local agent address: refused before any connection, no key anywhere', async () => {
		const listener = await startTestServer();
		cleanup.push(() => listener.close());
		const agents = createAgentServers({baseUrl: 'https://openhands.example.com'});
		cleanup.push(() => agents.close());
		const {ctx} = await fixture();
		const remote: ApiContext = {http: ctx.http, agents, server: async () => appServerInfo('current', null, 'session')};
		const target: AgentTarget = {id: CONV, sandbox_id: 'sb1', session_api_key: KEY, conversation_url: `http://localhost:${listener.port}/api/conversations/${CONV}`};
		const error = await createLiveEvents(appLiveSeams(remote), {baseUrl: 'https://openhands.example.com'})
			.open(target, null, recorder().handlers)
			.catch((e: unknown) => e as Error);
		expect(error).toMatchObject({kind: 'unreachable'});
		expect((error as Error).message).not.toContain(KEY);
		expect(listener.seen).toHaveLength(0);
	});

	it('reads versions', () => {
		expect(parseVersion('1.43.1')).toEqual([1, 43, 1]);
		expect(parseVersion('1.44.0rc1')).toEqual([1, 44, 0]);
		expect(parseVersion('unknown')).toBeNull();
		expect(atLeast([1, 12, 0], [1, 12, 0])).toBe(true);
		expect(atLeast([1, 11, 9], [1, 12, 0])).toBe(false);
		expect(atLeast([2, 0, 0], [1, 15, 0])).toBe(true);
	});
});
