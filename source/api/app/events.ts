import type {CallOptions, EventQuery} from '../types.js';
import type {ApiContext} from '../context.js';
import {isApiError} from '../errors.js';
import {searchUnbounded} from './eventsUnbounded.js';
import type {Http} from '../transport/http.js';
import {naiveUtc, rawEventPageSchema, readEvents} from '../paging/eventPage.js';
import {legacyFileName, searchLegacyEvents} from './legacyEvents.js';
import {clampLimit} from '../paging/pageQuery.js';
import {z} from 'zod';
import type {ConversationEvent, EventPage} from '../schemas/index.js';
import {ShrinkMemory, searchShrinking} from '../paging/tooLargeEvents.js';

/**
 * A conversation's events, both generations. Page ids are opaque: pass a page's `next_page_id`
 * back with the same query. Bounds are kept to the millisecond a Date holds (event timestamps carry
 * microseconds): callers dedupe by id at the edges.
 */
export async function searchEvents(
	ctx: ApiContext,
	conversationId: string,
	query: EventQuery = {},
	options?: CallOptions,
): Promise<EventPage> {
	const server = await ctx.server(options?.signal);
	const remembered = {memory: memoryOf(ctx.http), key: `${conversationId}\u0000${JSON.stringify({...query, limit: undefined})}`};
	if (server.generation === 'legacy') {
		// legacy page ids are file names: the one after an event is its own (./legacyEvents.ts)
		return searchShrinking(query, q => searchLegacyEvents(ctx.http, conversationId, q, options), event => legacyFileName(event.raw), remembered);
	}
	return searchShrinking(query, q => searchCurrentEvents(ctx, conversationId, q, options), (_event, q) => nextOffset(q.pageId), remembered);
}

/**
 * One event by id: `GET /api/v1/conversation/{id}/events?id=` (current) or `GET /api/v1/events?id=`
 * (legacy, found across conversations), each an array with null for a miss (shared/openhands-api-newer.md 4.1, 4.2).
 */
export async function getEvent(ctx: ApiContext, conversationId: string, eventId: string, options?: CallOptions): Promise<ConversationEvent | null> {
	const server = await ctx.server(options?.signal);
	const path = server.generation === 'legacy' ? '/api/v1/events' : `/api/v1/conversation/${encodeURIComponent(conversationId)}/events`;
	const raw = await ctx.http.json({method: 'GET', path, query: {id: eventId}, signal: options?.signal, deadlineMs: options?.deadlineMs}, z.array(z.unknown()));
	return readEvents(raw.filter(item => item !== null)).items.find(event => event.id === eventId) ?? null;
}

const memories = new WeakMap<object, ShrinkMemory>();

/** One memory of too-large reads per client (its transport). */
function memoryOf(http: object): ShrinkMemory {
	let memory = memories.get(http);
	if (!memory) memories.set(http, (memory = new ShrinkMemory()));
	return memory;
}

/** Current page ids are offsets into the query's result. */
function nextOffset(pageId: string | null | undefined): string | null {
	const offset = pageId ? Number(pageId) : 0;
	return Number.isInteger(offset) && offset >= 0 ? String(offset + 1) : null;
}

/** Servers (clients) found to answer 500 to a time-bounded event search (./eventsUnbounded.ts). */
const noTimeBounds = new WeakSet<Http>();
/**
 * When an unbounded search, tried after a bounded one's 500, failed too: the server was failing, and
 * during an outage each attempt must not cost two requests. Tried again after this long (the api has
 * no timers: it compares times), so a server of the quirk that was down when first met is found out.
 */
const failedFallbackAt = new WeakMap<Http, number>();
const RETRY_FALLBACK_MS = 30_000;

/**
 * `GET /api/v1/conversation/{id}/events/search` (shared/openhands-api-newer.md 4.2): offset page
 * ids, `limit` above 100 is a 422, an unknown conversation is an empty page (never a 404), bounds
 * compared as `isoformat()` strings (so sent naive, like the timestamps they are compared with).
 * A server from before OpenHands#14399 answers 500 to any bound: once an unbounded search then
 * works, that server is searched without bounds from then on (./eventsUnbounded.ts).
 */
async function searchCurrentEvents(
	ctx: ApiContext,
	conversationId: string,
	query: EventQuery,
	options?: CallOptions,
): Promise<EventPage> {
	const path = `/api/v1/conversation/${encodeURIComponent(conversationId)}/events/search`;
	const bounded = query.timestampGte !== undefined || query.timestampLt !== undefined;
	if (bounded && noTimeBounds.has(ctx.http)) return searchUnbounded(ctx, path, query, options);
	try {
		return await searchBounded(ctx, path, query, options);
	} catch (error) {
		if (!bounded || !isApiError(error) || error.status !== 500) throw error;
		if (Date.now() - (failedFallbackAt.get(ctx.http) ?? Number.NEGATIVE_INFINITY) < RETRY_FALLBACK_MS) throw error;
		try {
			const page = await searchUnbounded(ctx, path, query, options);
			noTimeBounds.add(ctx.http);
			return page;
		} catch (unbounded) {
			// the same failure without bounds is the server failing, not the quirk: that error is the answer
			failedFallbackAt.set(ctx.http, Date.now());
			throw unbounded;
		}
	}
}

async function searchBounded(ctx: ApiContext, path: string, query: EventQuery, options?: CallOptions): Promise<EventPage> {
	const raw = await ctx.http.json(
		{
			method: 'GET',
			path,
			query: {
				kind__eq: query.kindEq,
				timestamp__gte: query.timestampGte ? naiveUtc(query.timestampGte.getTime()) : undefined,
				timestamp__lt: query.timestampLt ? naiveUtc(query.timestampLt.getTime()) : undefined,
				sort_order: query.sortOrder,
				page_id: query.pageId ?? undefined,
				limit: clampLimit(query.limit) ?? 100,
			},
			signal: options?.signal,
			deadlineMs: options?.deadlineMs,
		},
		rawEventPageSchema,
	);
	return {...readEvents(raw.items), next_page_id: raw.next_page_id};
}
