/**
 * An agent server's clock offset from UTC, learned from what it sends (issue 27 item 8): the activity
 * (./activity/activityAgent.ts) and the glimpses (./attention/glimpses.ts) both learn it, so the list's
 * DOING ages and the activity's agree. Its own module: glimpses must not import the activity.
 */
import {parseServerTime} from '../api/serverTime.js';
import type {AppConversation, ConversationEvent} from '../api/schemas/index.js';

const QUARTER_HOUR = 15 * 60_000;
/** Time zones are whole quarter hours; a gap further than this from one is not a zone (a late update). */
const SLACK = 3 * 60_000;
/** UTC-12 … UTC+14 */
const MAX_OFFSET = 14 * 3_600_000;

/**
 * Event timestamps are the agent server's naive local time (`datetime.now()`, agent-server doc 5.3);
 * `updated_at` is aware UTC (4.2). Read as UTC, the newest event's timestamp minus `updated_at` is
 * the server's offset from UTC plus the small gap between the last event and the last update.
 * Chosen: that difference rounded to a quarter hour (every zone is a whole quarter hour), trusted
 * only when it lies within SLACK of one (a conversation updated long after its last event, by a
 * rename, says nothing) and within UTC-12…+14; otherwise the offset known so far stays (0 at first:
 * most servers run in UTC). Only the display uses it; requests send the server's own strings back.
 */
export function learnOffset(known: number, conversation: AppConversation | null, events: readonly ConversationEvent[]): number {
	const newest = events[events.length - 1];
	if (!conversation || !newest) return known;
	const at = parseServerTime(newest.timestamp);
	if (Number.isNaN(at) || /(?:Z|[+-]\d{2}:?\d{2})$/i.test(newest.timestamp.trim())) return known;
	const gap = at - conversation.updated_at;
	const offset = Math.round(gap / QUARTER_HOUR) * QUARTER_HOUR;
	if (Math.abs(gap - offset) > SLACK || Math.abs(offset) > MAX_OFFSET) return known;
	return offset + 0; // never -0
}

/**
 * The offset learned from a conversation as its own agent server lists it (no `conversation_url`):
 * its `updated_at` moves with every event. An app server's does not (OpenHands d6fab190 leaves it
 * when an agent finishes), so there the offset known stays (0: read as UTC).
 */
export function listedOffset(known: number, conversation: AppConversation | undefined, events: readonly ConversationEvent[]): number {
	if (!conversation || conversation.conversation_url) return known;
	return learnOffset(known, conversation, events);
}
