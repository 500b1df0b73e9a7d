/**
 * An agent server's bash events websocket (`/sockets/bash-events`, agent-server doc 6.7; /work/
 * realserver FINDINGS §5): server-wide, one BashCommand / BashOutput per text frame. Opened without
 * a replay (`resend_mode=all` would send every command ever run there), before the command starts,
 * so its output cannot be missed; the caller keeps the outputs of its own command. Like the events
 * socket (./eventSocket.ts), the key goes in the upgrade's header, or in the query for a server
 * before 1.12 (the caller decides by its version), never into the request log; undici's WebSocket
 * over this client's dispatcher (proxy, CA). A 1 MiB output is one frame: the cap is larger.
 */
import type {Duplex} from 'node:stream';
import type {Dispatcher} from 'undici';
import {createDispatcher} from './dispatcher.js';
import {serverText} from '../errorText.js';
import {requestLine} from './requestLog.js';
import {type BashOutput, bashOutputSchema} from '../schemas/bash.js';
import type {SocketAuth, SocketClose} from './eventSocket.js';

export type BashSocketSpec = {
	/** `ws[s]://<host><prefix>/sockets/bash-events`, no query */
	url: string;
	key: string;
	auth: SocketAuth;
	env?: NodeJS.ProcessEnv | undefined;
	ca?: string | undefined;
	connectTimeoutMs?: number | undefined;
	log?: ((line: string) => void) | undefined;
};

export type BashSocketHandlers = {
	onOpen(): void;
	/** every command's outputs come here, in the order of the frames */
	onOutput(output: BashOutput): void;
	onClose(close: SocketClose): void;
};

export type BashSocket = {close(): void};

/** A JSON-escaped 1 MiB chunk can be several times that on the wire. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;

export async function openBashSocket(spec: BashSocketSpec, handlers: BashSocketHandlers): Promise<BashSocket> {
	const {WebSocket, recordHandshake} = await import('./webSocketParts.js');
	const url = new URL(spec.url);
	if (spec.auth === 'query' && spec.key) url.searchParams.set('session_api_key', spec.key);
	const http = new URL(url.href);
	http.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
	const made = createDispatcher(http, spec.env ?? process.env, {
		pool: {connect: {timeout: spec.connectTimeoutMs ?? 5000}, headersTimeout: 15_000, connections: 1, webSocket: {maxPayloadSize: MAX_FRAME_BYTES}},
		ca: spec.ca,
		tunnel: true,
	});
	const started = performance.now();
	let status: number | null = null;
	let opened = false;
	let ended = false;
	let bytes = 0;
	const logged = (failed: string | null) =>
		spec.log?.(requestLine({at: new Date(), method: 'WS', path: url.pathname, query: undefined, status, failed, ms: performance.now() - started, bytes, apiKey: spec.key || null}));
	const finish = (close: SocketClose) => {
		if (ended) return;
		ended = true;
		void (made.dispatcher as Dispatcher | null)?.destroy().catch(() => {});
		logged(`closed ${close.code}`);
		handlers.onClose(close);
	};
	if (!made.dispatcher) {
		queueMicrotask(() => finish({opened: false, status: null, code: 1006, reason: made.route.kind === 'invalid' ? made.route.message : 'no route'}));
		return {close() {}};
	}
	let raw: Duplex | null = null;
	const dispatcher = recordHandshake(made.dispatcher, (answered, upgraded) => {
		status = answered;
		raw = upgraded;
	});
	const headers: Record<string, string> = spec.auth === 'header' && spec.key ? {'x-session-api-key': spec.key} : {};
	const socket = new WebSocket(url.href, {dispatcher, headers});
	socket.addEventListener('open', () => {
		opened = true;
		logged(null);
		handlers.onOpen();
	});
	socket.addEventListener('message', message => {
		const data: unknown = message.data;
		if (typeof data !== 'string') return;
		bytes += data.length;
		let json: unknown;
		try {
			json = JSON.parse(data);
		} catch {
			return;
		}
		const parsed = bashOutputSchema.safeParse(json);
		if (parsed.success) handlers.onOutput(parsed.data);
	});
	socket.addEventListener('close', close => {
		finish({opened, status, code: close.code, reason: serverText(close.reason, {operation: 'bash socket', host: url.host, apiKey: spec.key || null}, 80)});
	});
	return {
		close() {
			if (socket.readyState === WebSocket.CLOSED) return;
			socket.close(1000);
			(raw as (Duplex & {destroySoon?: () => void}) | null)?.destroySoon?.();
		},
	};
}
