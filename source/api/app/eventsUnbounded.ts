/**
 * Current app servers from before OpenHands/OpenHands#14399 (April to mid-May 2026; Cloud until it
 * was deployed) answer 500 to an event search whenever `timestamp__gte` or `timestamp__lt` is sent
 * (issue 18 §3). There, a bounded search is answered from unbounded pages instead: newest first, by
 * offset page ids (shared/openhands-api-newer.md 4.2), the bounds applied here. Paging newest first
 * never loses an event when new ones arrive meanwhile (they shift the offsets forward: some come
 * again, and the caller drops ids it holds).
 *
 * - `timestampGte` (a follow tick, oldest first): pages from the newest until one reaches before the
 *   bound; what is at or after it, oldest first; no next page.
 * - `timestampLt` (older pages, newest first): pages from the offset given, past what is at or after
 *   the bound, until `limit` events are found; the next page id is the offset after the last one read.
 */
import type {CallOptions, EventQuery} from '../types.js';
import type {ApiContext} from '../context.js';
import {eventTime, rawEventPageSchema, readEvents} from '../paging/eventPage.js';
import {clampLimit} from '../paging/pageQuery.js';
import type {ConversationEvent, EventPage} from '../schemas/index.js';

/** Unbounded pages one search may read: a follow tick that fell this far behind takes the newest. */
const MAX_PAGES = 10;
const PAGE = 100;

export async function searchUnbounded(ctx: ApiContext, path: string, query: EventQuery, options?: CallOptions): Promise<EventPage> {
	const gte = query.timestampGte?.getTime();
	const lt = query.timestampLt?.getTime();
	const ascending = query.sortOrder !== 'TIMESTAMP_DESC';
	const limit = clampLimit(query.limit) ?? PAGE;
	const start = Number(query.pageId ?? 0);
	let offset = Number.isSafeInteger(start) && start >= 0 ? start : 0;
	const kept: ConversationEvent[] = [];
	let skipped = 0;
	for (let pages = 0; pages < MAX_PAGES; pages++) {
		const raw = await ctx.http.json(
			{
				method: 'GET',
				path,
				query: {kind__eq: query.kindEq, sort_order: 'TIMESTAMP_DESC', page_id: offset > 0 ? String(offset) : undefined, limit: PAGE},
				signal: options?.signal,
				deadlineMs: options?.deadlineMs,
			},
			rawEventPageSchema,
		);
		let read = raw.items.length;
		let reachedBound = false;
		for (let i = 0; i < raw.items.length; i++) {
			const [event] = readEvents([raw.items[i]]).items;
			if (!event) {
				skipped++;
				continue;
			}
			const at = eventTime(event);
			if (lt !== undefined && at >= lt) continue;
			if (gte !== undefined && at < gte) {
				reachedBound = true;
				break;
			}
			kept.push(event);
			if (!ascending && kept.length >= limit) {
				read = i + 1;
				reachedBound = true;
				break;
			}
		}
		offset += read;
		if (reachedBound || raw.next_page_id === null) {
			const more = !ascending && kept.length >= limit && (read < raw.items.length || raw.next_page_id !== null);
			return {items: ascending ? kept.reverse() : kept, next_page_id: more ? String(offset) : null, skipped};
		}
	}
	return {items: ascending ? kept.reverse() : kept, next_page_id: ascending ? null : String(offset), skipped};
}
