import {describe, expect, it} from 'vitest';
import {byTitle, conversations, currentEvents, dashedOf} from './activityHelpers.js';
import {get, manualClock, startServer} from './helpers.js';

const CURRENT = {generation: 'current', live: false} as const;

describe('current app-server events (/api/v1/conversation/{id}/events/*, shared/openhands-api-newer.md 4.2)', () => {
	it('pages by decimal offset without losing events', async () => {
		const server = await startServer({...CURRENT, seed: {events: 250}});
		const [c] = await conversations(server);
		const base = `/api/v1/conversation/${c!.id}/events/search`;
		const first = await get(server, base);
		expect(first.json.items).toHaveLength(100);
		expect(first.json.next_page_id).toBe('100');
		const second = await get(server, `${base}?page_id=100`);
		expect(second.json.next_page_id).toBe('200');
		const third = await get(server, `${base}?page_id=200`);
		expect(third.json.items).toHaveLength(50);
		expect(third.json.next_page_id).toBeNull();
		const ids = [...first.json.items, ...second.json.items, ...third.json.items].map(e => e.id);
		expect(new Set(ids).size).toBe(250);
		// dashed or hex, the path takes any UUID form
		expect((await get(server, `/api/v1/conversation/${dashedOf(c!.id)}/events/count`)).json).toBe(250);
	});

	it('treats page_id as int(): junk is a plain 500, a negative offset slices from the end', async () => {
		const server = await startServer({...CURRENT, now: manualClock().now});
		const c = await byTitle(server, 'Plan: split the monolith');
		const base = `/api/v1/conversation/${c.id}/events/search`;
		const junk = await get(server, `${base}?page_id=abc`);
		expect([junk.status, junk.text]).toEqual([500, 'Internal Server Error']);
		const all = await currentEvents(server, c.id);
		const tail = await get(server, `${base}?page_id=-5`);
		expect(tail.json.items.map((e: any) => e.id)).toEqual(all.slice(-5).map(e => e.id));
		expect(tail.json.next_page_id).toBeNull();
		const limited = await get(server, `${base}?page_id=-5&limit=2`);
		expect(limited.json.next_page_id).toBe('-3');
	});

	it('answers 422 above 100, an empty page for an unknown conversation, 500 for a non-UUID', async () => {
		const server = await startServer({...CURRENT, now: manualClock().now});
		const [c] = await conversations(server);
		const over = await get(server, `/api/v1/conversation/${c!.id}/events/search?limit=101`);
		expect(over.status).toBe(422);
		expect(over.json.detail).toEqual([
			{type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', input: '101', ctx: {le: 100}},
		]);
		const unknown = await get(server, `/api/v1/conversation/${'a'.repeat(32)}/events/search`);
		expect([unknown.status, unknown.json]).toEqual([200, {items: [], next_page_id: null}]);
		expect((await get(server, `/api/v1/conversation/${'a'.repeat(32)}/events/count`)).json).toBe(0);
		const bad = await get(server, '/api/v1/conversation/not-a-uuid/events/search');
		expect([bad.status, bad.text]).toEqual([500, 'Internal Server Error']);
		const badKind = await get(server, `/api/v1/conversation/${c!.id}/events/search?kind__eq=Nope`);
		expect(badKind.json.detail[0]).toMatchObject({type: 'literal_error', loc: ['query', 'kind__eq']});
	});

	it('follows with a timestamp__gte cursor: string comparison, the cursor event itself included', async () => {
		const server = await startServer({...CURRENT, now: manualClock().now});
		const c = await byTitle(server, 'Investigate memory leak');
		const all = await currentEvents(server, c.id);
		const cursor = all[all.length - 4];
		const since = await get(server, `/api/v1/conversation/${c.id}/events/search?timestamp__gte=${cursor.timestamp}`);
		expect(since.json.items.map((e: any) => e.id)).toEqual(all.slice(-4).map(e => e.id));
		const before = await get(server, `/api/v1/conversation/${c.id}/events/count?timestamp__lt=${cursor.timestamp}`);
		expect(before.json).toBe(all.length - 4);
		const kinds = await get(server, `/api/v1/conversation/${c.id}/events/search?kind__eq=ConversationStateUpdateEvent&sort_order=TIMESTAMP_DESC`);
		expect(kinds.json.items[0]).toMatchObject({key: 'execution_status', value: 'stuck'});
	});

	it('gets events by id: null when missing, 400 over 100, 500 for a non-UUID id', async () => {
		const server = await startServer({...CURRENT, now: manualClock().now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const [a, b] = await currentEvents(server, c.id);
		const base = `/api/v1/conversation/${c.id}/events`;
		const got = await get(server, `${base}?id=${a.id}&id=${b.id.replaceAll('-', '')}&id=${dashedOf('b'.repeat(32))}`);
		expect(got.json).toEqual([a, b, null]);
		const many = Array.from({length: 101}, () => `id=${a.id}`).join('&');
		expect((await get(server, `${base}?${many}`)).json).toEqual({detail: 'Cannot request more than 100 events at once, got 101'});
		expect((await get(server, `${base}?id=xyz`)).status).toBe(500);
		// another conversation's event is not in this one's directory
		const other = await byTitle(server, 'Plan: split the monolith');
		expect((await get(server, `/api/v1/conversation/${other.id}/events?id=${a.id}`)).json).toEqual([null]);
	});

	it('has no legacy /api/v1/events/search route', async () => {
		const server = await startServer({...CURRENT, now: manualClock().now});
		const legacy = await get(server, '/api/v1/events/search');
		expect(legacy.json?.items).toBeUndefined();
	});
});
