import {ApiError} from './errors.js';
import {type ErrorContext, makeError, seconds, serverText} from './errorText.js';

export type Timeouts = {connectTimeoutMs: number; headersTimeoutMs: number; bodyTimeoutMs: number};

/** Thrown by the body reader when a response passes maxResponseBytes. */
export class ResponseTooLarge extends Error {
	constructor(readonly limit: number) {
		super('response too large');
	}
}

type Phase = 'connect' | 'body';

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found (DNS)',
	ECONNRESET: 'connection reset',
	EPIPE: 'connection closed',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ENETDOWN: 'network down',
	EADDRNOTAVAIL: 'address not available',
	UND_ERR_SOCKET: 'connection closed',
	UND_ERR_CLOSED: 'client closed',
	UND_ERR_DESTROYED: 'client closed',
	ECONNABORTED: 'connection aborted',
};

function errorCode(error: unknown): string | undefined {
	if (typeof error !== 'object' || error === null) return undefined;
	const record = error as {code?: unknown; cause?: unknown; errors?: unknown};
	if (typeof record.code === 'string') return record.code;
	// happy-eyeballs connects fail with an AggregateError whose members carry the code
	if (Array.isArray(record.errors)) {
		for (const inner of record.errors) {
			const code = errorCode(inner);
			if (code) return code;
		}
	}
	if (record.cause) return errorCode(record.cause);
	return undefined;
}

function formatBytes(limit: number): string {
	const mb = limit / (1024 * 1024);
	if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
	return `${Math.max(1, Math.round(limit / 1024))} KB`;
}

/**
 * Maps anything thrown while sending a request or reading its body to an ApiError.
 * `phase` says whether the response had started (headers received), which changes the wording
 * for a closed socket: before, the server is unreachable; after, it hung up mid-response.
 */
export function toApiError(
	ctx: ErrorContext,
	error: unknown,
	options: {signal?: AbortSignal; phase: Phase; timeouts: Timeouts},
): ApiError {
	if (error instanceof ApiError) return error;
	if (options.signal?.aborted) return makeError(ctx, {kind: 'aborted', message: 'request cancelled'});
	if (error instanceof ResponseTooLarge) {
		return makeError(ctx, {kind: 'bad_response', message: `response too large (over ${formatBytes(error.limit)})`});
	}
	const code = errorCode(error);
	const {timeouts} = options;
	switch (code) {
		case 'UND_ERR_CONNECT_TIMEOUT':
		case 'ETIMEDOUT':
			return makeError(ctx, {
				kind: 'timeout',
				message: `cannot connect to ${ctx.host} within ${seconds(timeouts.connectTimeoutMs)}`,
			});
		case 'UND_ERR_HEADERS_TIMEOUT':
			return makeError(ctx, {
				kind: 'timeout',
				message: `server did not answer within ${seconds(timeouts.headersTimeoutMs)}`,
			});
		case 'UND_ERR_BODY_TIMEOUT':
			return makeError(ctx, {
				kind: 'timeout',
				message: `server stopped sending for ${seconds(timeouts.bodyTimeoutMs)}`,
			});
		case 'UND_ERR_ABORTED':
		case 'ABORT_ERR':
			return makeError(ctx, {kind: 'aborted', message: 'request cancelled'});
		default:
			break;
	}
	if (error instanceof Error && error.name === 'AbortError') {
		return makeError(ctx, {kind: 'aborted', message: 'request cancelled'});
	}
	if (!code) {
		const detail = error instanceof Error ? serverText(error.message, ctx, 80) : '';
		return makeError(ctx, {kind: 'unreachable', message: `request to ${ctx.host} failed${detail ? ` (${detail})` : ''}`});
	}
	const reason = NETWORK_REASONS[code] ?? `network error ${code}`;
	if (options.phase === 'body' && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')) {
		return makeError(ctx, {kind: 'unreachable', message: `connection to ${ctx.host} closed mid-response (${reason})`});
	}
	return makeError(ctx, {kind: 'unreachable', message: `cannot reach ${ctx.host} (${reason})`});
}
