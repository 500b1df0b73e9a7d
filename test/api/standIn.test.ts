import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {collectPages, createClient, type OpenHandsClient, type Sandbox} from '../../source/api/index.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {apiFailure} from './apiFailure.js';

const KEY = 'stand-in-key-Zx81';

let server: StandInServer;
let client: OpenHandsClient;
const extra: {close(): Promise<void>}[] = [];

/** Calls `read` until `done` says so (the stand-in's steps run on short real timers here). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
	for (let attempt = 0; attempt < 300; attempt++) {
		const value = await read();
		if (done(value)) return value;
		await new Promise(resolve => setTimeout(resolve, 20));
	}
	throw new Error('condition never reached');
}

function requestsTo(path: string) {
	return server.requests.filter(request => request.path === path);
}

// Both generations the client probes for (legacy: /api/settings, V1 open, Bearer accepted; current:
// /api/v1/settings, V1 behind the key): the same calls, the generation found by the client itself.
describe.each(['legacy', 'current'] as const)('%s stand-in', generation => {
	beforeAll(async () => {
		server = await startStandInServer({
			generation,
			seed: {sandboxes: 250, conversations: 150},
			apiKey: KEY,
			bootMs: 60,
			stepMs: 15,
			rateLimit: false,
		});
		client = createClient({baseUrl: server.url, apiKey: KEY});
	});
	afterAll(async () => {
		await client.close();
		await Promise.all(extra.map(async item => item.close()));
		await server.close();
	});

	describe('settings', () => {
		it('reads settings with the session key (legacy: a bearer key too); secrets are null', async () => {
			const settings = await client.getSettings();
			expect(settings).not.toBeNull();
			expect(typeof settings?.llm.apiKeySet).toBe('boolean');
			expect(JSON.stringify(settings)).not.toContain(KEY);
			const bearer = createClient({baseUrl: server.url, apiKey: KEY, auth: 'bearer'});
			extra.push(bearer);
			// current OSS servers check X-Session-API-Key only (shared/openhands-api-newer.md 3)
			if (generation === 'legacy') expect(await bearer.getSettings()).toEqual(settings);
			else expect((await apiFailure(bearer.getSettings())).kind).toBe('unauthorized');
		});

		it('a wrong or missing key → unauthorized', async () => {
			const wrong = createClient({baseUrl: server.url, apiKey: 'nope'});
			const none = createClient({baseUrl: server.url});
			extra.push(wrong, none);
			expect((await apiFailure(wrong.getSettings())).kind).toBe('unauthorized');
			const error = await apiFailure(none.getSettings());
			expect(error.kind).toBe('unauthorized');
			expect(error.message).toContain('unauthorized (401)');
		});

		it('a fresh install (no settings) → null', async () => {
			const fresh = await startStandInServer({generation, seed: 'empty', withSettings: false, rateLimit: false});
			const freshClient = createClient({baseUrl: fresh.url});
			extra.push(freshClient, fresh);
			expect(await freshClient.getSettings()).toBeNull();
		});
	});

	describe('sandboxes', () => {
		let all: Sandbox[] = [];

		it('pages across 250 sandboxes with the paging helper, never asking for more than 100', async () => {
			server.clearRequests();
			const result = await collectPages(query => client.searchSandboxes(query), {maxItems: 10_000, pageSize: 1000});
			all = result.items;
			expect(result.more).toBe(false);
			expect(all).toHaveLength(250);
			expect(new Set(all.map(sandbox => sandbox.id)).size).toBe(250);
			const limits = requestsTo('/api/v1/sandboxes/search').map(request => Number(new URLSearchParams(request.query).get('limit')));
			expect(limits).toEqual([100, 100, 100]);
			// newest first (2.7)
			expect(all[0]!.created_at).toBeGreaterThanOrEqual(all[249]!.created_at);
		});

		it('stops at maxItems and reports more', async () => {
			const result = await collectPages(query => client.searchSandboxes(query), {maxItems: 120});
			expect(result.items).toHaveLength(120);
			expect(result.more).toBe(true);
		});

		it('batch get over 150 ids is chunked below 100 and re-joined in order', async () => {
			server.clearRequests();
			const ids = [...all.slice(0, 150).map(sandbox => sandbox.id), 'oh-agent-server-doesNotExist'].reverse();
			const result = await client.getSandboxes(ids);
			expect(result.map(sandbox => sandbox?.id ?? null)).toEqual(ids.map((id, index) => (index === 0 ? null : id)));
			const sizes = requestsTo('/api/v1/sandboxes').map(request => new URLSearchParams(request.query).getAll('id').length);
			expect(sizes).toEqual([99, 52]);
		});

		it('start → STARTING, boots to RUNNING; pause → PAUSED; resume → RUNNING', async () => {
			const spec = (await client.searchSpecs()).items[0]!;
			const started = await client.startSandbox(spec.id);
			expect(started.status).toBe('STARTING');
			expect(started.sandbox_spec_id).toBe(spec.id);
			const startRequest = server.requests.findLast(request => request.method === 'POST' && request.path === '/api/v1/sandboxes');
			expect(new URLSearchParams(startRequest?.query).get('sandbox_spec_id')).toBe(spec.id);

			const running = await until(async () => (await client.getSandboxes([started.id]))[0], sandbox => sandbox?.status === 'RUNNING');
			expect(running?.session_api_key).toBeTruthy();
			expect(running?.exposed_urls?.some(url => url.name === 'AGENT_SERVER')).toBe(true);

			await client.pauseSandbox(started.id);
			const paused = await until(async () => (await client.getSandboxes([started.id]))[0], sandbox => sandbox?.status === 'PAUSED');
			expect(paused?.session_api_key).toBeNull();

			await client.resumeSandbox(started.id);
			await until(async () => (await client.getSandboxes([started.id]))[0], sandbox => sandbox?.status === 'RUNNING');
		});

		it('pause / resume of an unknown sandbox → not_found', async () => {
			expect((await apiFailure(client.pauseSandbox('oh-agent-server-nope'))).kind).toBe('not_found');
			expect((await apiFailure(client.resumeSandbox('oh-agent-server-nope'))).kind).toBe('not_found');
		});
	});

	describe('specs', () => {
		it('search and batch with an unknown id', async () => {
			const page = await client.searchSpecs();
			expect(page.items.length).toBeGreaterThan(0);
			const first = page.items[0]!;
			const batch = await client.getSpecs([first.id, 'nope']);
			expect(batch[0]).toEqual(first);
			expect(batch[1]).toBeNull();
		});
	});

	describe('conversations', () => {
		it('search pages, title filter and count', async () => {
			const page = await client.searchConversations({limit: 20});
			expect(page.items).toHaveLength(20);
			expect(page.next_page_id).toBe('20');
			for (const conversation of page.items) {
				expect(conversation.id).toMatch(/^[0-9a-f]{32}$/);
				expect(conversation.sub_conversation_ids).toEqual([]);
			}
			const count = await client.countConversations();
			// count includes sub-conversations, search does not (2.3)
			const everything = await collectPages(query => client.searchConversations(query), {maxItems: 10_000});
			expect(count).toBe(150);
			expect(everything.items.length).toBeLessThanOrEqual(count);
			expect(everything.items.length).toBeGreaterThan(100);

			const title = page.items[0]!.title!;
			const filtered = await client.searchConversations({titleContains: title});
			expect(filtered.items.map(item => item.id)).toContain(page.items[0]!.id);
			expect(await client.countConversations({titleContains: title})).toBeGreaterThanOrEqual(1);
		});

		it('batch get over 150 ids (dashed and hex) in chunks, unknown → null', async () => {
			const everything = await collectPages(query => client.searchConversations(query), {maxItems: 10_000});
			const hex = everything.items.map(item => item.id);
			const unknown = '0123456789abcdef0123456789abcdef';
			const dashed = (id: string) => `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
			const ids = [...hex, unknown, ...hex.slice(0, 150 - hex.length + 10).map(dashed)];
			expect(ids.length).toBeGreaterThan(150);
			server.clearRequests();
			const result = await client.getConversations(ids);
			expect(result).toHaveLength(ids.length);
			expect(result.map(item => item?.id ?? null)).toEqual(ids.map(id => (id === unknown ? null : id.replaceAll('-', ''))));
			for (const request of requestsTo('/api/v1/app-conversations')) {
				expect(new URLSearchParams(request.query).getAll('ids').length).toBeLessThan(100);
			}
		});

		it('create → WORKING, poll the start task to READY, then the conversation exists', async () => {
			const before = Date.now();
			const created = await client.createConversation({
				initialMessage: 'Fix the failing test in tests/test_dates.py',
				repository: 'octo-org/hello-world',
				branch: 'main',
				gitProvider: 'github',
			});
			if (created.kind !== 'start-task') throw new Error('an app server answers a start task');
			const task = created.task;
			expect(task.status).toBe('WORKING');
			expect(task.app_conversation_id).toBeNull();
			expect(task.request.initial_message?.run).toBe(true);
			expect(task.request.trigger).toBe('openhands_api');

			const ready = await until(
				async () => (await client.getStartTasks([task.id]))[0],
				current => current?.status === 'READY' || current?.status === 'ERROR',
			);
			expect(ready?.status).toBe('READY');
			expect(ready?.app_conversation_id).toMatch(/^[0-9a-f]{32}$/);
			expect(ready?.sandbox_id).toBeTruthy();
			// read back without an offset (SQLite, 1.3): still the right instant, not shifted by the local zone
			expect(Math.abs(ready!.created_at - before)).toBeLessThan(60_000);
			expect(ready!.created_at).toBe(task.created_at);

			const [conversation] = await client.getConversations([ready!.app_conversation_id!]);
			expect(conversation?.selected_repository).toBe('octo-org/hello-world');
			expect(conversation?.sandbox_id).toBe(ready?.sandbox_id);

			const tasks = await client.searchStartTasks({limit: 10, sortOrder: 'CREATED_AT_DESC'});
			expect(tasks.items.map(item => item.id)).toContain(task.id);
			const byConversation = await client.searchStartTasks({conversationIdEq: ready!.app_conversation_id!});
			expect(byConversation.items.map(item => item.id)).toEqual([task.id]);
		});

		it('start tasks batch over 150 ids: unknown ids → null', async () => {
			const ids = Array.from({length: 150}, (_, index) => index.toString(16).padStart(32, '0'));
			const result = await client.getStartTasks(ids);
			expect(result).toHaveLength(150);
			expect(result.every(item => item === null)).toBe(true);
		});
	});
});

describe('rate limit', () => {
	it('the OSS limiter: past 20 requests in a second → rate_limited with Retry-After 1 s', async () => {
		// a frozen clock keeps every request inside one window
		const limited = await startStandInServer({seed: 'empty', now: () => 1_763_197_924_000});
		const limitedClient = createClient({baseUrl: limited.url});
		extra.push(limitedClient, limited);
		for (let index = 0; index < 10; index++) await limitedClient.countConversations();
		// 11..20 are delayed one second each, not refused
		await Promise.all(Array.from({length: 10}, async () => limitedClient.countConversations()));
		const error = await apiFailure(limitedClient.countConversations());
		expect(error.kind).toBe('rate_limited');
		expect(error.retryAfterMs).toBe(1000);
		expect(error.message).toBe('rate limited (429): Too many requests; retry in 1 s (GET /api/v1/app-conversations/count)');
	});
});
