/**
 * A conversation's events for `show` and `--follow`: the newest N, then what comes after them.
 *
 * Following polls the event search at the refresh interval (the TUI's follow query: from the newest
 * event's whole second, paged, deduped by id: store/activityReads.ts), printing in the order events
 * arrive, never re-sorted (PLAN decision 6). The live channel (the websocket the `live` branch adds)
 * plugs in here as another `EventSource`: the caller does not change.
 */
import type {EventQuery, OpenHandsClient} from '../api/client.js';
import type {ConversationEvent} from '../api/schemas/index.js';
import {parseServerTime} from '../api/serverTime.js';

/** Pages read per follow tick at most (a burst of events is read over a few ticks). */
const MAX_PAGES_PER_TICK = 5;
/** Ids remembered for de-duplication; the follow query only ever repeats the newest second. */
const MAX_IDS = 5000;

/** The newest `count` events, oldest first; and how many the server sent that could not be read. */
export async function newestEvents(client: OpenHandsClient, id: string, count: number, signal?: AbortSignal): Promise<{events: ConversationEvent[]; skipped: number}> {
	if (count === 0) return {events: [], skipped: 0};
	const page = await client.searchEvents(id, {sortOrder: 'TIMESTAMP_DESC', limit: Math.min(100, count)}, signal ? {signal} : {});
	return {events: [...page.items].reverse(), skipped: page.skipped};
}

export type EventSource = {
	/** what arrived since the last call (or since `after`), in arrival order, each once */
	next(signal: AbortSignal): Promise<ConversationEvent[]>;
};

/** The polling source: the follow query from the newest event held. */
export function pollingSource(client: OpenHandsClient, id: string, after: readonly ConversationEvent[]): EventSource {
	const ids = new Set(after.map(e => e.id));
	const order: string[] = [...ids];
	let newest = after.at(-1) ?? null;
	const remember = (event: ConversationEvent) => {
		ids.add(event.id);
		order.push(event.id);
		if (order.length > MAX_IDS) ids.delete(order.shift()!);
	};
	return {
		async next(signal) {
			const query: EventQuery = {sortOrder: 'TIMESTAMP', limit: 100, ...(newest ? {timestampGte: new Date(Math.floor(parseServerTime(newest.timestamp) / 1000) * 1000)} : {})};
			const fresh: ConversationEvent[] = [];
			let pageId: string | null = null;
			for (let pages = 0; pages < MAX_PAGES_PER_TICK; pages++) {
				const page = await client.searchEvents(id, {...query, pageId}, {signal});
				for (const event of page.items) {
					if (ids.has(event.id)) continue;
					remember(event);
					fresh.push(event);
				}
				pageId = page.next_page_id;
				if (pageId === null) break;
			}
			if (fresh.length > 0) newest = fresh.at(-1)!;
			return fresh;
		},
	};
}
