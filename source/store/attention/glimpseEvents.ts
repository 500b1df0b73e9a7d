// Which of a conversation's newest events a glimpse keeps, and since when its agent is in its state.
import {parseServerTime} from '../../api/serverTime.js';
import type {ConversationEvent} from '../../api/schemas/index.js';
import {eventBytes} from '../activity/largeEvents.js';
import type {Glimpse} from '../attentionTypes.js';

/** Events one glimpse holds (enough to find a pending action behind a few state updates). */
export const GLIMPSE_EVENTS = 20;
/**
 * And about this much event data at most, the newest event always (issue 27 item 2: twenty 7.9 MB
 * events a conversation); an event too large to keep is a stand-in here too (../activity/largeEvents.ts).
 */
export const GLIMPSE_BYTES = 1024 * 1024;
/** The newest GLIMPSE_EVENTS that fit in GLIMPSE_BYTES (the newest one always). */
export function bounded(events: ConversationEvent[]): ConversationEvent[] {
	let start = Math.max(0, events.length - GLIMPSE_EVENTS);
	let bytes = 0;
	for (let i = events.length - 1; i >= start; i--) {
		bytes += eventBytes(events[i]!);
		if (bytes > GLIMPSE_BYTES && i < events.length - 1) {
			start = i + 1;
			break;
		}
	}
	return start === 0 ? events : events.slice(start);
}

/**
 * When the agent entered the state it is in, as far as the events tell: the newest execution
 * status change among them, else what an earlier glimpse knew (a quiet state outlives the window).
 */
export function stateSince(events: readonly ConversationEvent[], before: Glimpse['stateSince']): Glimpse['stateSince'] {
	for (let i = events.length - 1; i >= 0; i--) {
		const event = events[i]!;
		if (event.kind !== 'ConversationStateUpdateEvent') continue;
		const {key, value} = event.raw as {key?: unknown; value?: unknown};
		if (key !== 'execution_status' || typeof value !== 'string') continue;
		const at = parseServerTime(event.timestamp);
		return Number.isFinite(at) ? {status: value, at} : before;
	}
	return before;
}
