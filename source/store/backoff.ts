import {MAX_RETRY_AFTER_MS, isApiError} from '../api/errors.js';

export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * Delay before retry number `failures` (1 = after the first failure): 1 s doubling to a 30 s cap,
 * each spread by ±20 % so many clients that lost the same server do not come back in lockstep.
 * `random() === 0.5` gives the exact sequence 1, 2, 4, 8, 16, 30 s.
 */
export function backoffMs(failures: number, random: () => number): number {
	const exponent = Math.min(Math.max(failures, 1) - 1, 16);
	const base = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** exponent);
	const jittered = base * (0.8 + 0.4 * random());
	return Math.round(Math.min(BACKOFF_CAP_MS, jittered));
}

/**
 * A wrong or missing key does not fix itself in a second: after a 401/403, retry once a minute and
 * keep saying so (issue 9 item 11). Ctrl-r still tries at once.
 */
export const UNAUTHORIZED_RETRY_MS = 60_000;

/**
 * A URL that answers as no OpenHands server is a final verdict, not an outage: asked again once a
 * minute (the client's probe is asked again by then), never every few seconds (issue 16 §1).
 */
export const NOT_OPENHANDS_RETRY_MS = 60_000;

/** What a backend cannot do (an agent server's sandboxes): never retried; the store waits for another server. */
export function isFinal(error: unknown): boolean {
	return isApiError(error) && error.kind === 'unsupported';
}

/**
 * Delay before retrying after `error`, the `failures`-th in a row: the backoff, at least a 429's
 * Retry-After (clamped again here: an error may come from anywhere), at least a minute after a 401,
 * except a single 401 right after a success (`afterSuccess`: of this list, or of any call to the
 * same server, ./core.ts `lastSuccessAt`): the key worked a moment ago, so it is tried once more
 * after the first backoff step before the minute (issue 21 item 17, issue 27 item 12: a server that
 * 401s the first call of each path stopped a list for a minute). A key refused twice waits the minute.
 */
export function retryDelayMs(error: unknown, failures: number, random: () => number, afterSuccess = false): number {
	let delay = backoffMs(failures, random);
	if (isApiError(error)) {
		const asked = error.retryAfterMs;
		if (typeof asked === 'number' && Number.isFinite(asked)) delay = Math.max(delay, Math.min(MAX_RETRY_AFTER_MS, asked));
		if (error.kind === 'unauthorized' && !(afterSuccess && failures === 1)) delay = Math.max(delay, UNAUTHORIZED_RETRY_MS);
		if (error.kind === 'not_openhands') delay = Math.max(delay, NOT_OPENHANDS_RETRY_MS);
	}
	return delay;
}
