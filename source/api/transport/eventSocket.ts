/**
 * One conversation's events websocket on an agent server (shared/openhands-agent-server.md 6):
 * `ws[s]://<host><prefix>/sockets/events/<id>`, one event per text frame. This module opens it and
 * reports what happens; when to open, resume and give up is the store's (store/liveSockets.ts).
 * No timers here: time-outs are the dispatcher's (connect, the answer to the upgrade).
 *
 * The key goes in the `X-Session-API-Key` header of the upgrade (agent servers since 1.12), never in
 * the URL: URLs end up in proxy logs. Servers before 1.12 (1.1.0 runs in legacy app servers'
 * sandboxes) read only the query parameter; the caller decides by the server's version
 * (./liveEvents.ts) and only then is it `query`.
 */
import dc from 'node:diagnostics_channel';
import type {Duplex} from 'node:stream';
import type {Dispatcher} from 'undici';
import {createDispatcher} from './dispatcher.js';
import {serverText} from '../errorText.js';
import {eventTime} from '../paging/eventPage.js';
import {requestLine} from './requestLog.js';
import {type ConversationEvent, conversationEventSchema} from '../schemas/index.js';

export type SocketAuth = 'header' | 'query';

export type SocketSpec = {
	/** `ws[s]://<host><prefix>/sockets/events/<id>`, no query */
	url: string;
	/** '' when the server takes any request (no SESSION_API_KEY) */
	key: string;
	auth: SocketAuth;
	/** `resend_mode=since&after_timestamp=` (since 1.15): replay from this server timestamp, inclusive */
	after: string | null;
	env?: NodeJS.ProcessEnv | undefined;
	ca?: string | undefined;
	connectTimeoutMs?: number | undefined;
	log?: ((line: string) => void) | undefined;
};

export type SocketClose = {
	/** the handshake succeeded (101) */
	opened: boolean;
	/** the HTTP status the upgrade was answered with; null when none came (refused, reset, DNS) */
	status: number | null;
	/** the close code (1006: the connection went without a close frame) */
	code: number;
	reason: string;
};

export type SocketHandlers = {
	onOpen(): void;
	/** one readable event per call, in the order the frames came */
	onEvent(event: ConversationEvent): void;
	/** a frame that is not an event this client can read (counted, never fatal) */
	onUnreadable(): void;
	/** any sign of life: a frame or the pong to our ping */
	onAlive(): void;
	/** the server pinged (undici answers it): counted by the caller, a flood of them is work too */
	onPing?(): void;
	onClose(close: SocketClose): void;
};

export type EventSocket = {
	/** a ping control frame (never a JSON "ping": it would be read as a message, 6.6) */
	ping(): void;
	close(): void;
};

/** Frames larger than this end the socket (the REST client caps bodies the same way). */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** `ws://host/prefix/sockets/events/<id>?…`; the key is added only for `query` auth. */
export function socketUrl(spec: Pick<SocketSpec, 'url' | 'after' | 'auth' | 'key'>): URL {
	const url = new URL(spec.url);
	if (spec.after !== null) {
		url.searchParams.set('resend_mode', 'since');
		url.searchParams.set('after_timestamp', spec.after);
	}
	if (spec.auth === 'query' && spec.key) url.searchParams.set('session_api_key', spec.key);
	return url;
}

type Parts = typeof import('./webSocketParts.js');
let parts: Promise<Parts> | null = null;
const alive = new WeakMap<object, () => void>();
const pinged = new WeakMap<object, () => void>();

function loadParts(): Promise<Parts> {
	parts ??= import('./webSocketParts.js').then(loaded => {
		// undici reports pongs only on this channel; it is process-wide, so each socket is found by identity
		dc.subscribe('undici:websocket:pong', message => alive.get((message as {websocket: object}).websocket)?.());
		dc.subscribe('undici:websocket:ping', message => pinged.get((message as {websocket: object}).websocket)?.());
		return loaded;
	});
	return parts;
}

