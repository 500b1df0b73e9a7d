import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

/** The real client, counting the list calls the store makes (at store time), whether they reach a server or not. */
function counting(client: OpenHandsClient, clock: ManualClock): {client: OpenHandsClient; calls: number[]} {
	const calls: number[] = [];
	return {
		calls,
		client: {
			...client,
			searchSandboxes: (query, options) => {
				calls.push(clock.now());
				return client.searchSandboxes(query, options);
			},
		},
	};
}

describe('failures and backoff', () => {
	it('keeps the data, backs off 1 s doubling to 30 s while the server is gone, and recovers when it returns', async () => {
		const clock = new ManualClock();
		let server: StandInServer = await startStandInServer({now: clock.now, seed: 'demo', bootMs: 0, rateLimit: false});
		const port = server.port;
		const real = createClient({baseUrl: server.url, connectTimeoutMs: 2000});
		const {client, calls} = counting(real, clock);
		const {store, advance, closeStore} = clockedStore(clock, client, {visible: 'sandboxes'});
		cleanup.push(() => server.close(), closeStore);

		store.start();
		await store.whenSettled();
		const data = store.getSnapshot().sandboxes.data;
		expect(data?.length).toBeGreaterThan(0);
		const t0 = clock.now();
		await server.close();

		await advance(5000); // the poll at +5 s fails
		let state = store.getSnapshot().sandboxes;
		expect(state.data).toBe(data);
		expect(state.error?.kind).toBe('unreachable');
		expect(state.error?.message).not.toMatch(/\n/);
		expect(state.fetchedAt).toBe(t0);
		expect(state.retryAt).toBe(t0 + 6000);

		await advance(100_000);
		const failedAt = calls.slice(1).map(t => t - t0);
		// +5 s, then 1, 2, 4, 8, 16, 30, 30 s later
		expect(failedAt).toEqual([5000, 6000, 8000, 12_000, 20_000, 36_000, 66_000, 96_000]);
		state = store.getSnapshot().sandboxes;
		expect(state.data).toBe(data);
		expect(state.retryAt).toBe(t0 + 126_000);

		server = await startStandInServer({port, now: clock.now, seed: 'demo', bootMs: 0, rateLimit: false});
		await advance(21_000);
		state = store.getSnapshot().sandboxes;
		expect(state.error).toBeNull();
		expect(state.retryAt).toBeNull();
		expect(state.fetchedAt).toBe(t0 + 126_000);
		expect(state.data?.length).toBeGreaterThan(0);
		// the normal interval resumes by itself
		calls.length = 0;
		await advance(10_000);
		expect(calls.map(t => t - t0)).toEqual([131_000, 136_000]);
	});

	it('waits at least Retry-After after a 429', async () => {
		const clock = new ManualClock();
		const seen: number[] = [];
		const server: Server = createServer((request, response) => {
			seen.push(clock.now());
			response.writeHead(429, {'content-type': 'application/json', 'retry-after': '3'});
			response.end('{"message":"Too many requests"}');
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		const {port} = server.address() as AddressInfo;
		const client = createClient({baseUrl: `http://127.0.0.1:${port}`});
		const {store, closeStore} = clockedStore(clock, client, {visible: 'sandboxes'});
		cleanup.push(() => new Promise<void>(resolve => server.close(() => resolve())), closeStore);
		server.on('connection', socket => cleanup.push(() => void socket.destroy()));

		const t0 = clock.now();
		store.start();
		await store.whenSettled();
		const state = store.getSnapshot().sandboxes;
		expect(state.error?.kind).toBe('rate_limited');
		expect(state.retryAt).toBe(t0 + 3000);
		await clock.advance(10_000, () => store.whenSettled());
		// backoff alone would say 1, 2, 4 s; Retry-After makes the first two 3 s (the first 0 is the
		// store's one generation probe at start, which the 429 answers too)
		expect(seen.map(t => t - t0)).toEqual([0, 0, 3000, 6000, 10_000]);
	});
});
