import {request} from 'node:http';
import {describe, expect, it} from 'vitest';
import {manualClock} from '../helpers.js';
import {allEvents, byTitle, call, DASHED, NAIVE_US, startAgent, UNKNOWN, UNKNOWN_DASHED} from './helpers.js';

const MESSAGE = 'openhands.sdk.event.llm_convertible.message.MessageEvent';

/** Paths of the null values in a JSON value. */
function nulls(value: unknown, path = ''): string[] {
	if (value === null) return [path];
	if (typeof value !== 'object') return [];
	return Object.entries(value as object).flatMap(([k, v]) => nulls(v, `${path}.${k}`));
}

describe('agent server stand-in: events over REST (§5; §10 items 14-18)', () => {
	it('answers 404 "Conversation not found: <dashed uuid>" on every events route of an unknown conversation', async () => {
		const server = await startAgent();
		const expected = `{"detail":"Conversation not found: ${UNKNOWN_DASHED}"}`;
		for (const [method, path, body] of [
			['GET', 'search', undefined],
			['GET', 'count', undefined],
			['POST', '', {content: []}],
			['POST', 'respond_to_confirmation', {accept: true}],
		] as const) {
			const got = await call(server, `/api/conversations/${UNKNOWN}/events${path ? `/${path}` : ''}`, {method, body});
			expect([path, got.status, got.text]).toEqual([path, 404, expected]);
		}
	});

	it('gives events with naive µs timestamps, dashed ids, a parent_id chain, no null fields and kind last; a system prompt first', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const events = await allEvents(server, c.id);
		expect(events[0].kind).toBe('SystemPromptEvent');
		expect(events[0].parent_id).toBeUndefined();
		events.forEach((event, i) => {
			expect(event.id).toMatch(DASHED);
			expect(event.timestamp).toMatch(NAIVE_US);
			expect(Object.keys(event).at(-1)).toBe('kind');
			expect(Object.keys(event).slice(0, 3)).toEqual(['id', 'timestamp', 'source']);
			if (i > 0) expect(event.parent_id).toBe(events[i - 1].id);
			// exclude_none on models; nulls inside a dict-valued state update stay (`stats`)
			if (event.kind !== 'ConversationStateUpdateEvent') expect(nulls(event)).toEqual([]);
		});
		const action = events.find(e => e.kind === 'ActionEvent');
		expect(Object.keys(action.action).at(-1)).toBe('kind');
		const stats = events.find(e => e.key === 'stats');
		expect(stats.value.usage_to_metrics.agent.max_budget_per_task).toBeNull();
	});

	it('stores each step’s stats after its observation, timestamped before its action (§6.2)', async () => {
		const server = await startAgent();
		const events = await allEvents(server, (await byTitle(server, 'Fix flaky date parsing')).id);
		const i = events.findIndex(e => e.kind === 'ActionEvent');
		expect(events[i + 1].kind).toBe('ObservationEvent');
		expect(events[i + 2]).toMatchObject({kind: 'ConversationStateUpdateEvent', key: 'stats'});
		expect(events[i + 2].timestamp < events[i].timestamp).toBe(true);
	});

	it('walks the log in storage order (reverse for TIMESTAMP_DESC), pages by event id, restarts on an unknown page id', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Plan: split the billing');
		const all = await allEvents(server, c.id);
		const page = await call(server, `/api/conversations/${c.id}/events/search?limit=5`);
		expect(page.json.items.map((e: {id: string}) => e.id)).toEqual(all.slice(0, 5).map(e => e.id));
		expect(page.json.next_page_id).toBe(all[5].id);
		const desc = await call(server, `/api/conversations/${c.id}/events/search?limit=4&sort_order=TIMESTAMP_DESC`);
		expect(desc.json.items.map((e: {id: string}) => e.id)).toEqual(all.slice(-4).reverse().map(e => e.id));
		const older = await call(server, `/api/conversations/${c.id}/events/search?limit=4&sort_order=TIMESTAMP_DESC&page_id=${desc.json.next_page_id}`);
		expect(older.json.items[0].id).toBe(all.at(-5).id);
		const restart = await call(server, `/api/conversations/${c.id}/events/search?limit=2&page_id=nope`);
		expect(restart.json.items[0].id).toBe(all[0].id);
		// storage order, not timestamp order: the stats update is older than the event before it
		const stamps = all.map(e => e.timestamp);
		expect([...stamps].sort()).not.toEqual(stamps);
	});

	it('filters kind by the fully-qualified class only (kind__eq ignored), source, body text, and counts with the same filters', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const all = await allEvents(server, c.id);
		const messages = all.filter(e => e.kind === 'MessageEvent');
		const base = `/api/conversations/${c.id}/events`;
		expect((await call(server, `${base}/search?kind=${MESSAGE}`)).json.items.map((e: {id: string}) => e.id)).toEqual(messages.map(e => e.id));
		expect((await call(server, `${base}/search?kind=MessageEvent`)).json.items).toEqual([]);
		expect((await call(server, `${base}/search?kind__eq=MessageEvent&limit=3`)).json.items).toHaveLength(3);
		expect((await call(server, `${base}/count?kind=${MESSAGE}`)).text).toBe(String(messages.length));
		expect((await call(server, `${base}/count?source=user`)).text).toBe(String(all.filter(e => e.source === 'user').length));
		const found = (await call(server, `${base}/search?body=FLAKY DATE`)).json.items;
		expect(found.length).toBeGreaterThan(0);
		expect(found.every((e: {kind: string}) => e.kind === 'MessageEvent')).toBe(true);
		expect((await call(server, `${base}/count`)).text).toBe(String(all.length));
	});

	it('compares timestamp__gte/__lt as strings in the server’s zone: naive values as they are, aware ones converted first', async () => {
		// a server two hours east of UTC: its naive stamps read 2 h ahead of the UTC instant
		const server = await startAgent({utcOffsetMinutes: 120});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const all = await allEvents(server, c.id);
		const mid = all[Math.floor(all.length / 2)];
		const base = `/api/conversations/${c.id}/events/count`;
		const from = all.filter(e => e.timestamp >= mid.timestamp).length;
		expect((await call(server, `${base}?timestamp__gte=${mid.timestamp}`)).text).toBe(String(from));
		expect((await call(server, `${base}?timestamp__lt=${mid.timestamp}`)).text).toBe(String(all.length - from));
		// the same instant, said in UTC with a Z
		const utc = new Date(`${mid.timestamp.slice(0, 23)}Z`).getTime() - 2 * 3600_000;
		const aware = `${new Date(utc).toISOString().slice(0, 19)}.${mid.timestamp.slice(20)}Z`;
		expect((await call(server, `${base}?timestamp__gte=${encodeURIComponent(aware)}`)).text).toBe(String(from));
		expect((await call(server, `${base}?timestamp__gte=${encodeURIComponent(mid.timestamp)}%2B02:00`)).text).toBe(String(from));
	});

	it('trips on limit=101 (500 with error_id), 422 on limit=0; one event with nulls; an unknown event id is a 500', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const over = await call(server, `/api/conversations/${c.id}/events/search?limit=101`);
		expect([over.status, over.json.detail, over.json.exception]).toEqual([500, 'Internal Server Error', '']);
		expect(over.json.error_id).toMatch(/^[0-9a-f]{32}$/);
		expect((await call(server, `/api/conversations/${c.id}/events/search?limit=0`)).status).toBe(422);
		const [first] = await allEvents(server, c.id);
		const one = await call(server, `/api/conversations/${c.id}/events/${first.id}`);
		expect(one.json.id).toBe(first.id);
		expect(one.json.dynamic_context.text).toMatch(/^<CURRENT_DATETIME>\nThe current date and time is: \d{4}-\d\d-\d\dT\d\d:\d\d\n<\/CURRENT_DATETIME>$/);
		const action = (await allEvents(server, c.id)).find(e => e.kind === 'ActionEvent');
		expect(action).not.toHaveProperty('reasoning_content');
		expect((await call(server, `/api/conversations/${c.id}/events/${action.id}`)).json.reasoning_content).toBeNull();
		expect((await call(server, `/api/conversations/${c.id}/events/${UNKNOWN_DASHED}`)).status).toBe(500);
		// a GET with a JSON array of ids as its body (fetch cannot send one)
		const ids = JSON.stringify([first.id, 'nope']);
		const batch = await new Promise<string>((resolve, reject) => {
			const headers = {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(ids))};
			const req = request(`${server.url}/api/conversations/${c.id}/events`, {method: 'GET', headers}, res => {
				let text = '';
				res.on('data', chunk => (text += chunk));
				res.on('end', () => resolve(text));
			});
			req.on('error', reject);
			req.end(ids);
		});
		expect(JSON.parse(batch).map((e: {id: string} | null) => e?.id ?? null)).toEqual([first.id, null]);
	});

	it('stores a sent message without running (run defaults to false), accepts empty content, runs with run:true', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const before = await allEvents(server, c.id);
		const sent = await call(server, `/api/conversations/${c.id}/events`, {method: 'POST', body: {content: [{type: 'text', text: 'Also update the changelog.'}]}});
		expect(sent.text).toBe('{"success":true}');
		const after = await allEvents(server, c.id);
		// a finished conversation goes idle before it takes the message (LocalConversation.send_message)
		expect(after.slice(before.length).map(e => e.kind === 'MessageEvent' ? 'message' : `${e.key}=${e.key === 'execution_status' ? e.value : '…'}`)).toEqual([
			'execution_status=idle',
			'message',
			'last_user_message_id=…',
		]);
		expect((await call(server, `/api/conversations/${c.id}`)).json.execution_status).toBe('idle');
		expect((await call(server, `/api/conversations/${c.id}/events`, {method: 'POST', body: {content: []}})).status).toBe(200);
		await call(server, `/api/conversations/${c.id}/events`, {method: 'POST', body: {content: [{type: 'text', text: 'Go'}], run: true}});
		expect((await call(server, `/api/conversations/${c.id}`)).json.execution_status).toBe('running');
		const count = (await allEvents(server, c.id)).length;
		clock.advance(60_000);
		expect((await allEvents(server, c.id)).length).toBeGreaterThan(count);
		const bad = await call(server, `/api/conversations/${c.id}/events`, {method: 'POST', body: {role: 'assistant', content: []}});
		expect(bad.status).toBe(500);
	});
});
