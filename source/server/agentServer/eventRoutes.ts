import {json, type Reply, success, unprocessable} from '../errors.js';
import {readPaging, readTime} from '../events/eventQuery.js';
import {type EventRecord, qualifiedKind} from '../events/model.js';
import {parseConfirmationBody, parseMessageBody} from '../agent/messageBody.js';
import {QueryReader} from '../query.js';
import {answer, say} from './drive.js';
import {asRoute, conversationNotFound, type Ctx, serverError, withConversation} from './routes.js';
import type {Entry} from './state.js';
import {eventJson, eventJsonWithNulls} from './wire.js';
import {naiveLocal, serverIso} from './zone.js';

/** Event routes under `/api/conversations/{conversation_id}/events` (§5; `event_router.py`, `event_service.py`). */

type Filters = {kind: string | null; source: string | null; body: string | null; gte: string | null; lt: string | null};

function readFilters(ctx: Ctx, q: QueryReader): Filters {
	const {zone, features} = ctx.state;
	const gte = readTime(q, 'timestamp__gte');
	const lt = readTime(q, 'timestamp__lt');
	return {
		// the fully-qualified class path: a bare `MessageEvent` matches nothing; `kind__eq` is no parameter
		kind: q.str('kind'),
		source: features.sourceFilter ? q.str('source') : null,
		body: features.sourceFilter ? q.str('body') : null,
		// compared as strings with the naive server-local timestamps, after turning aware values into that zone
		gte: gte ? serverIso(zone, gte) : null,
		lt: lt ? serverIso(zone, lt) : null,
	};
}

function messageText(record: EventRecord): string | null {
	if (record.body.kind !== 'MessageEvent') return null;
	return record.body.content.map(item => (item.type === 'text' ? item.text : '')).join('\n');
}

function matcher(ctx: Ctx, f: Filters): (record: EventRecord) => boolean {
	const {zone} = ctx.state;
	const needle = f.body?.toLowerCase() ?? null;
	return record => {
		if (f.kind !== null && qualifiedKind(record.body.kind) !== f.kind) return false;
		if (f.source !== null && record.source !== f.source) return false;
		if (f.gte !== null || f.lt !== null) {
			const stamp = naiveLocal(zone, record.us);
			if (f.gte !== null && stamp < f.gte) return false;
			if (f.lt !== null && stamp >= f.lt) return false;
		}
		if (needle !== null && !(messageText(record)?.toLowerCase().includes(needle) ?? false)) return false;
		return true;
	};
}

/**
 * `GET …/search`. Since v1.23: no sort, the log is walked in storage order (backwards for
 * TIMESTAMP_DESC) from the `page_id` event (an unknown one starts at the natural start), stopping at
 * `limit + 1` matches. Before: every match sorted by its timestamp string.
 */
function search(ctx: Ctx, entry: Entry): Reply {
	const q = new QueryReader(ctx.query);
	const filters = readFilters(ctx, q);
	const {sort, pageId, limit} = readPaging(q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (limit > 100) return serverError(ctx.state.features);
	const events = entry.agent.log.events;
	const matches = matcher(ctx, filters);
	const desc = sort === 'TIMESTAMP_DESC';
	const items: EventRecord[] = [];
	let next: string | null = null;
	if (ctx.state.features.storageOrder) {
		let start = pageId ? events.findIndex(e => e.id === pageId) : -1;
		if (start < 0) start = desc ? events.length - 1 : 0;
		for (let i = start; desc ? i >= 0 : i < events.length; i += desc ? -1 : 1) {
			const event = events[i]!;
			if (!matches(event)) continue;
			if (items.length >= limit) {
				next = event.id;
				break;
			}
			items.push(event);
		}
	} else {
		const {zone} = ctx.state;
		const all = events.filter(matches).sort((a, b) => (naiveLocal(zone, a.us) < naiveLocal(zone, b.us) ? -1 : naiveLocal(zone, a.us) > naiveLocal(zone, b.us) ? 1 : 0));
		if (desc) all.reverse();
		const start = Math.max(0, pageId ? all.findIndex(e => e.id === pageId) : 0);
		items.push(...all.slice(start, start + limit));
		next = all[start + limit]?.id ?? null;
	}
	return json(200, {items: items.map(e => eventJson(ctx.state, entry.c, e)), next_page_id: next});
}

function count(ctx: Ctx, entry: Entry): Reply {
	const q = new QueryReader(ctx.query);
	const filters = readFilters(ctx, q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	return json(200, entry.agent.log.events.filter(matcher(ctx, filters)).length);
}

/** One event, dumped by the response model (nulls included); an unknown id is the event log's KeyError: a 500. */
function oneEvent(ctx: Ctx, entry: Entry): Reply {
	const id = ctx.params['event_id']!;
	const record = entry.agent.log.byId.get(id);
	return record ? json(200, eventJsonWithNulls(ctx.state, entry.c, record)) : serverError(ctx.state.features, `'Unknown event_id: ${id}'`);
}

/** `GET …/events` with a JSON array of ids as its body: the events, null for misses. */
function batch(ctx: Ctx, entry: Entry): Reply {
	let ids: unknown;
	try {
		ids = JSON.parse(ctx.body ?? '');
	} catch {
		ids = undefined;
	}
	if (!Array.isArray(ids)) return unprocessable([{type: 'list_type', loc: ['body'], msg: 'Input should be a valid list', input: ids ?? null}]);
	return json(
		200,
		ids.map(id => {
			const record = typeof id === 'string' ? entry.agent.log.byId.get(id) : undefined;
			return record ? eventJsonWithNulls(ctx.state, entry.c, record) : null;
		}),
	);
}

/** `POST …/events`: `SendMessageRequest`, `run` false unless asked, empty content accepted (§7.1). */
function send(ctx: Ctx, entry: Entry): Reply {
	const body = parseMessageBody(ctx.body, {roles: ['user', 'system', 'assistant', 'tool'], runDefault: false, minContent: 0});
	if ('errors' in body) return unprocessable(body.errors);
	// `LocalConversation.send_message` asserts it
	if (body.role !== 'user') return serverError(ctx.state.features, 'Only user messages are allowed to be sent to the agent.');
	say(ctx.state, entry, body.content, body.run);
	return success();
}

/** `POST …/respond_to_confirmation` `{"accept", "reason"}`: always 200 for a known conversation (§7.3). */
function respond(ctx: Ctx, entry: Entry): Reply {
	const body = parseConfirmationBody(ctx.body);
	if ('errors' in body) return unprocessable(body.errors);
	answer(ctx.state, entry, body.accept, body.reason);
	return success();
}

/** Every events route: the conversation is a dependency, so an unknown one is a 404 before anything else. */
const onEvents = (handler: (ctx: Ctx, entry: Entry) => Reply) => (ctx: Ctx) => withConversation(ctx, conversationNotFound, entry => handler(ctx, entry));

const BASE = '/api/conversations/{conversation_id}/events';

export const eventRoutes = [
	asRoute('GET', `${BASE}/search`, onEvents(search)),
	asRoute('GET', `${BASE}/count`, onEvents(count)),
	asRoute('POST', `${BASE}/respond_to_confirmation`, onEvents(respond)),
	asRoute('GET', `${BASE}/{event_id}`, onEvents(oneEvent)),
	asRoute('GET', BASE, onEvents(batch)),
	asRoute('POST', BASE, onEvents(send)),
];
