// Issue 9 items 4 and 5 at the client: an overall deadline per request (a trickling body must end),
// a longer one for actions the server blocks on, and Retry-After clamped to a sane wait.
import type {ServerResponse} from 'node:http';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {type ClientOptions, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {MAX_RETRY_AFTER_MS, retryAfterMs} from '../../../source/api/transport/errorFromResponse.js';
import {sendJson, startTestServer, type TestServer} from '../testServer.js';
import {apiFailure} from '../apiFailure.js';

let server: TestServer;
const clients: OpenHandsClient[] = [];
const timers = new Set<NodeJS.Timeout>();

function client(options: Partial<ClientOptions> = {}): OpenHandsClient {
	const made = createClient({baseUrl: server.url, ...options});
	clients.push(made);
	return made;
}

/** Sends a valid page one byte every `everyMs`, forever (until the client goes away). */
function trickle(res: ServerResponse, everyMs: number): void {
	const body = JSON.stringify({items: [], next_page_id: null}).padEnd(10_000, ' ');
	res.writeHead(200, {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)});
	let at = 0;
	const tick = () => {
		if (res.destroyed || at >= body.length) return;
		res.write(body[at++]);
		const timer = setTimeout(() => {
			timers.delete(timer);
			tick();
		}, everyMs);
		timers.add(timer);
	};
	tick();
}

beforeAll(async () => {
	server = await startTestServer();
});
afterEach(async () => {
	for (const timer of timers) clearTimeout(timer);
	timers.clear();
	await Promise.all(clients.splice(0).map(async made => made.close()));
});
afterAll(async () => {
	await server.close();
});

describe('overall request deadline', () => {
	it('a body trickling a byte every 100 ms (under the body time-out) ends in a timeout at the deadline', async () => {
		server.handle((_request, res) => trickle(res, 100));
		// the body time-out (2 s) restarts at every byte and would never fire
		const error = await apiFailure(client({bodyTimeoutMs: 2000, requestDeadlineMs: 1500}).searchSandboxes());
		expect(error.kind).toBe('timeout');
		expect(error.message).toMatch(/^server did not finish answering within 1\.5 s \(GET \/api\/v1\/sandboxes\/search\)$/);
	});

	it('CallOptions.deadlineMs overrides the default for one call', async () => {
		server.handle((_request, res) => trickle(res, 100));
		const error = await apiFailure(client({requestDeadlineMs: 60_000}).searchSandboxes({}, {deadlineMs: 800}));
		expect(error.kind).toBe('timeout');
		expect(error.message).toMatch(/within 0\.8 s/);
	});

	it('an action given a longer deadline waits past the headers time-out for a server that blocks', async () => {
		const sandbox = {
			id: 'sb-slow',
			created_by_user_id: null,
			sandbox_spec_id: 'spec',
			status: 'STARTING',
			session_api_key: null,
			exposed_urls: null,
			created_at: '2025-11-15T09:12:04Z',
		};
		server.handle((_request, res) => {
			const timer = setTimeout(() => sendJson(res, 200, sandbox), 1200);
			timers.add(timer);
		});
		// the pool's headers time-out (500 ms) alone would give up; the call's 5 s deadline wins
		const started = await client({headersTimeoutMs: 500}).startSandbox(null, {deadlineMs: 5000});
		expect(started.id).toBe('sb-slow');
		const error = await apiFailure(client({headersTimeoutMs: 500}).startSandbox(null));
		expect(error.kind).toBe('timeout');
	});

	it('the caller aborting still reads as aborted, not as a time-out', async () => {
		server.handle((_request, res) => trickle(res, 100));
		const controller = new AbortController();
		const call = client({requestDeadlineMs: 10_000}).searchSandboxes({}, {signal: controller.signal});
		setTimeout(() => controller.abort(), 200);
		expect((await apiFailure(call)).kind).toBe('aborted');
	});
});

describe('Retry-After is clamped', () => {
	it('huge seconds, far HTTP dates and garbage give at most five minutes', () => {
		const now = Date.UTC(2025, 10, 15, 9, 0, 0);
		expect(MAX_RETRY_AFTER_MS).toBe(300_000);
		expect(retryAfterMs('3000000', now)).toBe(MAX_RETRY_AFTER_MS);
		expect(retryAfterMs('9'.repeat(400), now)).toBe(MAX_RETRY_AFTER_MS);
		expect(retryAfterMs('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
		expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
		expect(retryAfterMs('Thu, 01 Jan 1970 00:00:00 GMT', now)).toBe(0);
	});

	it('a 429 asking for 3,000,000 s carries a five-minute wait and says so', async () => {
		server.handle((_request, res) => sendJson(res, 429, {message: 'Too many requests'}, {'retry-after': '3000000'}));
		const error = await apiFailure(client().searchSandboxes());
		expect(error.kind).toBe('rate_limited');
		expect(error.retryAfterMs).toBe(MAX_RETRY_AFTER_MS);
		expect(error.message).toMatch(/retry in 300 s/);
	});

	it('a 429 with an HTTP date in 9999 carries a five-minute wait', async () => {
		server.handle((_request, res) => sendJson(res, 429, {message: 'Too many requests'}, {'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT'}));
		const error = await apiFailure(client().searchSandboxes());
		expect(error.retryAfterMs).toBe(MAX_RETRY_AFTER_MS);
	});
});
