import type {Dispatcher} from 'undici';
import type {z} from 'zod';
import {authHeaders, initialAuth} from './auth.js';
import type {AuthMode, ClientOptions, Query} from '../types.js';
import {createDispatcher, proxyError, type ProxyRoute} from './dispatcher.js';
import {type RawResponse, errorFromResponse} from './errorFromResponse.js';
import {type ErrorContext, makeError, seconds} from '../errorText.js';
import {KEEP_ALIVE, retryOnFreshConnection} from './keepAlive.js';
import {parseJsonBody, parseWith} from './parseBody.js';
import {requestLine} from './requestLog.js';
import {ResponseTooLarge, type Timeouts, toApiError} from './toApiError.js';
import {buildQuery} from './httpQuery.js';
import {createStreamer, type StreamResponse, type StreamSpec} from './httpStream.js';

export {buildQuery};
export type {StreamResponse, StreamSpec, Upload} from './httpStream.js';

export type {Query, QueryValue} from '../types.js';

export type RequestSpec = {
	method: 'GET' | 'POST' | 'DELETE';
	/** path under the base URL, starting with `/` (ids already encoded) */
	path: string;
	query?: Query;
	/** sent as JSON */
	body?: unknown;
	signal?: AbortSignal | undefined;
	/** this request only: the other scheme (the probe's one extra request, ./probe.ts) */
	auth?: AuthMode;
	/** this request only: no key at all (public routes such as an agent server's `/server_info`) */
	anonymous?: boolean;
	/** extra request headers (e.g. the agent server's `X-Expose-Secrets`); never logged */
	headers?: Record<string, string>;
	/**
	 * overall deadline for this request (connect + headers + whole body), in ms; default: the client's
	 * `requestDeadlineMs`. Pass `CallOptions.deadlineMs` through here: actions ask for a longer one.
	 */
	deadlineMs?: number | undefined;
	/** this request only: a larger cap on its answer (a page of bash outputs, 1 MiB each) */
	maxBytes?: number;
};

export type HttpResponse = RawResponse & {ctx: ErrorContext};

export interface Http {
	readonly baseUrl: string;
	/** Sends a request and reads the whole body (capped); any status. Rejects only with ApiError. */
	send(spec: RequestSpec): Promise<HttpResponse>;
	/** A request whose body is streamed (a download, an upload): ./httpStream.ts. Non-2xx → ApiError. */
	stream(spec: StreamSpec): Promise<StreamResponse>;
	/** `send`, then: non-2xx → ApiError; 2xx → JSON validated by `schema`. */
	json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>>;
	/** the scheme the key goes with (auth `auto` starts with `session`; the probe may switch it) */
	readonly auth: AuthMode;
	setAuth(mode: AuthMode): void;
	/** a key is configured */
	readonly hasKey: boolean;
	/** how requests reach the origin (direct, a proxy from the environment, or a proxy value that cannot be used) */
	readonly route: ProxyRoute | null;
	close(): Promise<void>;
}

export const DEFAULTS = {
	connectTimeoutMs: 5_000,
	headersTimeoutMs: 15_000,
	bodyTimeoutMs: 15_000,
	maxResponseBytes: 8 * 1024 * 1024,
	requestDeadlineMs: 30_000,
} as const;

/** Bytes of a body over the cap kept for its reader (an event's kind, id and time come first). */
const TOO_LARGE_HEAD = 64 * 1024;

async function readCapped(body: AsyncIterable<Buffer> & {destroy(): unknown}, limit: number, declared: number | null): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		size += chunk.length;
		// a body declared over the cap: its first chunk is all that is read
		if (size > limit || (declared !== null && declared > limit)) {
			body.destroy();
			throw new ResponseTooLarge(limit, Buffer.concat([...chunks, chunk]).subarray(0, TOO_LARGE_HEAD).toString('utf8'), declared);
		}
		chunks.push(chunk);
	}
	if (declared !== null && declared > limit) throw new ResponseTooLarge(limit, Buffer.concat(chunks).subarray(0, TOO_LARGE_HEAD).toString('utf8'), declared);
	return Buffer.concat(chunks).toString('utf8');
}

/**
 * An abort signal that fires when `outer` does or after `ms`. Written out rather than
 * `AbortSignal.any` (Node 20.3+) and `AbortSignal.timeout` (whose timer cannot be cleared): the
 * timer is cleared as soon as the request ends and never keeps the process alive.
 */
function linkedAbort(outer: AbortSignal | undefined, ms: number): {signal: AbortSignal; expired(): boolean; dispose(): void} {
	const controller = new AbortController();
	let expired = false;
	const onAbort = () => controller.abort(outer?.reason);
	if (outer?.aborted) controller.abort(outer.reason);
	else outer?.addEventListener('abort', onAbort, {once: true});
	const timer = setTimeout(() => {
		expired = true;
		controller.abort(new Error('request deadline'));
	}, ms);
	timer.unref?.();
	return {
		signal: controller.signal,
		expired: () => expired,
		dispose() {
			clearTimeout(timer);
			outer?.removeEventListener('abort', onAbort);
		},
	};
}

