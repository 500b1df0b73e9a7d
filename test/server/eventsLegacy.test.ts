import {describe, expect, it} from 'vitest';
import {byTitle, conversations, dashedOf} from './activityHelpers.js';
import {get, manualClock, startServer} from './helpers.js';

const LEGACY = {generation: 'legacy', live: false} as const;
const FILE_NAME = /^\d{14}_[A-Za-z]+_[0-9a-f]{32}$/;

const fileName = (e: {kind: string; id: string; timestamp: string}) =>
	`${e.timestamp.slice(0, 19).replace(/[-T:]/g, '')}_${e.kind}_${e.id.replaceAll('-', '')}`;

describe('legacy app-server events (/api/v1/events/*, shared/openhands-api-newer.md 4.1)', () => {
	it('pages by file name and loses the event named by next_page_id at every page boundary', async () => {
		const server = await startServer({...LEGACY, seed: {events: 250}});
		const [c] = await conversations(server);
		const search = (q: string) => get(server, `/api/v1/events/search?conversation_id__eq=${c!.id}&limit=100${q}`);
		const first = await search('');
		expect(first.json.items).toHaveLength(100);
		expect(first.json.next_page_id).toMatch(FILE_NAME);
		const second = await search(`&page_id=${first.json.next_page_id}`);
		const third = await search(`&page_id=${second.json.next_page_id}`);
		expect(second.json.items).toHaveLength(100);
		expect(third.json.items).toHaveLength(48);
		expect(third.json.next_page_id).toBeNull();
		const seen = [...first.json.items, ...second.json.items, ...third.json.items];
		expect(new Set(seen.map(e => e.id)).size).toBe(248);
		expect((await get(server, `/api/v1/events/count?conversation_id__eq=${c!.id}`)).json).toBe(250);
		// the lost ones are exactly the events the two next_page_ids name
		const named = [first.json.next_page_id, second.json.next_page_id];
		for (const name of named) expect(seen.some(e => fileName(e) === name)).toBe(false);
		// listing order is the file name's: second, then kind, then id
		const names = seen.map(fileName);
		expect([...names].sort()).toEqual(names);
	});

	it('renders SDK 1.1 shapes with nulls kept', async () => {
		const server = await startServer({...LEGACY, now: manualClock().now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const items = (await get(server, `/api/v1/events/search?conversation_id__eq=${c.id}`)).json.items;
		const action = items.find((e: any) => e.kind === 'ActionEvent' && e.tool_name === 'terminal');
		expect(action.action.kind).toBe('ExecuteBashAction');
		expect(action).not.toHaveProperty('parent_id');
		expect(action).toMatchObject({reasoning_content: null, responses_reasoning_item: null});
		const observation = items.find((e: any) => e.kind === 'ObservationEvent' && e.tool_name === 'terminal');
		expect(observation.observation.kind).toBe('ExecuteBashObservation');
		expect(observation.observation.content[0].text).toMatch(/\n\[The command completed with exit code \d+\.\]$/);
		const message = items.find((e: any) => e.kind === 'MessageEvent');
		expect(message.llm_message).toMatchObject({cache_enabled: false, tool_calls: null, force_string_serializer: false});
	});

	it('filters by kind, sorts descending, and validates like FastAPI', async () => {
		const server = await startServer({...LEGACY, now: manualClock().now});
		const c = await byTitle(server, 'Plan: split the monolith');
		const base = `/api/v1/events/search?conversation_id__eq=${c.id}`;
		const messages = (await get(server, `${base}&kind__eq=MessageEvent`)).json.items;
		expect(messages.length).toBeGreaterThan(1);
		expect(messages.every((e: any) => e.kind === 'MessageEvent')).toBe(true);
		const up = (await get(server, base)).json.items.map((e: any) => e.id);
		const down = (await get(server, `${base}&sort_order=TIMESTAMP_DESC`)).json.items.map((e: any) => e.id);
		expect(down).toEqual([...up].reverse());

		const badKind = await get(server, `${base}&kind__eq=openhands.sdk.event.llm_convertible.message.MessageEvent`);
		expect(badKind.status).toBe(422);
		expect(badKind.json.detail[0]).toMatchObject({type: 'literal_error', loc: ['query', 'kind__eq']});
		expect(badKind.json.detail[0].msg).toMatch(/^Input should be 'Condensation', .* or 'PauseEvent'$/);
		const over = await get(server, `${base}&limit=101`);
		expect([over.status, over.text, over.headers.get('content-type')]).toEqual([500, 'Internal Server Error', 'text/plain; charset=utf-8']);
		expect((await get(server, `${base}&limit=0`)).json.detail[0].type).toBe('greater_than');
		expect((await get(server, '/api/v1/events/search?conversation_id__eq=nope')).json.detail[0]).toMatchObject({type: 'uuid_parsing'});
		expect((await get(server, `${base}&sort_order=NEWEST`)).status).toBe(422);
	});

	it('compares timestamp filters with the file name second as a naive datetime; an offset is a plain 500', async () => {
		const server = await startServer({...LEGACY, now: manualClock().now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const base = `/api/v1/events/search?conversation_id__eq=${c.id}`;
		const items = (await get(server, base)).json.items;
		const event = items.find((e: any) => e.kind === 'ObservationEvent' && /\.\d{6}$/.test(e.timestamp) && !e.timestamp.endsWith('.000000'));
		const second = event.timestamp.slice(0, 19);
		const ids = async (q: string) => (await get(server, `${base}${q}`)).json.items.map((e: any) => e.id);
		// the cursor at the event's own time drops it: its file says HH:MM:SS, which is < HH:MM:SS.ffffff
		expect(await ids(`&timestamp__gte=${event.timestamp}`)).not.toContain(event.id);
		// a cursor truncated to the second keeps it (and whatever else happened in that second)
		const fromSecond = await ids(`&timestamp__gte=${second}`);
		expect(fromSecond).toContain(event.id);
		expect(fromSecond.length).toBe(items.filter((e: any) => e.timestamp.slice(0, 19) >= second).length);
		expect(await ids(`&timestamp__lt=${second}`)).not.toContain(event.id);
		const count = (await get(server, `/api/v1/events/count?conversation_id__eq=${c.id}&timestamp__gte=${second}`)).json;
		expect(count).toBe(fromSecond.length);

		const aware = await get(server, `${base}&timestamp__gte=${second}Z`);
		expect([aware.status, aware.text]).toEqual([500, 'Internal Server Error']);
		expect((await get(server, `/api/v1/events/count?conversation_id__eq=${c.id}&timestamp__lt=${second}%2B02:00`)).status).toBe(500);
		// nothing to compare with, nothing raised: a conversation without events answers an empty page
		const none = await get(server, `/api/v1/events/search?conversation_id__eq=${'0'.repeat(32)}&timestamp__gte=${second}Z`);
		expect(none.json).toEqual({items: [], next_page_id: null});
	});

	it('lists every conversation without conversation_id__eq and finds events by id across them', async () => {
		const server = await startServer({...LEGACY, now: manualClock().now});
		const list = await conversations(server);
		let total = 0;
		for (const c of list) total += (await get(server, `/api/v1/events/count?conversation_id__eq=${c.id}`)).json;
		expect((await get(server, '/api/v1/events/count')).json).toBe(total);
		const page = (await get(server, '/api/v1/events/search?limit=3')).json;
		expect(page.items).toHaveLength(3);
		const [a, b] = page.items;
		const batch = await get(server, `/api/v1/events?id=${a.id}&id=${b.id.replaceAll('-', '')}&id=${dashedOf('f'.repeat(32))}`);
		expect(batch.json).toEqual([a, b, null]);
		const many = Array.from({length: 101}, () => `id=${a.id}`).join('&');
		expect((await get(server, `/api/v1/events?${many}`)).status).toBe(500);
		expect((await get(server, '/api/v1/events')).json.detail[0]).toMatchObject({type: 'missing', loc: ['query', 'id']});
	});

	it('has no current-generation event or send-message routes', async () => {
		const server = await startServer({...LEGACY, now: manualClock().now});
		const [c] = await conversations(server);
		const current = await get(server, `/api/v1/conversation/${c!.id}/events/search`);
		expect(current.headers.get('content-type')).toMatch(/^text\/html/);
		const send = await fetch(`${server.url}/api/v1/app-conversations/${c!.id}/send-message`, {method: 'POST', body: '{}'});
		expect(send.status).toBe(405);
	});
});
