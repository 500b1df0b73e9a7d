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