export async function openEventSocket(spec: SocketSpec, handlers: SocketHandlers): Promise<EventSocket> {
	const {WebSocket, ping, recordHandshake} = await loadParts();
	const url = socketUrl(spec);
	const http = new URL(url.href);
	http.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
	const made = createDispatcher(http, spec.env ?? process.env, {
		pool: {connect: {timeout: spec.connectTimeoutMs ?? 5000}, headersTimeout: 15_000, connections: 1, webSocket: {maxPayloadSize: MAX_FRAME_BYTES}},
		ca: spec.ca,
		tunnel: true,
	});
	const started = performance.now();
	let status: number | null = null;
	let bytes = 0;
	let opened = false;
	let ended = false;
	/** the close code ohtui sent, when it ended the socket itself */
	let sent: number | null = null;
	const logged = (failed: string | null) =>
		spec.log?.(
			requestLine({
				at: new Date(),
				method: 'WS',
				path: url.pathname,
				query: {resend_mode: url.searchParams.get('resend_mode'), after_timestamp: url.searchParams.get('after_timestamp')},
				status,
				failed,
				ms: performance.now() - started,
				bytes,
				apiKey: spec.key || null,
			}),
		);
	const finish = (close: SocketClose) => {
		if (ended) return;
		ended = true;
		void (made.dispatcher as Dispatcher | null)?.destroy().catch(() => {});
		logged(sent === null ? `closed ${close.code}` : `closed ${sent} by ohtui`);
		handlers.onClose(close);
	};
	if (!made.dispatcher) {
		// a proxy variable that cannot be used: the same one-line reason the REST calls give
		queueMicrotask(() => finish({opened: false, status: null, code: 1006, reason: made.route.kind === 'invalid' ? made.route.message : 'no route'}));
		return {ping() {}, close() {}};
	}
	let raw: Duplex | null = null;
	const dispatcher = recordHandshake(made.dispatcher, (answered, upgraded) => {
		status = answered;
		raw = upgraded;
	});
	const headers: Record<string, string> = spec.auth === 'header' && spec.key ? {'x-session-api-key': spec.key} : {};
	const socket = new WebSocket(url.href, {dispatcher, headers});
	alive.set(socket, () => handlers.onAlive());
	pinged.set(socket, () => handlers.onPing?.());
	socket.addEventListener('open', () => {
		opened = true;
		logged(null);
		handlers.onOpen();
	});
	socket.addEventListener('message', message => {
		handlers.onAlive();
		const data: unknown = message.data;
		if (typeof data !== 'string') return handlers.onUnreadable();
		bytes += Buffer.byteLength(data);
		const event = readFrame(data);
		if (event) handlers.onEvent(event);
		else handlers.onUnreadable();
	});
	socket.addEventListener('close', close => {
		alive.delete(socket);
		pinged.delete(socket);
		// Ours: the close frame went (1000) and the connection ended once it was flushed, without
		// waiting for the server's answer, so undici reports 1006 (no close frame received): what
		// happened is what was sent (issue 27 item 18). Else the server's words: one safe line, never the key.
		if (sent !== null) return finish({opened, status, code: sent, reason: ''});
		finish({opened, status, code: close.code, reason: serverText(close.reason, {operation: 'events socket', host: url.host, apiKey: spec.key || null}, 80)});
	});
	return {
		ping() {
			if (socket.readyState === WebSocket.OPEN) ping(socket, Buffer.from('ohtui'));
		},
		close() {
			if (socket.readyState === WebSocket.CLOSED) return;
			// before the handshake is answered there is no frame to send: undici aborts the upgrade
			if (socket.readyState === WebSocket.OPEN) sent = 1000;
			socket.close(1000);
			// The close frame is written; a peer that never answers it (a half-dead connection) must
			// not keep the socket open: the TCP connection ends once the frame is flushed.
			(raw as (Duplex & {destroySoon?: () => void}) | null)?.destroySoon?.();
		},
	};
}

/** One frame → an event, or null (not JSON, not an event, a timestamp that cannot be read). */
export function readFrame(text: string): ConversationEvent | null {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return null;
	}
	const parsed = conversationEventSchema.safeParse(json);
	if (!parsed.success || Number.isNaN(eventTime(parsed.data))) return null;
	return parsed.data;
}
