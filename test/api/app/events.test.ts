import {describe, expect, it} from 'vitest';
import type {EventQuery, Generation} from '../../../source/api/client.js';
import {searchEvents} from '../../../source/api/app/events.js';
import type {ApiContext} from '../../../source/api/context.js';
import {legacyFileName} from '../../../source/api/app/legacyEvents.js';
import {activityContexts} from '../../support/activityContext.js';
import type {ActivityServer} from '../../support/activityServer.js';
import {type RawEvent, isoformat, makeEvent} from '../../support/eventData.js';
import {contextFor} from '../../support/generationClient.js';
import {sendJson, sendText, startTestServer} from '../testServer.js';

const CONV = '0123456789abcdef0123456789abcdef';
const T0 = Date.UTC(2025, 10, 15, 9, 0, 0);

const contexts = activityContexts();
let server: ActivityServer;

/** `count` events, `perSecond` of them in each second (kinds cycle, so file-name order is not time order). */
function trajectory(count: number, perSecond: number): RawEvent[] {
	return Array.from({length: count}, (_, n) => makeEvent(n, T0 + Math.floor(n / perSecond) * 1000 + (n % perSecond) * 7));
}

async function open(generation: Generation, events: RawEvent[]): Promise<ApiContext> {
	const opened = await contexts.open(generation);
	server = opened.server;
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb', title: 't', execution: 'running', events});
	return opened.ctx;
}

async function pageAll(c: ApiContext, query: EventQuery): Promise<{ids: string[]; requests: number}> {
	const ids: string[] = [];
	let pageId: string | null = query.pageId ?? null;
	let requests = 0;
	do {
		const page = await searchEvents(c, CONV, {...query, pageId});
		requests++;
		ids.push(...page.items.map(e => e.id));
		pageId = page.next_page_id;
	} while (pageId !== null && requests < 100);
	return {ids, requests};
}

const byTime = (events: RawEvent[]) => [...events].sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1)).map(e => e.id);

describe.each<Generation>(['legacy', 'current'])('%s event search', generation => {
	it('pages through every event exactly once, oldest first and newest first', async () => {
		const events = trajectory(350, 6);
		const c = await open(generation, events);
		const up = await pageAll(c, {limit: 100});
		expect(up.requests).toBe(4);
		const down = await pageAll(c, {limit: 100, sortOrder: 'TIMESTAMP_DESC'});
		if (generation === 'current') {
			expect(up.ids).toEqual(byTime(events));
			expect(down.ids).toEqual(byTime(events).reverse());
		} else {
			// pages are cut in file-name order (second, then kind): a second split over two pages
			// comes back in two parts, so only each page is in time order (the store sorts its window)
			expect([...up.ids].sort()).toEqual(byTime(events).sort());
			expect(new Set(up.ids).size).toBe(350);
			expect([...down.ids].sort()).toEqual(byTime(events).sort());
			expect(new Set(down.ids).size).toBe(350);
		}
	});

	it('sends bounds as naive UTC and answers exactly the range asked for, to the millisecond', async () => {
		const events = trajectory(60, 6);
		const c = await open(generation, events);
		const from = events[20]!; // 09:00:03.014…
		const to = events[41]!;
		const gte = new Date(Date.parse(`${from.timestamp}Z`));
		const lt = new Date(Date.parse(`${to.timestamp}Z`));
		const page = await searchEvents(c, CONV, {timestampGte: gte, timestampLt: lt});
		// bounds hold milliseconds; the events carry microseconds: the event at the lower bound's
		// millisecond is in, the one at the upper bound's is out
		expect(page.items.map(e => e.id)).toEqual(events.slice(20, 41).map(e => e.id));
		const sent = server.seen.at(-1)!.query;
		for (const name of ['timestamp__gte', 'timestamp__lt']) {
			expect(sent.get(name)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{3})?$/);
		}
		if (generation === 'legacy') {
			// whole seconds: the server compares them with the file name's second
			expect(sent.get('timestamp__gte')).toBe('2025-11-15T09:00:03');
			expect(sent.get('timestamp__lt')).toBe('2025-11-15T09:00:07');
		}
	});

	it('keeps the limit within 1..100 (legacy servers answer 500 above, current ones 422)', async () => {
		const c = await open(generation, trajectory(150, 3));
		const page = await searchEvents(c, CONV, {limit: 500});
		expect(page.items).toHaveLength(100);
		expect(server.seen.at(-1)!.query.get('limit')).toBe('100');
	});

	it('skips and counts an event it cannot read; the rest of the page stays', async () => {
		const events: RawEvent[] = trajectory(5, 5);
		(events[2] as Record<string, unknown>).id = 42;
		(events[3] as Record<string, unknown>).timestamp = 'yesterday';
		const c = await open(generation, events);
		const page = await searchEvents(c, CONV, {});
		expect(page.skipped).toBe(2);
		expect(page.items.map(e => e.id)).toEqual([events[0]!.id, events[1]!.id, events[4]!.id]);
		expect(page.items[1]).toMatchObject({kind: 'ActionEvent', source: 'agent', raw: {tool_name: 'terminal'}});
	});
});

