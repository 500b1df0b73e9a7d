import {describe, expect, it} from 'vitest';
import {get, HEX32, request, startServer} from './helpers.js';

const ids = (name: string, values: string[]) => values.map(v => `${name}=${encodeURIComponent(v)}`).join('&');

// paging, filters and batch alignment are the same on both generations
describe.each(['legacy', 'current'] as const)('paging (%s)', generation => {
	it('pages 250 sandboxes as "100", "200", null with string offsets', async () => {
		const server = await startServer({generation, seed: {sandboxes: 250}});
		const first = await get(server, '/api/v1/sandboxes/search');
		expect(first.json.items).toHaveLength(100);
		expect(first.json.next_page_id).toBe('100');
		const second = await get(server, '/api/v1/sandboxes/search?page_id=100');
		expect(second.json.items).toHaveLength(100);
		expect(second.json.next_page_id).toBe('200');
		const third = await get(server, '/api/v1/sandboxes/search?page_id=200');
		expect(third.json.items).toHaveLength(50);
		expect(third.json.next_page_id).toBeNull();
		const all = [...first.json.items, ...second.json.items, ...third.json.items].map((s: {id: string}) => s.id);
		expect(new Set(all).size).toBe(250);
		// at most 4 of the seeded ones run, key and urls only on those
		const running = [...first.json.items, ...second.json.items, ...third.json.items].filter(s => s.status === 'RUNNING');
		expect(running.length).toBeLessThanOrEqual(4);
		// a page_id that is not an integer is offset 0
		const junk = await get(server, '/api/v1/sandboxes/search?page_id=abc&limit=5');
		expect(junk.json.items.map((s: {id: string}) => s.id)).toEqual(all.slice(0, 5));
		expect(junk.json.next_page_id).toBe('5');
	});

	it('pages conversations with SQL semantics and filters them', async () => {
		const server = await startServer({generation, seed: {sandboxes: 30, conversations: 260}});
		const first = await get(server, '/api/v1/app-conversations/search?limit=100');
		expect(first.json.next_page_id).toBe('100');
		const last = await get(server, '/api/v1/app-conversations/search?limit=100&page_id=200');
		expect(last.json.next_page_id).toBeNull();
		const topLevel = first.json.items.length + (await get(server, '/api/v1/app-conversations/search?page_id=100')).json.items.length + last.json.items.length;
		const count = (await get(server, '/api/v1/app-conversations/count')).json;
		// count ignores the sub-conversation filter, search excludes them by default
		expect(count).toBe(260);
		expect(topLevel).toBeLessThan(260);
		for (const c of first.json.items) expect(c.sub_conversation_ids).toEqual([]);
		const withSubs = await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true&limit=100&page_id=200');
		expect(withSubs.json.items).toHaveLength(60);
	});

	it('matches title__contains like SQLite LIKE: case-insensitive, % and _ wildcards', async () => {
		const server = await startServer({generation});
		const titles = async (q: string) =>
			(await get(server, `/api/v1/app-conversations/search?include_sub_conversations=true&title__contains=${encodeURIComponent(q)}`)).json.items.map(
				(c: {title: string}) => c.title,
			);
		expect(await titles('FLAKY')).toEqual(['Fix flaky date parsing test in utils']);
		expect(await titles('extract%service')).toHaveLength(2);
		expect(await titles('Fix fl_ky')).toEqual(['Fix flaky date parsing test in utils']);
		expect(await titles('no such title at all')).toEqual([]);
		expect((await get(server, '/api/v1/app-conversations/count?title__contains=extract')).json).toBe(2);
		const future = await get(server, '/api/v1/app-conversations/search?created_at__gte=2999-01-01T00:00:00Z');
		expect(future.json).toEqual({items: [], next_page_id: null});
	});

	it('answers batches aligned with the input, null for unknown ids', async () => {
		const server = await startServer({generation});
		const [sandbox] = (await get(server, '/api/v1/sandboxes/search?limit=1')).json.items;
		const batch = await get(server, `/api/v1/sandboxes?${ids('id', [sandbox.id, 'oh-agent-server-nope', 'other'])}`);
		expect(batch.json).toHaveLength(3);
		expect(batch.json[0].id).toBe(sandbox.id);
		expect(batch.json.slice(1)).toEqual([null, null]);

		const [conversation] = (await get(server, '/api/v1/app-conversations/search?limit=1')).json.items;
		const dashed = conversation.id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5').toUpperCase();
		const convs = await get(server, `/api/v1/app-conversations?${ids('ids', [dashed, '00000000000000000000000000000000'])}`);
		expect(convs.json[0].id).toBe(conversation.id);
		expect(convs.json[1]).toBeNull();

		const specs = await get(server, `/api/v1/sandbox-specs?${ids('id', ['ghcr.io/openhands/agent-server:4e2ecd8-python', 'nope'])}`);
		expect(specs.json[0].working_dir).toBe('/workspace/project');
		expect(specs.json[1]).toBeNull();

		const [task] = (await get(server, '/api/v1/app-conversations/start-tasks/search?limit=1')).json.items;
		const tasks = await get(server, `/api/v1/app-conversations/start-tasks?${ids('ids', [task.id, 'ffffffffffffffffffffffffffffffff'])}`);
		expect(tasks.json[0].id).toMatch(HEX32);
		expect(tasks.json[1]).toBeNull();
	});

	it('fills sub_conversation_ids only in batch lookups', async () => {
		const server = await startServer({generation});
		const all = (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
		const child = all.find((c: {parent_conversation_id: string | null}) => c.parent_conversation_id);
		expect(child).toBeDefined();
		const [parent] = (await get(server, `/api/v1/app-conversations?ids=${child.parent_conversation_id}`)).json;
		expect(parent.sub_conversation_ids).toContain(child.id);
		expect(parent.sub_conversation_ids).toHaveLength(2);
		expect(all.find((c: {id: string}) => c.id === parent.id).sub_conversation_ids).toEqual([]);
	});

	it('answers the first search page for GET /app-conversations without ids', async () => {
		const server = await startServer({generation});
		const plain = await get(server, '/api/v1/app-conversations');
		const search = await get(server, '/api/v1/app-conversations/search');
		expect(plain.status).toBe(200);
		expect(plain.json.items.map((c: {id: string}) => c.id)).toEqual(search.json.items.map((c: {id: string}) => c.id));
	});

	it.runIf(generation === 'current')('seeds 10,000 sandboxes and conversations and still pages them', async () => {
		const server = await startServer({generation, seed: {sandboxes: 10_000, conversations: 10_000}});
		const page = await get(server, '/api/v1/sandboxes/search?page_id=9950');
		expect(page.json.items).toHaveLength(50);
		expect(page.json.next_page_id).toBeNull();
		const conversations = await request(server, '/api/v1/app-conversations/search?page_id=9000&limit=100');
		expect(conversations.json.items).toHaveLength(100);
	});
});

// d6fab190 quirks (openhands-api.md 9, item 5); current servers: test/server/currentGeneration.test.ts
describe('legacy limits', () => {
	it('answers 422 for bad limits and 500 above 100, with the exact pydantic shapes', async () => {
		const server = await startServer({generation: 'legacy'});
		for (const path of ['/api/v1/sandboxes/search', '/api/v1/app-conversations/search', '/api/v1/sandbox-specs/search', '/api/v1/app-conversations/start-tasks/search']) {
			const zero = await get(server, `${path}?limit=0`);
			expect(zero.status).toBe(422);
			expect(zero.text).toBe(
				'{"detail":[{"type":"greater_than","loc":["query","limit"],"msg":"Input should be greater than 0","input":"0","ctx":{"gt":0}}]}',
			);
			const abc = await get(server, `${path}?limit=abc`);
			expect(abc.text).toBe(
				'{"detail":[{"type":"int_parsing","loc":["query","limit"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]}',
			);
			const big = await get(server, `${path}?limit=101`);
			expect(big.status).toBe(500);
			expect(big.headers.get('content-type')).toMatch(/^text\/plain/);
			expect(big.text).toBe('Internal Server Error');
			expect((await get(server, `${path}?limit=100`)).status).toBe(200);
		}
		const sort = await get(server, '/api/v1/app-conversations/start-tasks/search?sort_order=newest');
		expect(sort.text).toBe(
			`{"detail":[{"type":"enum","loc":["query","sort_order"],"msg":"Input should be 'CREATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT' or 'UPDATED_AT_DESC'","input":"newest","ctx":{"expected":"'CREATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT' or 'UPDATED_AT_DESC'"}}]}`,
		);
		const when = await get(server, '/api/v1/app-conversations/search?created_at__gte=yesterday');
		expect(when.json.detail[0]).toMatchObject({type: 'datetime_from_date_parsing', loc: ['query', 'created_at__gte']});
	});

	it('enforces batch parameters: missing → 422, too many → plain 500', async () => {
		const server = await startServer({generation: 'legacy'});
		const missing = await get(server, '/api/v1/sandboxes');
		expect(missing.status).toBe(422);
		expect(missing.text).toBe('{"detail":[{"type":"missing","loc":["query","id"],"msg":"Field required","input":null}]}');
		const missingIds = await get(server, '/api/v1/app-conversations/start-tasks');
		expect(missingIds.json.detail[0].loc).toEqual(['query', 'ids']);
		const badUuid = await get(server, '/api/v1/app-conversations?ids=not-a-uuid');
		expect(badUuid.text).toBe(
			'{"detail":[{"type":"uuid_parsing","loc":["query","ids",0],"msg":"Input should be a valid UUID, invalid character: found `n` at 1","input":"not-a-uuid","ctx":{"error":"invalid character: found `n` at 1"}}]}',
		);
		const hex = (i: number) => i.toString(16).padStart(32, '0');
		const n = (count: number, name: string, make: (i: number) => string) => Array.from({length: count}, (_, i) => `${name}=${make(i)}`).join('&');
		expect((await get(server, `/api/v1/sandboxes?${n(99, 'id', String)}`)).status).toBe(200);
		expect((await get(server, `/api/v1/sandboxes?${n(100, 'id', String)}`)).status).toBe(500);
		expect((await get(server, `/api/v1/app-conversations?${n(100, 'ids', hex)}`)).status).toBe(500);
		expect((await get(server, `/api/v1/app-conversations/start-tasks?${n(100, 'ids', hex)}`)).status).toBe(500);
		// specs assert `<= 100`
		expect((await get(server, `/api/v1/sandbox-specs?${n(100, 'id', String)}`)).status).toBe(200);
		const specs = await get(server, `/api/v1/sandbox-specs?${n(101, 'id', String)}`);
		expect([specs.status, specs.text]).toEqual([500, 'Internal Server Error']);
	});
});
