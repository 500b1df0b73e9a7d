/**
 * The events websocket of an agent server, for tests (shared/openhands-agent-server.md 2.3, 6),
 * attached to a fixture's agent listener with the `ws` library: `/sockets/events/<id>`, the key as
 * the given version reads it (1.43.1: query parameter first, then the `X-Session-API-Key` header; a
 * wrong one is a bare 403; before 1.12 only the query parameter), a `full_state` frame first, the
 * `resend_mode=since&after_timestamp=` replay (inclusive, since 1.15), then what `publish` sends.
 * Faults: refuse every upgrade with a status, drop every socket without a close frame, go silent
 * (no frames, no pongs: a half-dead connection), and sockets that never send an event: one stuck
 * in an unfinished fragment, one that only pings, one flooded with frames that are no event.
 */
import {randomUUID} from 'node:crypto';
import type {IncomingMessage, Server} from 'node:http';
import type {Duplex} from 'node:stream';
import {WebSocket, WebSocketServer} from 'ws';
import {type RawEvent, isoformat} from './eventData.js';

export type Upgrade = {path: string; query: URLSearchParams; headers: IncomingMessage['headers']};

export type SocketConversation = {events: RawEvent[]; key: string; status: string};

export type AgentSockets = {
	/** what `/server_info` says, and what decides the auth and replay rules */
	version: string;
	/** false: `/server_info` is not there (a proxy that passes only `/api` and `/sockets`) */
	serverInfo: boolean;
	/** answer every upgrade with this status (a proxy, an old server; 200: one that does not pass websockets); null: accept */
	refuse: number | null;
	/** answer every upgrade `101` with a wrong `Sec-WebSocket-Accept` (the client fails the handshake) */
	wrongAccept: boolean;
	/** withhold frames and pongs (a half-dead connection); what was withheld is lost, as on a dead link */
	silent: boolean;
	/**
	 * New sockets that never send an event (issue 27 item 9), each answering pings as usual:
	 * `fragment` sends the first part of a frame and never the rest; `pingFlood` sends nothing but
	 * pings, 1,000 a second (ten every 10 ms); `flood` sends frames that are no event, this many a second.
	 */
	stuck: 'fragment' | 'pingFlood' | {flood: number} | null;
	upgrades: Upgrade[];
	/** called at each upgrade request as it arrives (a test notes its own clock there) */
	onUpgrade: (() => void) | null;
	/** the close code and reason of each socket that ended, as this server saw them (1006: no close frame came) */
	closes: {code: number; reason: string}[];
	/** sockets open now, by conversation id */
	open(conversationId?: string): number;
	/** appends to the conversation and sends to its sockets, in this order */
	publish(conversationId: string, ...events: RawEvent[]): void;
	/** ends every socket without a close frame (a server restart, a network blip) */
	drop(): void;
	/** ends every socket with this close frame */
	closeAll(code: number, reason: string): void;
	close(): Promise<void>;
};

const SINCE: [number, number] = [1, 15];
const HEADER: [number, number] = [1, 12];

function atLeast(version: string, [major, minor]: [number, number]): boolean {
	const [a = 0, b = 0] = version.split('.').map(Number);
	return a > major || (a === major && b >= minor);
}

export function fullState(status: string): RawEvent {
	return {id: randomUUID(), timestamp: isoformat(Date.now()), source: 'environment', key: 'full_state', value: {execution_status: status}, kind: 'ConversationStateUpdateEvent'};
}

