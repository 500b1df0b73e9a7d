import type {EventQuery} from '../types.js';
import {isApiError} from '../errors.js';
import type {ConversationEvent, EventPage} from '../schemas/index.js';

/**
 * One event over the response cap (8 MB) blanked a conversation's activity for good: every page
 * that held it was "response too large", retried for ever (issue 21 item 9). Pages are asked for
 * smaller (100, 10, then 1 event); a single event still too large is taken as a stand-in that says
 * it is too large to show, with its kind and size, read from the first bytes of the answer (the
 * servers write `kind`, `id`, `timestamp`, `source` first), and the read goes on after it.
 */

/** Marks a stand-in event in `raw`: the size the server declared (bytes), or null when it did not say. */
export const TOO_LARGE = 'ohtui:tooLarge';
/**
 * Marks a stand-in the store made for an event it holds short (store/activity/largeEvents.ts,
 * issue 27 item 2): the whole event came under the cap, and is read again when the user opens it.
 */
export const SHORTENED = 'ohtui:shortened';

/** Whether `event` is a stand-in the store made (readable in full on request). */
export function isShortened(event: Pick<ConversationEvent, 'raw'>): boolean {
	return event.raw[SHORTENED] === true;
}

const SMALLER = [10, 1];

/** The size of a stand-in for an event too large to show; undefined for any other event. */
export function tooLargeBytes(event: Pick<ConversationEvent, 'raw'>): number | null | undefined {
	if (!(TOO_LARGE in event.raw)) return undefined;
	const bytes = event.raw[TOO_LARGE];
	return typeof bytes === 'number' ? bytes : null;
}

/**
 * The page size that last answered (or ended in a stand-in) for a read that was too large, by
 * conversation and query, page id included: the follow asks the same question every interval while
 * the huge event is the newest, and should not download the too-large answers each time again.
 */
export class ShrinkMemory {
	private readonly limits = new Map<string, number>();

	get(key: string): number | undefined {
		return this.limits.get(key);
	}

	set(key: string, limit: number): void {
		this.limits.delete(key);
		if (this.limits.size >= 64) this.limits.delete(this.limits.keys().next().value!);
		this.limits.set(key, limit);
	}
}

/**
 * `search` with smaller pages after a too-large answer. `after(event, query)` is the page id that
 * continues past the one event of a limit-1 page (offsets and file names differ by generation);
 * null when it cannot be told, and then the error stands. `memory` and `key` (the read and its page)
 * start a read that was too large before at the size that answered.
 */
export async function searchShrinking(
	query: EventQuery,
	search: (query: EventQuery) => Promise<EventPage>,
	after: (event: ConversationEvent, query: EventQuery) => string | null,
	memory?: {memory: ShrinkMemory; key: string},
): Promise<EventPage> {
	const asked = query.limit ?? 100;
	let limit = Math.min(asked, memory?.memory.get(memory.key) ?? asked);
	for (;;) {
		try {
			const page = await search({...query, limit});
			if (limit < asked) memory?.memory.set(memory.key, limit);
			return page;
		} catch (error) {
			if (!isApiError(error) || !error.tooLarge) throw error;
			const smaller = SMALLER.find(size => size < limit);
			if (smaller !== undefined) {
				limit = smaller;
				continue;
			}
			memory?.memory.set(memory.key, 1);
			const event = standIn(error.tooLarge.head, error.tooLarge.bytes);
			const next = event ? after(event, query) : null;
			if (!event || next === null) throw error;
			return {items: [event], next_page_id: next, skipped: 0};
		}
	}
}

/** The first event of a page's first bytes, as a stand-in carrying its size; null when its fields are not there. */
export function standIn(head: string, bytes: number | null): ConversationEvent | null {
	const start = /"items"\s*:\s*\[\s*\{/.exec(head);
	if (!start) return null;
	const rest = head.slice(start.index + start[0].length);
	const field = (name: string): string | null => {
		const match = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.){0,400}")`).exec(rest);
		if (!match) return null;
		try {
			return JSON.parse(match[1]!) as string;
		} catch {
			return null;
		}
	};
	const kind = field('kind');
	const id = field('id');
	const timestamp = field('timestamp');
	if (kind === null || id === null || timestamp === null) return null;
	const source = field('source');
	return {id, kind, timestamp, source, raw: {kind, id, timestamp, source, [TOO_LARGE]: bytes}};
}
