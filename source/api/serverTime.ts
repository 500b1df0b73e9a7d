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

const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?((?:Z|[+-]\d{2}:?\d{2})?)$/i;

/**
 * The server's own timestamp moved `ms` earlier, written the way it was sent (naive stays naive,
 * microseconds kept, an offset kept verbatim): an agent server compares `after_timestamp` with its
 * naive local times as strings (shared/openhands-agent-server.md 5.1, 6.4), so the value must be in
 * its zone and shape, not converted. Null when the text is not such a timestamp.
 */
export function earlierServerTime(text: string, ms: number): string | null {
	const m = STAMP.exec(text.trim());
	if (!m) return null;
	const fraction = (m[7] ?? '').padEnd(6, '0');
	const micros = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) * 1000 + Number(fraction) - ms * 1000;
	const whole = Math.floor(micros / 1_000_000);
	const base = new Date(whole * 1000).toISOString().slice(0, 19);
	return `${base}.${String(micros - whole * 1_000_000).padStart(6, '0')}${m[8] ?? ''}`;
}

/** The later of two timestamps of one server (to the millisecond by time, then by the text's microseconds). */
export function laterServerTime(a: string | null, b: string): string {
	if (a === null) return b;
	const byTime = parseServerTime(a) - parseServerTime(b);
	if (byTime !== 0 && !Number.isNaN(byTime)) return byTime > 0 ? a : b;
	return a >= b ? a : b;
}