export function attachAgentSockets(server: Server, find: (conversationId: string) => SocketConversation | undefined): AgentSockets {
	const wss = new WebSocketServer({noServer: true, autoPong: false});
	const byConversation = new Map<WebSocket, string>();

	const refuse = (socket: Duplex, status: number) => {
		socket.end(`HTTP/1.1 ${status} \r\ncontent-length: 0\r\n\r\n`);
	};

	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		sockets.upgrades.push({path: url.pathname, query: url.searchParams, headers: req.headers});
		sockets.onUpgrade?.();
		const m = /^\/sockets\/events\/([0-9a-f-]{32,36})$/i.exec(url.pathname);
		if (sockets.refuse !== null) return refuse(socket, sockets.refuse);
		if (sockets.wrongAccept) return void hold(socket).write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=\r\n\r\n');
		if (!m) return refuse(socket, 403);
		const id = m[1]!.replaceAll('-', '');
		const conversation = find(id);
		const queryKey = url.searchParams.get('session_api_key');
		const headerKey = atLeast(sockets.version, HEADER) ? (req.headers['x-session-api-key'] as string | undefined) : undefined;
		const given = queryKey ?? headerKey;
		if (conversation && given !== conversation.key) return refuse(socket, 403);
		const after = atLeast(sockets.version, SINCE) && url.searchParams.get('resend_mode') === 'since' ? url.searchParams.get('after_timestamp') : null;
		wss.handleUpgrade(req, socket, head, ws => {
			if (!conversation) return ws.close(4004, 'Conversation not found');
			byConversation.set(ws, id);
			ws.on('close', (code, reason) => {
				byConversation.delete(ws);
				sockets.closes.push({code, reason: reason.toString()});
			});
			ws.on('error', () => ws.terminate());
			ws.on('ping', data => {
				if (!sockets.silent) ws.pong(data);
			});
			const stuck = sockets.stuck;
			if (stuck !== null) return stick(ws, stuck);
			send(ws, fullState(conversation.status));
			if (after !== null) for (const event of conversation.events) if (event.timestamp >= after) send(ws, event);
		});
	});

	/** raw connections left to the client after a handshake it fails: the server's close ends them */
	const held = new Set<Duplex>();
	const hold = (socket: Duplex) => {
		held.add(socket);
		socket.on('error', () => socket.destroy()).on('close', () => held.delete(socket));
		return socket;
	};
	const stuckSockets = new Set<WebSocket>();
	const send = (ws: WebSocket, event: RawEvent) => {
		if (!sockets.silent && !stuckSockets.has(ws) && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
	};
	/** A socket that answers pings and never sends an event. */
	const stick = (ws: WebSocket, how: NonNullable<AgentSockets['stuck']>) => {
		stuckSockets.add(ws);
		if (how === 'fragment') return ws.send('{"kind": "ConversationStateUpdateEvent", "id": "', {fin: false});
		const timer =
			how === 'pingFlood'
				? setInterval(() => {
						for (let i = 0; i < 10 && ws.readyState === WebSocket.OPEN; i++) ws.ping();
					}, 10)
				: setInterval(() => {
						for (let i = 0; i < how.flood / 100 && ws.readyState === WebSocket.OPEN; i++) ws.send('{"not": "an event"}');
					}, 10);
		ws.on('close', () => {
			clearInterval(timer);
			stuckSockets.delete(ws);
		});
	};

	const sockets: AgentSockets = {
		version: '1.43.1',
		serverInfo: true,
		refuse: null,
		wrongAccept: false,
		silent: false,
		stuck: null,
		upgrades: [],
		onUpgrade: null,
		closes: [],
		open: conversationId => [...byConversation.values()].filter(id => conversationId === undefined || id === conversationId.replaceAll('-', '')).length,
		publish(conversationId, ...events) {
			const id = conversationId.replaceAll('-', '');
			find(id)?.events.push(...events);
			for (const [ws, of] of byConversation) if (of === id) for (const event of events) send(ws, event);
		},
		drop() {
			for (const ws of byConversation.keys()) ws.terminate();
		},
		closeAll(code, reason) {
			for (const ws of byConversation.keys()) ws.close(code, reason);
		},
		async close() {
			for (const socket of held) socket.destroy();
			for (const ws of wss.clients) ws.terminate();
			await new Promise<void>(resolve => wss.close(() => resolve()));
		},
	};
	return sockets;
}
