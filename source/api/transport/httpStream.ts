/**
 * Requests whose bodies are streamed, either way (issue 28): a file downloaded or a patch read
 * chunk by chunk into a sink, a file uploaded from a stream. The JSON requests of ./http.ts read
 * a capped whole body under one deadline; these have no size cap and no whole-request deadline (a
 * 1 GB download takes what it takes): the answer's headers must come within the headers time-out,
 * and then each chunk within `idleMs` of the last. Same pool, same auth headers, same request
 * log line (written when the body ends), same ApiError.
 */
import type {IncomingHttpHeaders} from 'node:http';
import {Readable} from 'node:stream';
import type {Dispatcher} from 'undici';
import {authHeaders} from './auth.js';
import {proxyError, type ProxyRoute} from './dispatcher.js';
import {errorFromResponse, type RawResponse} from './errorFromResponse.js';
import type {ApiError} from '../errors.js';
import {type ErrorContext, makeError} from '../errorText.js';
import {buildQuery} from './httpQuery.js';
import {retryOnFreshConnection} from './keepAlive.js';
import {requestLine} from './requestLog.js';
import {type Timeouts, toApiError} from './toApiError.js';
import type {AuthMode, Query} from '../types.js';

export type Upload = {
	contentType: string;
	/** bytes in all, when known (a file); null: sent chunked (standard input) */
	length: number | null;
	body: AsyncIterable<Buffer>;
};

export type StreamSpec = {
	method: 'GET' | 'POST';
	/** path under the base URL, starting with `/` */
	path: string;
	query?: Query;
	upload?: Upload;
	signal?: AbortSignal | undefined;
	/** ms allowed between two chunks of the answer (default: the client's body time-out) */
	idleMs?: number;
	accept?: string;
	/** the ApiError for a non-2xx answer (default: the generic one) */
	refused?: (ctx: ErrorContext, raw: RawResponse) => ApiError;
};

export type StreamResponse = {
	status: number;
	headers: IncomingHttpHeaders;
	ctx: ErrorContext;
	/** the answer's bytes as they come; a failure midway rejects with ApiError */
	body: AsyncIterable<Buffer>;
	/** stops reading (the connection is closed) */
	cancel(): void;
};

/** What ./http.ts shares with this module. */
export type StreamParts = {
	pool: Dispatcher | null;
	origin: string;
	prefix: string;
	host: string;
	apiKey: string | null;
	auth(): AuthMode;
	timeouts: Timeouts;
	route: ProxyRoute | null;
	invalid: string | null;
	log?: ((line: string) => void) | undefined;
};

/** A non-2xx answer's body is read (capped) into the usual ApiError. */
const ERROR_BODY_BYTES = 64 * 1024;

export function createStreamer(parts: StreamParts): (spec: StreamSpec) => Promise<StreamResponse> {
	let lastAnswerAt = Number.NEGATIVE_INFINITY;

	return async function stream(spec) {
		const ctx: ErrorContext = {operation: `${spec.method} ${spec.path}`, host: parts.host, apiKey: parts.apiKey};
		const {pool} = parts;
		if (!pool) throw makeError(ctx, {kind: 'unreachable', message: parts.invalid ?? 'invalid server URL (expected http:// or https://)'});
		const {signal} = spec;
		if (signal?.aborted) throw makeError(ctx, {kind: 'aborted', message: 'request cancelled'});
		const headers: Record<string, string> = {accept: spec.accept ?? '*/*', ...authHeaders(parts.auth(), parts.apiKey)};
		if (spec.upload) {
			headers['content-type'] = spec.upload.contentType;
			if (spec.upload.length !== null) headers['content-length'] = String(spec.upload.length);
		}
		const started = performance.now();
		const idleMs = spec.idleMs ?? parts.timeouts.bodyTimeoutMs;
		const timeouts: Timeouts = {...parts.timeouts, bodyTimeoutMs: idleMs};
		const controller = new AbortController();
		const onAbort = () => controller.abort(signal?.reason);
		signal?.addEventListener('abort', onAbort, {once: true});
		let status: number | null = null;
		let bytes = 0;
		let logged = false;
		const log = (failed: string | null, read: boolean) => {
			if (logged) return;
			logged = true;
			signal?.removeEventListener('abort', onAbort);
			parts.log?.(requestLine({at: new Date(), method: spec.method, path: `${parts.prefix}${spec.path}`, query: spec.query, status, failed, ms: performance.now() - started, bytes: read ? bytes : null, apiKey: parts.apiKey}));
		};
		const fail = (error: unknown, phase: 'connect' | 'body') => {
			const failure = (signal?.aborted ? null : proxyError(ctx, error, parts.route)) ?? toApiError(ctx, error, {...(signal ? {signal} : {}), phase, timeouts});
			log(failure.kind, false);
			return failure;
		};
		let response: Dispatcher.ResponseData;
		for (let attempt = 0; ; attempt++) {
			try {
				response = await pool.request({
					origin: parts.origin,
					method: spec.method,
					path: `${parts.prefix}${spec.path}${buildQuery(spec.query)}`,
					headers,
					body: spec.upload ? Readable.from(spec.upload.body) : undefined,
					signal: controller.signal,
					headersTimeout: timeouts.headersTimeoutMs,
					bodyTimeout: idleMs,
				});
				break;
			} catch (error) {
				// an upload's body cannot be sent twice
				const again = !spec.upload && retryOnFreshConnection({method: spec.method, attempt, error, phase: 'connect', sinceLastAnswerMs: performance.now() - lastAnswerAt});
				if (controller.signal.aborted || !again) throw fail(error, 'connect');
			}
		}
		lastAnswerAt = performance.now();
		status = response.statusCode;
		const raw = response.body;
		if (status < 200 || status >= 300) {
			const chunks: Buffer[] = [];
			let size = 0;
			try {
				for await (const chunk of raw as AsyncIterable<Buffer>) {
					size += chunk.length;
					if (size <= ERROR_BODY_BYTES) chunks.push(chunk);
				}
			} catch (error) {
				throw fail(error, 'body');
			}
			bytes = size;
			log(null, true);
			const answer: RawResponse = {status, headers: response.headers, text: Buffer.concat(chunks).toString('utf8')};
			throw (spec.refused ?? errorFromResponse)(ctx, answer);
		}
		async function* body(): AsyncGenerator<Buffer> {
			try {
				for await (const chunk of raw as AsyncIterable<Buffer>) {
					bytes += chunk.length;
					yield chunk;
				}
				log(null, true);
			} catch (error) {
				throw fail(error, 'body');
			} finally {
				// a reader that stopped early (a filter that found what it wanted, a closed pipe)
				if (!logged) {
					raw.destroy();
					log('cancelled', false);
				}
			}
		}
		return {
			status,
			headers: response.headers,
			ctx,
			body: body(),
			cancel() {
				raw.destroy();
				controller.abort();
				log('cancelled', false);
			},
		};
	};
}
