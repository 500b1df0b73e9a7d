/** Turning wire values into short display text. Inputs are server values; outputs are clean. */
import {isSaneTime, serverTimeText} from '../api/serverTime.js';
import type {ActionKind} from '../store/types.js';
import {clean, truncateMiddle} from '../text/sanitize.js';
import {MASK, maskField, maskUrlSecrets} from '../text/secrets.js';

export {MASK} from '../text/secrets.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "12s ago", "3m ago", "5h ago", "2d ago", "4mo ago", "1y ago"; a time a little in the future (clock
 * skew) is "just now". A time out of any sane range (year 9999, year 1, days ahead) is shown as the
 * server sent it: "just now" or "2029y ago" would be a made-up fact (issue 9 item 10).
 */
export function relativeTime(at: number | null | undefined, now: number): string {
	if (at === null || at === undefined || Number.isNaN(at)) return '—';
	if (!isSaneTime(at) || at - now > DAY) return asSent(at);
	const age = now - at;
	if (age < 5 * SECOND) return 'just now';
	if (age < MINUTE) return `${Math.floor(age / SECOND)}s ago`;
	if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
	if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
	if (age < 30 * DAY) return `${Math.floor(age / DAY)}d ago`;
	if (age < 365 * DAY) return `${Math.floor(age / (30 * DAY))}mo ago`;
	return `${Math.floor(age / (365 * DAY))}y ago`;
}

/**
 * In how many ms `relativeTime(at, now)` reads differently (the next second, minute, hour or day
 * it counts), or null when it never will (a time shown as sent): a screen showing an age draws
 * again then, and only then.
 */
export function relativeTimeChangesIn(at: number, now: number): number | null {
	if (!isSaneTime(at) || at - now > DAY) return null;
	const age = now - at;
	if (age < 5 * SECOND) return 5 * SECOND - age;
	const unit = age < MINUTE ? SECOND : age < HOUR ? MINUTE : age < DAY ? HOUR : DAY;
	return unit - (age % unit);
}

/** A duration in whole seconds, for "stale for 12s" / "retrying in 4s". */
export function seconds(ms: number): string {
	const s = Math.max(0, Math.round(ms / SECOND));
	if (s < 120) return `${s}s`;
	if (s < 7200) return `${Math.floor(s / 60)}m`;
	return `${Math.floor(s / 3600)}h`;
}

/** How long something has lasted, compact: `12s`, `4m`, `5h`, `3d` (a state's age, issue 19). */
export function duration(ms: number): string {
	const s = Math.max(0, Math.floor(ms / SECOND));
	if (s < 60) return `${s}s`;
	if (s < 3600) return `${Math.floor(s / 60)}m`;
	if (s < 48 * 3600) return `${Math.floor(s / 3600)}h`;
	return `${Math.floor(s / 86_400)}d`;
}

/** UTC wall time for detail panes: 2025-11-15 09:12:04Z (out of range: as the server sent it) */
export function absoluteTime(at: number | null | undefined): string {
	if (at === null || at === undefined || Number.isNaN(at)) return '—';
	if (!isSaneTime(at)) return asSent(at);
	return utc(at);
}

function utc(at: number): string {
	return new Date(at).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** the server's own text for an out-of-range time, else the instant in UTC */
function asSent(at: number): string {
	const text = serverTimeText(at);
	return text === undefined ? utc(at) : clean(text);
}

/** Ids keep both ends when cut: the prefix tells the kind, the suffix tells them apart. */
export function shortId(id: string | null | undefined, width = 14): string {
	return truncateMiddle(clean(id), width);
}

/** For keys the UI may hold: never show a single character of them. */
export function maskSecret(value: string | null | undefined): string {
	return value ? `${MASK} (set)` : 'not set';
}

export function setOrNot(flag: boolean | null | undefined): string {
	return flag ? 'set' : 'not set';
}

/** A url with credentials masked (secrets.ts): userinfo password, secret parameters, keys in the path. */
export function maskUrl(url: string | null | undefined): string {
	return maskUrlSecrets(url);
}

/**
 * `12,345`: digits grouped by hand, not with Intl.NumberFormat, whose first use maps ~6 MB of ICU's
 * number data and code from the node binary into resident memory (Node 24), for commas.
 * Fractions keep at most three digits, as Intl's default did.
 */
export function count(n: number): string {
	if (!Number.isFinite(n)) return String(n);
	const [whole = '0', fraction] = Math.abs(n).toFixed(3).replace(/\.?0+$/, '').split('.');
	const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
	const sign = n < 0 && (whole !== '0' || fraction) ? '-' : '';
	return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export function cost(value: number | null | undefined): string {
	if (value === null || value === undefined) return '—';
	return `$${value.toFixed(value < 1 ? 4 : 2)}`;
}

export function yesNo(value: boolean | null | undefined): string {
	if (value === null || value === undefined) return '—';
	return value ? 'yes' : 'no';
}

/** `—` for missing values so empty cells stay visible. */
export function orDash(value: string | number | null | undefined): string {
	if (value === null || value === undefined || value === '') return '—';
	return clean(value);
}

/** Start-task and sandbox statuses are shown exactly as sent; pending actions override them. */
export function pendingLabel(kind: ActionKind): string {
	return {
		pause: 'pausing…',
		resume: 'resuming…',
		start: 'starting…',
		create: 'creating…',
		message: 'sending…',
		agent: 'asking the agent…',
		delete: 'deleting…',
	}[kind];
}

export function repoAtBranch(repo: string | null | undefined, branch: string | null | undefined): string {
	// a repository may be a URL with a token in it: masked as the commands mask it (issue 27 item 1)
	if (!repo) return branch ? `@${maskField(branch)}` : '—';
	return branch ? `${maskField(repo)}@${maskField(branch)}` : maskField(repo);
}
