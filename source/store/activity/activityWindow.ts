import {parseServerTime} from '../../api/serverTime.js';
import type {AppConversation, ConversationEvent} from '../../api/schemas/index.js';
import {eventBytes} from './largeEvents.js';

export {eventBytes} from './largeEvents.js';

/**
 * The bounded window of one conversation's events: plain functions over an array kept oldest
 * first. Pure, so the rules (order, dedupe, which side to drop) are tested without a server.
 */

/** Events held at most. A long run has tens of thousands; observations are often 10-30 KB each. */
export const WINDOW_MAX = 1000;
/**
 * And about this much event data at most (issue 21 item 13): a thousand 30 KB observations are
 * 30 MB, which a followed agent filled over the first hour and more, so the live heap of an app
 * kept open kept growing. Never fewer than WINDOW_MIN events (a screen and room to scroll) while
 * they fit in WINDOW_HARD_BYTES, and never fewer than WINDOW_FLOOR: events each under the
 * stand-in size (./largeEvents.ts) still held 200 x 256 KB = 51 MB at WINDOW_MIN (issue 27 item 2).
 */
export const WINDOW_BYTES = 6 * 1024 * 1024;
export const WINDOW_MIN = 200;
export const WINDOW_HARD_BYTES = 4 * WINDOW_BYTES;
export const WINDOW_FLOOR = 50;

/** How many of `events` the window may keep: WINDOW_MAX, fewer when they are large (by their average). */
export function windowLimit(events: readonly ConversationEvent[]): number {
	let total = 0;
	for (const event of events) total += eventBytes(event);
	if (total <= WINDOW_BYTES) return WINDOW_MAX;
	const fit = (bytes: number) => Math.floor((bytes * events.length) / total);
	return Math.max(WINDOW_FLOOR, Math.min(WINDOW_MAX, Math.max(WINDOW_MIN, fit(WINDOW_BYTES)), fit(WINDOW_HARD_BYTES)));
}

export type Viewport = {first: number; last: number};

/** The events of `incoming` not held yet (by id, and once each). */
export function freshOnly(held: ReadonlySet<string>, incoming: readonly ConversationEvent[]): ConversationEvent[] {
	const seen = new Set<string>();
	return incoming.filter(event => {
		if (held.has(event.id) || seen.has(event.id)) return false;
		seen.add(event.id);
		return true;
	});
}

/**
 * Puts fresh events on one side of the window in the order given, oldest first: the server's
 * storage order (a search page) or the order frames arrived (the websocket). Never re-sorted by
 * time: an agent server's timestamps are taken when an event is made, not when it is stored, and a
 * `stats` update is stored after the step it is dated before (shared/openhands-agent-server.md 5.1,
 * 6.2); its log order is the truth. Only a server that keeps no log order (`byTime`, legacy app
 * servers) is placed by time.
 */
export function mergeEvents(events: readonly ConversationEvent[], fresh: readonly ConversationEvent[], side: 'older' | 'newer', byTime = false): ConversationEvent[] {
	if (fresh.length === 0) return events as ConversationEvent[];
	if (byTime) return mergeByTime(events, fresh);
	return side === 'newer' ? [...events, ...fresh] : [...fresh, ...events];
}

function compare(a: ConversationEvent, b: ConversationEvent): number {
	// naive timestamps are UTC (api/schemas/common.ts); microseconds live only in the string
	const byTime = parseServerTime(a.timestamp) - parseServerTime(b.timestamp);
	if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
	if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A server with no log order (`EventPage.byTime`): a second split across pages is put back in time order. */
function mergeByTime(events: readonly ConversationEvent[], fresh: readonly ConversationEvent[]): ConversationEvent[] {
	const sorted = [...fresh].sort(compare);
	const first = sorted[0]!;
	const last = sorted[sorted.length - 1]!;
	// the usual cases: everything newer (follow) or everything older (scrolling up)
	if (events.length === 0 || compare(events[events.length - 1]!, first) <= 0) return [...events, ...sorted];
	if (compare(last, events[0]!) <= 0) return [...sorted, ...events];
	return [...events, ...sorted].sort(compare);
}

/**
 * Whether an event is a position in the event log: a `full_state` snapshot (sent on every connect and
 * after runs), a streaming delta and a reply to a bad frame never are, and a search never returns
 * them (shared/openhands-agent-server.md 5.4, 6.2, 6.4).
 */
export function isPersisted(event: ConversationEvent): boolean {
	if (event.kind === 'StreamingDeltaEvent' || event.kind === 'ServerErrorEvent') return false;
	return !(event.kind === 'ConversationStateUpdateEvent' && event.raw['key'] === 'full_state');
}

export type Trimmed = {events: ConversationEvent[]; droppedOlder: number; droppedNewer: number};

/**
 * Drops what exceeds `max`: from the side given, or (`auto`) from the side away from the viewport:
 * the newest while the user reads far back, the oldest near the end. Rows on screen are kept.
 */
export function trimWindow(
	events: ConversationEvent[],
	viewport: Viewport | null,
	drop: 'older' | 'newer' | 'auto',
	max = WINDOW_MAX,
): Trimmed {
	const excess = events.length - max;
	if (excess <= 0) return {events, droppedOlder: 0, droppedNewer: 0};
	if (drop === 'older' || (drop === 'auto' && viewport === null)) return {events: events.slice(excess), droppedOlder: excess, droppedNewer: 0};
	if (drop === 'newer' || viewport === null) return {events: events.slice(0, max), droppedOlder: 0, droppedNewer: excess};
	const before = Math.max(0, Math.min(viewport.first, events.length));
	const after = Math.max(0, events.length - 1 - viewport.last);
	const olderFirst = before >= after;
	const fromOlder = olderFirst ? Math.min(excess, before) : Math.max(0, excess - after);
	const fromNewer = excess - fromOlder;
	return {events: events.slice(fromOlder, events.length - fromNewer), droppedOlder: fromOlder, droppedNewer: fromNewer};
}

/** The execution status the newest state update among `events` reports, if any (4.4, section 6). */
export function latestExecutionStatus(events: readonly ConversationEvent[]): string | null {
	return latestStatusEvent(events)?.status ?? null;
}

/** The newest state update among `events` that reports an execution status, with its time. */
export function latestStatusEvent(events: readonly ConversationEvent[]): {status: string; timestamp: string} | null {
	for (let i = events.length - 1; i >= 0; i--) {
		const event = events[i]!;
		if (event.kind !== 'ConversationStateUpdateEvent') continue;
		const {key, value} = event.raw as {key?: unknown; value?: unknown};
		if (key === 'execution_status' && typeof value === 'string') return {status: value, timestamp: event.timestamp};
		if (key === 'full_state' && value && typeof value === 'object') {
			const status = (value as {execution_status?: unknown}).execution_status;
			if (typeof status === 'string') return {status, timestamp: event.timestamp};
		}
	}
	return null;
}

/** The conversation with the status its newest events report (the list's copy may be a poll behind). */
export function withStatus(conversation: AppConversation | null, status: string | null): AppConversation | null {
	if (!conversation || status === null || conversation.execution_status === status) return conversation;
	return {...conversation, execution_status: status};
}

/** Where `id` is now, for keeping the viewport on the same rows after the window changed. */
export function indexOf(events: readonly ConversationEvent[], id: string | undefined): number {
	if (id === undefined) return -1;
	return events.findIndex(event => event.id === id);
}
