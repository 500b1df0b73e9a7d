import type {CallOptions, EventQuery} from '../types.js';
import {type RawEventPage, naiveUtcSeconds, rawEventPageSchema, readEvents} from '../paging/eventPage.js';
import type {Http} from '../transport/http.js';
import {clampLimit} from '../paging/pageQuery.js';
import {type EventPage, parseServerTime} from '../schemas/index.js';

/**
 * Legacy event search, `GET /api/v1/events/search?conversation_id__eq=` (shared/openhands-api-newer.md
 * 4.1, `OH@d6fab190: event/filesystem_event_service.py`). Three quirks shape this module:
 *
 * - Events are files named `<YYYYMMDDHHMMSS>_<Kind>_<id hex>`, listed in name order, and the
 *   server's `next_page_id` is the name of the first file *not* returned while a `page_id` makes it
 *   start *after* the named file: fed back as is, one event is lost at every page boundary. We hand
 *   out the name of the last file returned instead (rebuilt from the event: the server derives it
 *   from the same fields), which makes the server start exactly at the first file not returned.
 * - `timestamp__gte/__lt` are compared with the file name's whole second: a bound with a fraction
 *   would drop the rest of its second. Bounds are widened to whole seconds and the surplus dropped
 *   here, so both generations answer the same range.
 * - Bounds must be naive (an offset makes the comparison raise: plain-text 500).
 */

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/;

/** The file name the server stores this event under, or null when the item lacks the fields. */
export function legacyFileName(item: unknown): string | null {
	if (!item || typeof item !== 'object') return null;
	const {kind, id, timestamp} = item as Record<string, unknown>;
	if (typeof kind !== 'string' || typeof id !== 'string' || typeof timestamp !== 'string') return null;
	// strftime('%Y%m%d%H%M%S') of the parsed timestamp: its own digits, whatever its offset
	const match = STAMP.exec(timestamp);
	if (!match) return null;
	return `${match.slice(1, 7).join('')}_${kind}_${id.replaceAll('-', '')}`;
}

/** Epoch ms of the second a file name starts with (naive = UTC), NaN when it has none. */
function fileSecond(name: string): number {
	const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(name);
	if (!m) return Number.NaN;
	return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function ceilSecond(ms: number): number {
	return Math.ceil(ms / 1000) * 1000;
}

type Window = {gte: number | undefined; lt: number | undefined};

export async function searchLegacyEvents(
	http: Http,
	conversationId: string,
	query: EventQuery,
	options?: CallOptions,
): Promise<EventPage> {
	const descending = query.sortOrder === 'TIMESTAMP_DESC';
	const wanted: Window = {gte: query.timestampGte?.getTime(), lt: query.timestampLt?.getTime()};
	const after = query.pageId ?? null;

	const fetchWindow = (window: Window, pageId: string | null): Promise<RawEventPage> =>
		http.json(
			{
				method: 'GET',
				path: '/api/v1/events/search',
				query: {
					conversation_id__eq: conversationId,
					kind__eq: query.kindEq,
					timestamp__gte: window.gte === undefined ? undefined : naiveUtcSeconds(window.gte),
					timestamp__lt: window.lt === undefined ? undefined : naiveUtcSeconds(ceilSecond(window.lt)),
					sort_order: query.sortOrder,
					page_id: pageId ?? undefined,
					limit: clampLimit(query.limit) ?? 100,
				},
				signal: options?.signal,
				deadlineMs: options?.deadlineMs,
			},
			rawEventPageSchema,
		);

	// strictly past the token in the listing order (the server's own rule for page ids)
	const pastToken = (name: string | null): boolean =>
		after === null || name === null || (descending ? name < after : name > after);

	let raw = await fetchWindow(wanted, after);
	const named = raw.items.map(legacyFileName);
	if (after !== null && named.some(name => name !== null && !pastToken(name))) {
		// The server did not find the name (the event is gone, or it names files differently) and
		// started over. Continue by time instead: everything from the token's second on (its own
		// files dropped by name below); only a second holding more than a page could stall this.
		const second = fileSecond(after);
		if (!Number.isNaN(second)) {
			const window: Window = descending
				? {gte: wanted.gte, lt: Math.min(wanted.lt ?? Number.POSITIVE_INFINITY, second + 1000)}
				: {gte: Math.max(wanted.gte ?? Number.NEGATIVE_INFINITY, second), lt: wanted.lt};
			raw = await fetchWindow(window, null);
		}
	}

	const names = raw.items.map(legacyFileName);
	const kept = raw.items.filter((item, index) => {
		if (!pastToken(names[index] ?? null)) return false;
		const at = parseServerTime(String((item as {timestamp?: unknown})?.timestamp ?? ''));
		if (Number.isNaN(at)) return true; // unreadable: counted as skipped below
		return (wanted.gte === undefined || at >= wanted.gte) && (wanted.lt === undefined || at < wanted.lt);
	});
	const page = {...readEvents(kept), byTime: true};
	// within a second the files are in kind-name order, not in time: put them in time order
	page.items.sort((a, b) => {
		const order = parseServerTime(a.timestamp) - parseServerTime(b.timestamp) || (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0);
		return descending ? -order : order;
	});
	if (raw.next_page_id === null) return page;
	const lastName = [...names].reverse().find(name => name !== null) ?? null;
	// Without a readable last item past the token (or a second denser than a page after a restart)
	// only the server's own id moves forward; it skips one event, the one case we cannot avoid.
	return {...page, next_page_id: lastName !== null && pastToken(lastName) ? lastName : raw.next_page_id};
}
