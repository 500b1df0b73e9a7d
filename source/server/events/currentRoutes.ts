import {internalError, json, missing, type Reply, unprocessable} from '../errors.js';
import {dashedUuid, parseUuid} from '../ids.js';
import {pySlice, QueryReader} from '../query.js';
import {type Ctx, route} from '../router.js';
import {formatNaive} from '../time.js';
import {readKind, readPaging, readTime, type QueryTime} from './eventQuery.js';
import {hubOf} from './hub.js';
import {CURRENT_EVENT_KINDS, type EventRecord} from './model.js';
import {wireEvent} from './wire.js';

/**
 * The current app server's event routes under `/api/v1/conversation/{conversation_id}/events`
 * (`OH@1a6e1d73: event/event_router.py`, `OH@1eec5880: event/event_service_base.py`; 4.2): one file per
 * event, filtered and sorted in memory by the `timestamp` string, paged by a decimal offset.
 */

type Filters = {kind: string | null; gte: QueryTime | null; lt: QueryTime | null};

function readFilters(q: QueryReader): Filters {
	return {
		kind: readKind(q, 'kind__eq', CURRENT_EVENT_KINDS),
		gte: readTime(q, 'timestamp__gte'),
		lt: readTime(q, 'timestamp__lt'),
	};
}

/** `UUID(conversation_id)` in the handler: anything else is a ValueError → plain-text 500. */
function conversationEvents(ctx: Ctx): EventRecord[] | null {
	const parsed = parseUuid(ctx.params['conversation_id']!);
	if (!('hex' in parsed)) return null;
	// an unknown conversation is just an empty directory: 200 with no items, never 404
	return hubOf(ctx.state).agent(parsed.hex)?.log.events ?? [];
}

/** `isoformat()` of the query value compared as a string with the event's naive `timestamp`. */
function filter(events: readonly EventRecord[], f: Filters): EventRecord[] {
	if (f.kind === null && !f.gte && !f.lt) return [...events];
	return events.filter(event => {
		if (f.kind !== null && event.body.kind !== f.kind) return false;
		const stamp = formatNaive(event.us);
		if (f.gte && stamp < f.gte.iso) return false;
		if (f.lt && stamp >= f.lt.iso) return false;
		return true;
	});
}

/** Python's `int(page_id)`; null when it raises ValueError. */
function pyInt(text: string): number | null {
	const trimmed = text.trim();
	return /^[+-]?\d+(_\d+)*$/.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : null;
}

/** The pre-#14399 server (StandInOptions.timestampFilter500): any timestamp bound fails the search. */
const timestampFails = (ctx: Ctx) =>
	hubOf(ctx.state).options.timestampFilter500 === true && (ctx.query.has('timestamp__gte') || ctx.query.has('timestamp__lt'));

function search(ctx: Ctx): Reply {
	if (timestampFails(ctx)) return internalError();
	const q = new QueryReader(ctx.query);
	const filters = readFilters(q);
	const {sort, pageId, limit} = readPaging(q);
	if (limit > 100 && !q.errors.some(e => e.loc[1] === 'limit')) {
		q.errors.push({
			type: 'less_than_equal',
			loc: ['query', 'limit'],
			msg: 'Input should be less than or equal to 100',
			input: q.str('limit'),
			ctx: {le: 100},
		});
	}
	if (q.errors.length > 0) return unprocessable(q.errors);
	const events = conversationEvents(ctx);
	if (events === null) return internalError();
	let items = filter(events, filters);
	// sorted by the timestamp string: the log already is (timestamps only grow), so descending is a reversal
	if (sort === 'TIMESTAMP_DESC') items.reverse();
	let start = 0;
	if (pageId) {
		const offset = pyInt(pageId);
		if (offset === null) return internalError();
		start = offset;
		items = pySlice(items, start, items.length);
	}
	let next: string | null = null;
	if (items.length > limit) {
		next = String(start + limit);
		items = items.slice(0, limit);
	}
	const shape = hubOf(ctx.state).shape;
	return json(200, {items: items.map(e => wireEvent(e, shape)), next_page_id: next});
}

function count(ctx: Ctx): Reply {
	if (timestampFails(ctx)) return internalError();
	const q = new QueryReader(ctx.query);
	const filters = readFilters(q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	const events = conversationEvents(ctx);
	if (events === null) return internalError();
	return json(200, filters.kind || filters.gte || filters.lt ? filter(events, filters).length : events.length);
}

/** `GET .../events?id=`: over 100 → 400 with detail; a non-UUID id (event or conversation) → 500. */
function batch(ctx: Ctx): Reply {
	const ids = ctx.query.getAll('id');
	if (ids.length === 0) return unprocessable([missing(['query', 'id'])]);
	if (ids.length > 100) return json(400, {detail: `Cannot request more than 100 events at once, got ${ids.length}`});
	const dashed: string[] = [];
	for (const id of ids) {
		const parsed = parseUuid(id);
		if (!('hex' in parsed)) return internalError();
		dashed.push(dashedUuid(parsed.hex));
	}
	const parsed = parseUuid(ctx.params['conversation_id']!);
	if (!('hex' in parsed)) return internalError();
	const hub = hubOf(ctx.state);
	const log = hub.agent(parsed.hex)?.log;
	return json(
		200,
		dashed.map(id => {
			const record = log?.byId.get(id);
			return record ? wireEvent(record, hub.shape) : null;
		}),
	);
}

const advancing =
	(handler: (ctx: Ctx) => Reply) =>
	(ctx: Ctx): Reply => {
		hubOf(ctx.state).advance();
		return handler(ctx);
	};

export const currentEventRoutes = [
	route('GET', '/api/v1/conversation/{conversation_id}/events/search', advancing(search)),
	route('GET', '/api/v1/conversation/{conversation_id}/events/count', advancing(count)),
	route('GET', '/api/v1/conversation/{conversation_id}/events', advancing(batch)),
];
