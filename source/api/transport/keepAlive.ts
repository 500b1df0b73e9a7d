/**
 * Idle connections and the servers that close them (issue 21 item 5).
 *
 * uvicorn (OpenHands' server) closes a keep-alive connection after 5 s idle (`timeout_keep_alive`),
 * Node's http server after 5 s, gunicorn after 2 s. A client that keeps the socket longer writes its
 * next request onto a connection the server is closing at that very moment, and the request fails
 * with "other side closed" or a reset although the server is fine: ohtui said "offline" for it.
 *
 * - Idle sockets are closed after 4 s (below uvicorn's and Node's 5 s); a server that says how long
 *   it keeps them (`Keep-Alive: timeout=N`) is believed, less one second for the trip (undici reads
 *   the header: `keepAliveTimeoutThreshold`), up to a minute.
 * - A request that is safe to send twice (GET) is sent once more, on a new connection, when a
 *   connection that may have been reused closed before any answer came. undici does not do it
 *   itself (nodejs/undici#3492, the proposed fix nodejs/undici#5403 was closed unmerged).
 */
import {isApiError} from '../errors.js';

export const KEEP_ALIVE = {
	keepAliveTimeout: 4_000,
	keepAliveTimeoutThreshold: 1_000,
	keepAliveMaxTimeout: 60_000,
} as const;

const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function codeOf(error: unknown): string | undefined {
	const record = error as {code?: unknown; cause?: {code?: unknown}} | null;
	if (typeof record?.code === 'string') return record.code;
	return typeof record?.cause?.code === 'string' ? record.cause.code : undefined;
}

/** The bytes the socket had read when it failed (undici's SocketError says; a raw reset does not). */
function bytesRead(error: unknown): number | null {
	const socket = (error as {socket?: {bytesRead?: unknown}} | null)?.socket;
	return typeof socket?.bytesRead === 'number' ? socket.bytesRead : null;
}

/**
 * The connection closed (or was reset) before the response began. Nothing says the server did not
 * get the request: for a request that is not safe to repeat, the outcome is unknown.
 */
export function closedBeforeAnswer(error: unknown, phase: 'connect' | 'body'): boolean {
	if (phase !== 'connect' || isApiError(error)) return false;
	const code = codeOf(error);
	return code !== undefined && CLOSED.has(code);
}

/**
 * Whether to send a request again after it failed: a GET only, once, when the connection closed
 * before any answer and it may have been a reused one: the socket had read an earlier answer, or
 * (a reset carries no socket) an answer came from this origin within the idle window.
 */
export function retryOnFreshConnection(options: {method: string; attempt: number; error: unknown; phase: 'connect' | 'body'; sinceLastAnswerMs: number}): boolean {
	if (options.method !== 'GET' || options.attempt > 0 || !closedBeforeAnswer(options.error, options.phase)) return false;
	const read = bytesRead(options.error);
	if (read !== null) return read > 0;
	return options.sinceLastAnswerMs <= KEEP_ALIVE.keepAliveMaxTimeout;
}
