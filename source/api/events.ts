import type {CallOptions, EventQuery} from './client.js';
import type {ApiContext} from './context.js';
import {isApiError} from './errors.js';
import {searchUnbounded} from './eventsUnbounded.js';
import type {Http} from './http.js';
import {naiveUtc, rawEventPageSchema, readEvents} from './eventPage.js';
import {searchLegacyEvents} from './legacyEvents.js';
import {clampLimit} from './pageQuery.js';
import type {EventPage} from './schemas/index.js';

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
	if (server.generation === 'legacy') return searchLegacyEvents(ctx.http, conversationId, query, options);
	return searchCurrentEvents(ctx, conversationId, query, options);
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