export function createHttp(options: ClientOptions): Http {
	const timeouts: Timeouts = {
		connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
		headersTimeoutMs: options.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
		bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs,
	};
	const maxBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
	const defaultDeadlineMs = options.requestDeadlineMs ?? DEFAULTS.requestDeadlineMs;
	const apiKey = options.apiKey ?? null;
	const baseUrl = options.baseUrl.replace(/\/+$/, '');

	let url: URL | undefined;
	try {
		url = new URL(baseUrl);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') url = undefined;
	} catch {
		url = undefined;
	}
	const host = url?.host ?? 'the server';
	// a base URL may carry a path prefix (a reverse proxy mounting OpenHands under /openhands)
	const prefix = url ? url.pathname.replace(/\/+$/, '') : '';
	const made = url
		? createDispatcher(url, options.env ?? process.env, {
				pool: {
					connect: {timeout: timeouts.connectTimeoutMs},
					headersTimeout: timeouts.headersTimeoutMs,
					bodyTimeout: timeouts.bodyTimeoutMs,
					// idle sockets go before the server closes them (./keepAlive.ts); few of them
					...KEEP_ALIVE,
					connections: 6,
				},
				ca: options.ca,
			})
		: undefined;
	const pool: Dispatcher | null = made?.dispatcher ?? null;
	const origin = url?.origin ?? '';
	let destroyed = false;
	let auth: AuthMode = initialAuth(options.auth);
	const log = options.log;
	// when the last answer came: a reset within the idle window may be a reused socket closing
	let lastAnswerAt = Number.NEGATIVE_INFINITY;

	async function send(spec: RequestSpec): Promise<HttpResponse> {
		const ctx: ErrorContext = {operation: `${spec.method} ${spec.path}`, host, apiKey};
		if (!pool) {
			const message = made?.route.kind === 'invalid' ? made.route.message : 'invalid server URL (expected http:// or https://)';
			throw makeError(ctx, {kind: 'unreachable', message});
		}
		const {signal} = spec;
		if (signal?.aborted) throw makeError(ctx, {kind: 'aborted', message: 'request cancelled'});
		const headers: Record<string, string> = {
			...spec.headers,
			accept: 'application/json',
			...(spec.anonymous ? {} : authHeaders(spec.auth ?? auth, apiKey)),
		};
		let body: string | undefined;
		if (spec.body !== undefined) {
			headers['content-type'] = 'application/json';
			body = JSON.stringify(spec.body);
		}
		let phase: 'connect' | 'body' = 'connect';
		const started = performance.now();
		let status: number | null = null;
		let bytes: number | null = null;
		let failed: string | null = null;
		const deadlineMs = Math.max(1, spec.deadlineMs ?? defaultDeadlineMs);
		// undici's body time-out restarts at every chunk, so a body trickling a byte a second never
		// ends (issue 9 item 4): one deadline for the whole request aborts it. A call given a longer
		// deadline (an action the server may block on, shared/openhands-api.md 4.2) also waits that
		// long for the headers.
		const deadline = linkedAbort(signal, deadlineMs);
		const headersTimeoutMs = spec.deadlineMs === undefined ? timeouts.headersTimeoutMs : Math.max(timeouts.headersTimeoutMs, deadlineMs);
		const perRequest: Timeouts = {...timeouts, headersTimeoutMs};
		const request = () =>
			pool.request({
				origin,
				method: spec.method,
				path: `${prefix}${spec.path}${buildQuery(spec.query)}`,
				headers,
				body,
				signal: deadline.signal,
				headersTimeout: perRequest.headersTimeoutMs,
			});
		try {
			let response;
			for (let attempt = 0; ; attempt++) {
				try {
					response = await request();
					break;
				} catch (error) {
					const sinceLastAnswerMs = performance.now() - lastAnswerAt;
					if (deadline.signal.aborted || !retryOnFreshConnection({method: spec.method, attempt, error, phase, sinceLastAnswerMs})) throw error;
				}
			}
			lastAnswerAt = performance.now();
			phase = 'body';
			status = response.statusCode;
			const length = Number(response.headers['content-length']);
			const text = await readCapped(response.body, spec.maxBytes ?? maxBytes, Number.isFinite(length) ? length : null);
			bytes = Buffer.byteLength(text);
			return {status: response.statusCode, headers: response.headers, text, ctx};
		} catch (error) {
			if (deadline.expired() && !signal?.aborted) {
				failed = 'timeout';
				throw makeError(ctx, {
					kind: 'timeout',
					message: phase === 'body'
						? `server did not finish answering within ${seconds(deadlineMs)}`
						: `server did not answer within ${seconds(deadlineMs)}`,
				});
			}
			const failure =
				(signal?.aborted ? null : proxyError(ctx, error, made?.route)) ??
				toApiError(ctx, error, {...(signal ? {signal} : {}), phase, timeouts: perRequest});
			failed = failure.kind;
			throw failure;
		} finally {
			deadline.dispose();
			// one line a request, written whatever happened: never a header, never a body
			log?.(requestLine({at: new Date(), method: spec.method, path: `${prefix}${spec.path}`, query: spec.query, status, failed, ms: performance.now() - started, bytes, apiKey}));
		}
	}

	async function json<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
		const raw = await send(spec);
		if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
		return parseWith(raw.ctx, schema, parseJsonBody(raw.ctx, raw), raw.status);
	}

	const stream = createStreamer({
		pool,
		origin,
		prefix,
		host,
		apiKey,
		auth: () => auth,
		timeouts,
		route: made?.route ?? null,
		invalid: made?.route.kind === 'invalid' ? made.route.message : null,
		log,
	});

	return {
		baseUrl,
		send,
		stream,
		json,
		get auth() {
			return auth;
		},
		setAuth(mode) {
			auth = mode;
		},
		hasKey: apiKey !== null && apiKey !== '',
		route: made?.route ?? null,
		async close() {
			// destroy, not close: close waits for requests still in flight, and quitting must not hang
			if (pool && !destroyed) {
				destroyed = true;
				await pool.destroy();
			}
		},
	};
}
