import {ApiError} from '../errors.js';
import {closedBeforeAnswer} from './keepAlive.js';
import {type ErrorContext, makeError, seconds, serverText} from '../errorText.js';

export type Timeouts = {connectTimeoutMs: number; headersTimeoutMs: number; bodyTimeoutMs: number};

/** Thrown by the body reader when a response passes maxResponseBytes. */
export class ResponseTooLarge extends Error {
	constructor(
		readonly limit: number,
		/** the first bytes of the body (never shown: a reader may find what the answer was about) */
		readonly head = '',
		/** the size the server declared, when it did */
		readonly declared: number | null = null,
	) {
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

// TLS failures, as a sentence with the fix (issue 9 item 18): a company CA or a self-signed
// certificate is the usual cause, and Node reads extra CAs from NODE_EXTRA_CA_CERTS at start.
const UNTRUSTED = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_UNTRUSTED',
	'CERT_SIGNATURE_FAILURE',
]);

function tlsMessage(code: string, host: string): string | null {
	if (UNTRUSTED.has(code)) {
		return `cannot trust the certificate of ${host} (self-signed or signed by an unknown CA): start ohtui with NODE_EXTRA_CA_CERTS=/path/to/ca.pem`;
	}
	if (code === 'CERT_HAS_EXPIRED') return `the certificate of ${host} has expired (or this machine's clock is wrong)`;
	if (code === 'CERT_NOT_YET_VALID') return `the certificate of ${host} is not valid yet (is this machine's clock right?)`;
	if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the certificate of ${host} is for another name: use the host name it was issued for`;
	if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO') return `${host} does not speak TLS on that port: is the URL http:// rather than https://?`;
	return null;
}

export function formatBytes(limit: number): string {
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
		return makeError(ctx, {
			kind: 'bad_response',
			message: `response too large (over ${formatBytes(error.limit)})`,
			tooLarge: {head: error.head, bytes: error.declared},
		});
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
	const tls = tlsMessage(code, ctx.host);
	if (tls) return makeError(ctx, {kind: 'unreachable', message: tls});
	const reason = NETWORK_REASONS[code] ?? `network error ${code}`;
	if (options.phase === 'body' && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')) {
		return makeError(ctx, {kind: 'unreachable', message: `connection to ${ctx.host} closed mid-response (${reason})`});
	}
	if (closedBeforeAnswer(error, options.phase)) {
		return makeError(ctx, {kind: 'unreachable', unanswered: true, message: `connection to ${ctx.host} closed before the server answered (${reason})`});
	}
	return makeError(ctx, {kind: 'unreachable', message: `cannot reach ${ctx.host} (${reason})`});
}
