/**
 * Event timestamps are sent as naive local time of the sandbox, microseconds, no offset
 * (`2025-11-15T09:12:05.104822`, shared/openhands-api-newer.md 4.4); the sandbox usually runs in
 * UTC. Rows show the wall time as sent; relative times read it as UTC.
 */
import {clean} from '../text/sanitize.js';

const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `09:12:05`, or the clean text cut to 8 columns when it is not a timestamp. */
export function eventClock(timestamp: string): string {
	const match = ISO.exec(timestamp);
	return match ? match[2]! : clean(timestamp).slice(0, 8) || '?';
}

/** `2025-11-15 09:12:05` (as sent, without fractions), for the status line and the pager. */
export function eventDateTime(timestamp: string): string {
	const match = ISO.exec(timestamp);
	return match ? `${match[1]} ${match[2]}${match[4] ?? ''}` : clean(timestamp).slice(0, 40);
}

/**
 * ISO 8601 in UTC (what `show --json` promises): a naive timestamp is the server's local time,
 * `offsetMs` ahead of UTC (store/activity/activityAgent.ts learnOffset), an aware one says its own
 * zone. Null when unreadable.
 */
export function eventUtc(timestamp: string, offsetMs: number): string | null {
	const match = ISO.exec(timestamp);
	const ms = eventEpoch(timestamp);
	if (!match || ms === null) return null;
	const at = match[4] ? ms : ms - offsetMs;
	return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

/** Epoch ms; a naive timestamp is read as UTC. Null when unreadable. */
export function eventEpoch(timestamp: string): number | null {
	const match = ISO.exec(timestamp);
	if (!match) return null;
	const ms = Date.parse(`${match[1]}T${match[2]}${(match[3] ?? '').slice(0, 4)}${match[4] ?? 'Z'}`);
	return Number.isNaN(ms) ? null : ms;
}