describe('legacy page ids (file names)', () => {
	it("the server's own next_page_id loses one event per page; ours loses none", async () => {
		const events = trajectory(250, 4);
		const c = await open('legacy', events);
		// the quirk as the fixture (and the real server) has it: one event lost at each boundary
		const raw: string[] = [];
		let pageId: string | null = null;
		do {
			const query: string = `conversation_id__eq=${CONV}&limit=100${pageId ? `&page_id=${pageId}` : ''}`;
			const answer = (await (await fetch(`${server.url}/api/v1/events/search?${query}`)).json()) as {items: RawEvent[]; next_page_id: string | null};
			raw.push(...answer.items.map(e => e.id));
			pageId = answer.next_page_id;
		} while (pageId);
		expect(raw).toHaveLength(248);
		expect((await pageAll(c, {limit: 100})).ids).toHaveLength(250);
	});

	it('hands out the file name of the last event returned', async () => {
		const events = trajectory(150, 4);
		const c = await open('legacy', events);
		const page = await searchEvents(c, CONV, {limit: 100});
		const names = events.map(legacyFileName).sort();
		expect(page.next_page_id).toBe(names[99]);
		expect(legacyFileName(events[0])).toBe(`20251115090000_MessageEvent_${events[0]!.id.replaceAll('-', '')}`);
	});

	it('an event gone between two pages: continues by time from its second, nothing lost or repeated', async () => {
		const events = trajectory(350, 4);
		const everyId = events.map(e => e.id);
		const c = await open('legacy', events);
		const first = await searchEvents(c, CONV, {limit: 100});
		const second = await searchEvents(c, CONV, {limit: 100, pageId: first.next_page_id});
		// the last event of page two goes away: its name, our page id, is unknown to the server now
		const held = server.conversations.get(CONV)!.events;
		held.splice(held.findIndex(e => legacyFileName(e) === second.next_page_id), 1);
		const rest = await pageAll(c, {limit: 100, pageId: second.next_page_id});
		const all = [...first.items, ...second.items].map(e => e.id).concat(rest.ids);
		expect(new Set(all).size).toBe(all.length);
		expect(all.sort()).toEqual(everyId.sort());
		// the restart was noticed and the search went on by time from the gone event's second
		expect(server.lines().filter(line => /timestamp__gte=2025-11-15T09%3A00%3A49(&|$)/.test(line))).toHaveLength(1);
	});

	it('events of one second come back in time order, not in file-name (kind) order', async () => {
		const events = [makeEvent(4, T0 + 900), makeEvent(0, T0 + 100), makeEvent(1, T0 + 500)];
		const c = await open('legacy', events);
		const page = await searchEvents(c, CONV, {});
		expect(page.items.map(e => e.timestamp)).toEqual([isoformat(T0 + 100, 0), isoformat(T0 + 500, 37), isoformat(T0 + 900, 148)]);
	});
});

describe('bad answers', () => {
	it('an HTML page, a plain-text 500 and a body without items are one-line errors', async () => {
		const test = await startTestServer();
		try {
			const c = contextFor({baseUrl: test.url}, 'current');
			test.handle((_r, res) => sendText(res, 200, '<!doctype html><html></html>', 'text/html'));
			await expect(searchEvents(c, CONV)).rejects.toMatchObject({kind: 'bad_response', message: expect.stringMatching(/HTML page/)});
			test.handle((_r, res) => sendText(res, 500, 'Internal Server Error'));
			await expect(searchEvents(c, CONV)).rejects.toMatchObject({kind: 'server', message: expect.stringMatching(/^server error \(500\)/)});
			test.handle((_r, res) => sendJson(res, 200, {events: []}));
			await expect(searchEvents(c, CONV)).rejects.toMatchObject({kind: 'bad_response', message: expect.stringMatching(/items/)});
			expect(test.seen[0]?.path).toBe(`/api/v1/conversation/${CONV}/events/search`);
			await c.close();
		} finally {
			await test.close();
		}
	});
});
