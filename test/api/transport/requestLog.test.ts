import {afterEach, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {requestLine} from '../../../source/api/transport/requestLog.js';
import {deadPort, sendJson, startTestServer, type TestServer} from '../testServer.js';

const KEY = 'log-key-Aa11Bb22Cc33';
const open: (TestServer | OpenHandsClient)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

describe('request log lines', () => {
	it('time, method, path, plain query values only for paging/sort/filters, status, ms, bytes', () => {
		const at = new Date('2026-11-22T10:15:02.518Z');
		const line = requestLine({
			at,
			method: 'GET',
			path: '/api/v1/app-conversations/search',
			query: {limit: 100, page_id: '200', title__contains: 'my secret project', ids: ['a', 'b', 'c'], sandbox_id__eq: undefined},
			status: 200,
			failed: null,
			ms: 12.4,
			bytes: 3456,
			apiKey: null,
		});
		expect(line).toBe('2026-11-22T10:15:02.518Z GET /api/v1/app-conversations/search?limit=100&page_id=200&title__contains=…&ids=(3) 200 12ms 3456B');
	});

	it('a failure without an answer, and the key scrubbed if anything ever carried it', () => {
		const line = requestLine({at: new Date(0), method: 'POST', path: `/api/x/${KEY}`, query: undefined, status: null, failed: 'unreachable', ms: 5003, bytes: null, apiKey: KEY});
		expect(line).toBe('1970-01-01T00:00:00.000Z POST /api/x/*** - 5003ms - unreachable');
	});

	it('the client calls the log once per request, never with a header or a body', async () => {
		const server = await startTestServer();
		open.push(server);
		server.handle((_request, res) => sendJson(res, 200, {items: [{secret_body_value: 1}], next_page_id: null}));
		const lines: string[] = [];
		const client = createClient({baseUrl: server.url, apiKey: KEY, auth: 'session', log: line => lines.push(line)});
		open.push(client);
		await client.searchSandboxes({limit: 5}).catch(() => undefined);
		const dead = createClient({baseUrl: `http://127.0.0.1:${await deadPort()}`, auth: 'session', log: line => lines.push(line)});
		open.push(dead);
		await dead.searchSpecs().catch(() => undefined);
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatch(/^\S+Z GET \/api\/v1\/sandboxes\/search\?limit=5 200 \d+ms \d+B$/);
		expect(lines[1]).toMatch(/^\S+Z GET \/api\/v1\/sandbox-specs\/search - \d+ms - unreachable$/);
		for (const line of lines) {
			expect(line).not.toContain(KEY);
			expect(line).not.toContain('secret_body_value');
		}
	});
});
