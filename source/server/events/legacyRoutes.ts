import {internalError, json, missing, type Reply, unprocessable} from '../errors.js';
import {QueryReader} from '../query.js';
import {type Ctx, route} from '../router.js';
import {readKind, readPaging, readTime, SORT_ORDERS, type QueryTime} from './eventQuery.js';
import {hubOf} from './hub.js';
import type {LegacyFile} from './log.js';
import {LEGACY_EVENT_KINDS} from './model.js';
import {wireEvent} from './wire.js';

/**
 * The legacy app server's event routes (`OH@d6fab190: event/event_router.py`,
 * `event/filesystem_event_service.py`; shared/openhands-api-newer.md 4.1): events are files named
 * `<YYYYMMDDHHMMSS>_<Kind>_<id hex>`, listed in name order, paged by file name.
 */

class NaiveAwareComparison extends Error {}

type Filters = {conversationId: string | null; kind: string | null; gte: QueryTime | null; lt: QueryTime | null};

function readFilters(q: QueryReader): Filters {
	return {
		conversationId: q.uuid('conversation_id__eq'),
		kind: readKind(q, 'kind__eq', LEGACY_EVENT_KINDS),
		gte: readTime(q, 'timestamp__gte'),
		lt: readTime(q, 'timestamp__lt'),
	};
}

/** The files of one conversation's directory, or of every conversation's (`*` glob) when none is named. */
function files(ctx: Ctx, conversationId: string | null): LegacyFile[] {
	const hub = hubOf(ctx.state);
	if (conversationId !== null) return [...(hub.agent(conversationId)?.log.legacyFiles() ?? [])];
	// only conversations whose history exists so far (all of them in the demo; the ones looked at, at scale)
	const all = [...hub.engine.agents.values()].flatMap(agent => agent.log.legacyFiles());
	return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * `_filter_files_by_criteria`: kind from the name; time from the name's second-resolution stamp as a
 * naive datetime, so `timestamp__gte` with a fraction drops the rest of that second, and a value with
 * an offset raises TypeError at the first comparison (a plain-text 500).
 */
function filter(list: LegacyFile[], f: Filters): LegacyFile[] {
	return list.filter(file => {
		if (f.kind !== null && file.record.body.kind !== f.kind) return false;
		if (f.gte || f.lt) {
			const second = Math.floor(file.record.us / 1_000_000) * 1_000_000;
			if (f.gte) {
				if (f.gte.aware) throw new NaiveAwareComparison();
				if (second < f.gte.us) return false;
			}
			if (f.lt) {
				if (f.lt.aware) throw new NaiveAwareComparison();
				if (second >= f.lt.us) return false;
			}
		}
		return true;
	});
}

function guarded(handler: (ctx: Ctx) => Reply): (ctx: Ctx) => Reply {
	return ctx => {
		try {
			hubOf(ctx.state).advance();
			return handler(ctx);
		} catch (error) {
			if (error instanceof NaiveAwareComparison) return internalError();
			throw error;
		}
	};
}

/** `GET /api/v1/events/search` */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const filters = readFilters(q);
	const {sort, pageId, limit} = readPaging(q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	// `lte=100` is not a Query constraint; the handler's `assert limit <= 100` makes it a 500
	if (limit > 100) return internalError();
	const list = filter(files(ctx, filters.conversationId), filters);
	if (sort === 'TIMESTAMP_DESC') list.reverse();
	// the page starts after the file named page_id; an unknown name starts over (4.1)
	let start = 0;
	if (pageId) {
		const i = list.findIndex(file => file.name === pageId);
		if (i >= 0) start = i + 1;
	}
	const shape = hubOf(ctx.state).shape;
	return json(200, {
		items: list.slice(start, start + limit).map(file => wireEvent(file.record, shape)),
		// the first file not returned, which the next page then skips: one event lost per boundary
		next_page_id: start + limit < list.length ? list[start + limit]!.name : null,
	});
}

/** `GET /api/v1/events/count`: same filters (and an unused sort_order), a bare integer. */
function count(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const filters = readFilters(q);
	q.enumOf('sort_order', SORT_ORDERS, 'TIMESTAMP');
	if (q.errors.length > 0) return unprocessable(q.errors);
	return json(200, filter(files(ctx, filters.conversationId), filters).length);
}

/** `GET /api/v1/events?id=…`: found across all conversations by id; null when missing; over 100 → 500. */
function batch(ctx: Ctx): Reply {
	const ids = ctx.query.getAll('id');
	if (ids.length === 0) return unprocessable([missing(['query', 'id'])]);
	if (ids.length > 100) return internalError();
	const hub = hubOf(ctx.state);
	return json(
		200,
		ids.map(id => {
			const found = hub.eventsByHex.get(id.replaceAll('-', ''));
			return found ? wireEvent(found.record, hub.shape) : null;
		}),
	);
}

export const legacyEventRoutes = [
	route('GET', '/api/v1/events/search', guarded(search)),
	route('GET', '/api/v1/events/count', guarded(count)),
	route('GET', '/api/v1/events', guarded(batch)),
];
