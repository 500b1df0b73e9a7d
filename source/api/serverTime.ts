/**
 * Server timestamps, read without zod: the store and the UI's first frame import this file.
 *
 * Server timestamps outside a sane range (a year 9999 placeholder, a year 1 zero value) are shown as
 * the server sent them, not as "just now" or "2029y ago" (issue 9 item 10). The schema remembers the
 * text of such a time here, keyed by the instant it parsed to; the UI asks for it when it meets an
 * instant out of range.
 */
// A timestamp without an offset is UTC: start tasks read back from SQLite have no `Z` (section 1.3),
// and `new Date()` would read them as local time.
const OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Parses a server timestamp to epoch milliseconds (UTC when no offset is given). */
export function parseServerTime(value: string): number {
	const text = value.trim();
	return Date.parse(OFFSET.test(text) ? text : `${text}Z`);
}

export const SANE_TIME_MIN = Date.UTC(2000, 0, 1);
export const SANE_TIME_MAX = Date.UTC(2100, 0, 1);

/** Few servers send such times, and each instant needs one entry: a small bound is plenty. */
const MAX_REMEMBERED = 256;
const MAX_TEXT = 40;
const rawTexts = new Map<number, string>();

export function isSaneTime(ms: number): boolean {
	return ms >= SANE_TIME_MIN && ms < SANE_TIME_MAX;
}

/** Notes the text an out-of-range instant came from (in range: nothing to note). */
export function rememberServerTime(ms: number, text: string): void {
	if (isSaneTime(ms) || rawTexts.has(ms)) return;
	if (rawTexts.size >= MAX_REMEMBERED) rawTexts.delete(rawTexts.keys().next().value as number);
	rawTexts.set(ms, text.slice(0, MAX_TEXT));
}

/** The text the server sent for an out-of-range instant, if it was noted (not cleaned: the UI cleans it). */
export function serverTimeText(ms: number): string | undefined {
	return rawTexts.get(ms);
}
