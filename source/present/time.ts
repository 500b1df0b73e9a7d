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

/** Epoch ms; a naive timestamp is read as UTC. Null when unreadable. */
export function eventEpoch(timestamp: string): number | null {
	const match = ISO.exec(timestamp);
	if (!match) return null;
	const ms = Date.parse(`${match[1]}T${match[2]}${(match[3] ?? '').slice(0, 4)}${match[4] ?? 'Z'}`);
	return Number.isNaN(ms) ? null : ms;
}
