/**
 * What current servers do differently on the endpoints ohtui already used (shared/openhands-api-newer.md
 * 8): 422 above `limit=100`, 400 for large batches, new fields and statuses, opaque page ids, shared
 * sandboxes. A fixture server enforces the current caps exactly; the client must stay inside them.
 */
import type {ServerResponse} from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {collectPages, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {fixtureJson} from '../generationServers.js';
import {type SeenRequest, sendJson, startTestServer, type TestServer} from '../testServer.js';

let server: TestServer;
let client: OpenHandsClient;

const conversationWire = (fixtureJson('8.2-conversations-search.json') as {items: Record<string, unknown>[]}).items[0]!;
const startTaskWire = (fixtureJson('8.3-start-tasks-get-sqlite.json') as Record<string, unknown>[])[0]!;
const sandboxWire = (fixtureJson('8.1-sandboxes-search.json') as {items: Record<string, unknown>[]}).items[0]!;
const specWire = (fixtureJson('6-specs-search-docker.json') as {items: Record<string, unknown>[]}).items[0]!;

const hex = (n: number) => n.toString(16).padStart(32, '0');

/** The current conversation: `agent_kind`, `public`, `tags`, `acp_server` last (8.3). */
function conversation(id: string, sandboxId = 'oh-agent-server-shared', extra: Record<string, unknown> = {}) {
	return {...conversationWire, id, sandbox_id: sandboxId, agent_kind: 'openhands', public: null, tags: {}, ...extra, acp_server: extra['acp_server'] ?? null};
}

/** The caps of 8.1, exactly: 422 `le=100` on searches, 400 on batches over their count. */
function limitRefusal(request: SeenRequest, res: ServerResponse): boolean {
	const limit = request.query.get('limit');
	if (limit !== null && Number(limit) > 100 && !request.path.startsWith('/api/v1/sandbox-specs')) {
		sendJson(res, 422, {detail: [{type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', input: limit, ctx: {le: 100}}]});
		return true;
	}
	return false;
}

beforeAll(async () => {
	server = await startTestServer();
	client = createClient({baseUrl: server.url, auth: 'session'});
	server.handle((request, res) => {
		if (limitRefusal(request, res)) return;
		const {path, query} = request;
		switch (path) {
			case '/api/v1/app-conversations': {
				const ids = query.getAll('ids');
				if (ids.length >= 100) return sendJson(res, 400, {detail: 'Too many ids requested. Maximum is 99.'});
				return sendJson(res, 200, ids.map(id => (id === hex(404) ? null : conversation(id))));
			}
			case '/api/v1/app-conversations/start-tasks': {
				const ids = query.getAll('ids');
				if (ids.length > 100) return sendJson(res, 400, {detail: `Cannot request more than 100 start tasks at once, got ${ids.length}`});
				return sendJson(res, 200, ids.map(id => ({...startTaskWire, id, status: 'SETTING_UP_SKILLS', dependency_repos_cloned: ['acme/lib']})));
			}
			case '/api/v1/sandboxes': {
				const ids = query.getAll('id');
				if (ids.length > 100) return sendJson(res, 400, {detail: `Cannot request more than 100 sandboxes at once, got ${ids.length}`});
				return sendJson(res, 200, ids.map(id => ({...sandboxWire, id})));
			}
			case '/api/v1/sandbox-specs': {
				const ids = query.getAll('id');
				if (ids.length > 100) return sendJson(res, 500, 'Internal Server Error');
				return sendJson(res, 200, ids.map(id => ({...specWire, id})));
			}
			case '/api/v1/app-conversations/search': {
				// opaque page ids: the client must send back exactly what it got
				const cursor = request.query.get('page_id');
				const cursors = [null, 'eyJvZmZzZXQiOjEwMH0=', '20251115091210_ActionEvent_3f2a/next page'];
				const at = cursors.indexOf(cursor);
				if (at === -1) return sendJson(res, 400, {detail: 'bad page id'});
				const items = Array.from({length: 3}, (_, i) => conversation(hex(at * 10 + i + 1), i === 2 ? 'oh-agent-server-other' : 'oh-agent-server-shared'));
				return sendJson(res, 200, {items, next_page_id: cursors[at + 1] ?? null});
			}
			case '/api/v1/sandboxes/search':
				return sendJson(res, 200, {items: [sandboxWire], next_page_id: null});
			default:
				return sendJson(res, 404, {detail: 'Not Found'});
		}
	});
});
afterAll(async () => {
	await client.close();
	await server.close();
});

const many = (n: number) => Array.from({length: n}, (_, i) => hex(i + 1));

describe('current-server limits (newer doc 8.1)', () => {
	it('searches never ask for more than 100 (422 above), however large the page size asked for', async () => {
		server.seen.length = 0;
		await client.searchConversations({limit: 500});
		await client.searchSandboxes({limit: 101});
		const collected = await collectPages((q, o) => client.searchConversations(q, o), {pageSize: 1000, maxItems: 500});
		expect(collected.items).toHaveLength(9);
		for (const request of server.seen) expect(Number(request.query.get('limit'))).toBeLessThanOrEqual(100);
	});

	it('250 conversation ids go out in batches of at most 99 (400 from 100), results in the caller’s order', async () => {
		server.seen.length = 0;
		const ids = [...many(249), hex(404)];
		const result = await client.getConversations(ids);
		expect(result).toHaveLength(250);
		expect(result.slice(0, 249).map(c => c?.id)).toEqual(ids.slice(0, 249));
		expect(result[249]).toBeNull();
		const sizes = server.seen.map(r => r.query.getAll('ids').length);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(99);
	});

	it('start tasks and sandboxes: batches within 100 (400 above); specs within 100 (500 above)', async () => {
		server.seen.length = 0;
		expect(await client.getStartTasks(many(230))).toHaveLength(230);
		expect(await client.getSandboxes(many(230))).toHaveLength(230);
		expect(await client.getSpecs(many(230))).toHaveLength(230);
		for (const request of server.seen) {
			expect(request.query.getAll('ids').length + request.query.getAll('id').length).toBeLessThanOrEqual(100);
		}
	});
});

describe('new fields, statuses and opaque page ids (newer doc 8.3, 8.4)', () => {
	it('a conversation of an ACP agent, public, tagged, with a status of a later SDK', async () => {
		server.handle((_request, res) =>
			sendJson(res, 200, {
				items: [
					conversation(hex(1), 'sb', {agent_kind: 'acp', public: true, tags: {acpserver: 'claude-code'}, acp_server: 'claude-code', execution_status: 'deleting'}),
					// an odd value in a new field costs the field, not the row
					conversation(hex(2), 'sb', {tags: {n: 5}, public: 'yes', sandbox_status: 'STOPPING'}),
				],
				next_page_id: null,
			}),
		);
		const page = await client.searchConversations();
		expect(page.items[0]).toMatchObject({agent_kind: 'acp', public: true, tags: {acpserver: 'claude-code'}, acp_server: 'claude-code', execution_status: 'deleting'});
		expect(page.items[1]).toMatchObject({id: hex(2), sandbox_status: 'STOPPING'});
		expect(page.items[1]?.tags).toBeUndefined();
		expect(page.items[1]?.public).toBeUndefined();
	});

	it('follows opaque page ids verbatim; conversations sharing a sandbox are all kept', async () => {
		server.handle((request, res) => {
			const cursor = request.query.get('page_id');
			const cursors = [null, 'eyJvZmZzZXQiOjEwMH0=', '20251115091210_ActionEvent_3f2a/next page'];
			const at = cursors.indexOf(cursor);
			if (at === -1) return sendJson(res, 400, {detail: 'bad page id'});
			const items = Array.from({length: 3}, (_, i) => conversation(hex(at * 10 + i + 1), 'oh-agent-server-shared'));
			sendJson(res, 200, {items, next_page_id: cursors[at + 1] ?? null});
		});
		const collected = await collectPages((q, o) => client.searchConversations(q, o));
		expect(collected.items).toHaveLength(9);
		expect(new Set(collected.items.map(c => c.sandbox_id))).toEqual(new Set(['oh-agent-server-shared']));
		expect(collected.more).toBe(false);
	});

	it('start task SETTING_UP_SKILLS with dependency_repos_cloned; ExposedUrl.port; a shared sandbox without key or urls', async () => {
		server.handle((request, res) => {
			if (request.path.endsWith('/start-tasks')) {
				return sendJson(res, 200, [{...startTaskWire, status: 'SETTING_UP_SKILLS', dependency_repos_cloned: ['acme/lib']}]);
			}
			sendJson(res, 200, {
				items: [
					{...sandboxWire, exposed_urls: [{name: 'AGENT_SERVER', url: 'http://localhost:34521', port: 8000}]},
					{...sandboxWire, id: 'oh-agent-server-shared', session_api_key: null, exposed_urls: null, status: 'STOPPING'},
				],
				next_page_id: null,
			});
		});
		const [task] = await client.getStartTasks([hex(1)]);
		expect(task).toMatchObject({status: 'SETTING_UP_SKILLS', dependency_repos_cloned: ['acme/lib']});
		const page = await client.searchSandboxes();
		expect(page.items[0]?.exposed_urls?.[0]).toEqual({name: 'AGENT_SERVER', url: 'http://localhost:34521', port: 8000});
		expect(page.items[1]).toMatchObject({session_api_key: null, exposed_urls: null, status: 'STOPPING'});
	});
});
