/**
 * The one error type of the client. Every failure of a call (network, HTTP status, body, schema)
 * becomes an ApiError whose `message` is one line a person can act on, and which never contains
 * the API key.
 */
export type ApiErrorKind =
	| 'unreachable' // refused, DNS, reset, closed
	| 'timeout' // connect / headers / body time-out
	| 'unauthorized' // 401, 403
	| 'not_found' // 404
	| 'validation' // 422: the `detail` messages
	| 'rate_limited' // 429: keeps Retry-After
	| 'server' // 5xx
	| 'bad_response' // non-JSON, too large, or a body that fails the schema
	| 'not_openhands' // the URL answers, but as no OpenHands server (final; probed again slowly)
	| 'unsupported' // this kind of backend cannot do that (an agent server has no sandboxes): final, never retried
	| 'aborted'; // the caller's AbortSignal fired

/**
 * The longest wait a `Retry-After` may ask for. A server (or something in front of it) that asks for
 * 3,000,000 s or a date in 9999 is not worth waiting days for, and anything past 2^31-1 ms overflows
 * Node's timers, which then fire after 1 ms (issue 9 item 5). Five minutes keeps a rate-limited app
 * calm and still lets it come back by itself.
 */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

export type ApiErrorInit = {
	kind: ApiErrorKind;
	message: string;
	status?: number;
	/** 429 only: how long the server asked us to wait, in ms. */
	retryAfterMs?: number;
	/** e.g. `GET /api/v1/sandboxes/search` (no query string, no host, no key) */
	operation?: string;
};

export class ApiError extends Error {
	override readonly name = 'ApiError';
	readonly kind: ApiErrorKind;
	readonly status: number | undefined;
	readonly retryAfterMs: number | undefined;
	readonly operation: string | undefined;

	constructor(init: ApiErrorInit) {
		super(init.message);
		this.kind = init.kind;
		this.status = init.status;
		this.retryAfterMs = init.retryAfterMs;
		this.operation = init.operation;
	}
}

export function isApiError(value: unknown): value is ApiError {
	return value instanceof ApiError;
}
