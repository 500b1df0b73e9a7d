import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {collectPages, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {sendJson, startTestServer, type TestServer} from '../testServer.js';

let server: TestServer;
let client: OpenHandsClient;

const sandbox = (index: number) => ({
	id: `sb-${index}`,
	created_by_user_id: null,
	sandbox_spec_id: 'spec',
	status: 'PAUSED',
	session_api_key: null,
	exposed_urls: null,
	created_at: '2025-11-15T09:12:04Z',
});

/** Serves `total` sandboxes the way the real in-memory services page them (1.6). */
function serveOffsets(total: number): void {
	server.handle((request, res) => {
		const offset = Number.parseInt(request.query.get('page_id') ?? '0', 10) || 0;
		const limit = Number(request.query.get('limit') ?? '100');
		if (limit > 100) return sendJson(res, 500, 'Internal Server Error');
		const end = Math.min(total, offset + limit);
		const items = Array.from({length: end - offset}, (_, index) => sandbox(offset + index));
		sendJson(res, 200, {items, next_page_id: end < total ? String(end) : null});
	});
}

beforeAll(async () => {
	server = await startTestServer();
	client = createClient({baseUrl: server.url});
});
afterEach(() => {
	server.seen.length = 0;
});
afterAll(async () => {
	await client.close();
	await server.close();
});

const fetchSandboxes = (query: Parameters<OpenHandsClient['searchSandboxes']>[0]) => client.searchSandboxes(query);

describe('collectPages', () => {
	it('follows next_page_id to the end with limits never above 100', async () => {
		serveOffsets(250);
		const result = await collectPages(fetchSandboxes, {pageSize: 500});
		expect(result.items).toHaveLength(250);
		expect(result.items.at(-1)?.id).toBe('sb-249');
		expect(result.more).toBe(false);
		expect(result.nextPageId).toBeNull();
		expect(server.seen.map(request => [request.query.get('page_id'), request.query.get('limit')])).toEqual([
			[null, '100'],
			['100', '100'],
			['200', '100'],
		]);
	});

	it('stops at maxItems and says more exist', async () => {
		serveOffsets(250);
		const result = await collectPages(fetchSandboxes, {maxItems: 150});
		expect(result.items).toHaveLength(150);
		expect(result.more).toBe(true);
		expect(result.nextPageId).toBe('150');
		expect(server.seen.map(request => request.query.get('limit'))).toEqual(['100', '50']);
	});

	it('exactly maxItems on the last page → no more', async () => {
		serveOffsets(100);
		const result = await collectPages(fetchSandboxes, {maxItems: 100});
		expect(result.items).toHaveLength(100);
		expect(result.more).toBe(false);
	});

	it('continues from a given page id with a small page size', async () => {
		serveOffsets(30);
		const result = await collectPages(fetchSandboxes, {pageId: '20', pageSize: 4});
		expect(result.items.map(item => item.id)).toEqual(Array.from({length: 10}, (_, index) => `sb-${20 + index}`));
		expect(server.seen).toHaveLength(3);
	});

	it('a server that repeats its page id does not loop forever', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: [sandbox(1)], next_page_id: '1'}));
		const result = await collectPages(fetchSandboxes, {maxItems: 10_000});
		expect(server.seen.length).toBeLessThanOrEqual(3);
		expect(result.items.length).toBe(server.seen.length);
	});

	it('a server ignoring the limit is cut at maxItems', async () => {
		server.handle((_request, res) => sendJson(res, 200, {items: Array.from({length: 40}, (_, index) => sandbox(index)), next_page_id: null}));
		const result = await collectPages(fetchSandboxes, {maxItems: 25});
		expect(result.items).toHaveLength(25);
		expect(result.more).toBe(true);
	});
});
