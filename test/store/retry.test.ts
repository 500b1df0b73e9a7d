// Issue 9 items 5 and 11: waits the server asks for are clamped (no timer overflow anywhere in the
// store), and a 401 is retried slowly while the message keeps saying to check the key.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {Core, MAX_TIMER_MS} from '../../source/store/core.js';
import type {PollingStore} from '../../source/store/createStore.js';
import {realScheduler, type Scheduler} from '../../source/store/scheduler.js';
import {clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

/** what a fixed server saw: the store time and `METHOD /path` of each request */
type Seen = {at: number; line: string};

/** A server answering every request with `status`, `headers` and `body`. */
async function fixedServer(clock: ManualClock, status: number, headers: Record<string, string>, body: unknown) {
	const seen: Seen[] = [];
	const server: Server = createServer((request, response) => {
		seen.push({at: clock.now(), line: `${request.method} ${new URL(request.url ?? '/', 'http://x').pathname}`});
		response.writeHead(status, {'content-type': 'application/json', ...headers});
		response.end(JSON.stringify(body));
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	server.on('connection', socket => cleanup.push(() => void socket.destroy()));
	cleanup.push(() => new Promise<void>(resolve => server.close(() => resolve())));
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen};
}

const SEARCH = 'GET /api/v1/sandboxes/search';

/** store times (from t0) of the sandbox list requests */
function searches(seen: readonly Seen[], t0: number): number[] {
	return seen.filter(s => s.line === SEARCH).map(s => s.at - t0);
}

/** what else was asked, with its time: the client's generation probe (api/probe.ts) */
function others(seen: readonly Seen[], t0: number): string[] {
	return seen.filter(s => s.line !== SEARCH).map(s => `${s.at - t0} ${s.line}`);
}

function storeFor(url: string, clock: ManualClock, apiKey?: string): PollingStore {
	const client = createClient({baseUrl: url, ...(apiKey ? {apiKey} : {})});
	const {store, closeStore} = clockedStore(clock, client, {visible: 'sandboxes'});
	cleanup.push(closeStore);
	return store;
}

describe('Retry-After and timers are clamped', () => {
	for (const retryAfter of ['3000000', 'Fri, 31 Dec 9999 23:59:59 GMT']) {
		it(`a 429 with Retry-After: ${retryAfter} waits five minutes, then tries again`, async () => {
			const clock = new ManualClock();
			const {url, seen} = await fixedServer(clock, 429, {'retry-after': retryAfter}, {message: 'Too many requests'});
			const store = storeFor(url, clock);
			const t0 = clock.now();
			store.start();
			await store.whenSettled();
			const state = store.getSnapshot().sandboxes;
			expect(state.error?.kind).toBe('rate_limited');
			expect(state.retryAt).toBe(t0 + 300_000);
			await clock.advance(650_000, () => store.whenSettled());
			expect(searches(seen, t0)).toEqual([0, 300_000, 600_000]);
			// the generation probe's one request (it got the 429 too); the polls do not repeat it
			expect(others(seen, t0)).toEqual(['0 GET /api/v1/settings']);
		});
	}

	it('no delay handed to the timers is ever past 2^31-1 ms, and Node prints no TimeoutOverflowWarning', async () => {
		const asked: number[] = [];
		const real = realScheduler();
		const recording: Scheduler = {...real, setTimeout: (callback, ms) => (asked.push(ms), real.setTimeout(callback, ms))};
		const warnings: string[] = [];
		const onWarning = (warning: Error) => warnings.push(warning.name);
		process.on('warning', onWarning);
		cleanup.push(() => void process.off('warning', onWarning));
		const core = new Core({scheduler: recording});
		cleanup.push(() => core.dispose());
		let fired = 0;
		core.after(3_000_000_000, () => fired++);
		core.after(Number.POSITIVE_INFINITY, () => fired++);
		core.after(Number.NaN, () => fired++);
		await new Promise(resolve => setTimeout(resolve, 50));
		expect(asked.every(ms => ms >= 0 && ms <= MAX_TIMER_MS)).toBe(true);
		expect(asked.slice(0, 2)).toEqual([MAX_TIMER_MS, MAX_TIMER_MS]);
		expect(warnings).not.toContain('TimeoutOverflowWarning');
		// the huge ones did not fire after 1 ms (what an overflowing timer does)
		expect(fired).toBe(1);
	});
});

describe('401', () => {
	it('is retried once a minute, not at the backoff pace, and keeps saying to check the key; Ctrl-r still tries at once', async () => {
		const clock = new ManualClock();
		const {url, seen} = await fixedServer(clock, 401, {}, {detail: 'Unauthorized'});
		const store = storeFor(url, clock, 'sk-wrong-key-1234567890');
		const t0 = clock.now();
		store.start();
		await clock.advance(185_000, () => store.whenSettled());
		expect(searches(seen, t0)).toEqual([0, 60_000, 120_000, 180_000]);
		// auth auto with a key: the probe ran once before the first call (a JSON 401 is the current
		// settings route; an OSS-shaped refusal is asked once more, then the other scheme once; then the
		// public flavour route), never again
		expect(others(seen, t0)).toEqual(['0 GET /api/v1/settings', '0 GET /api/v1/settings', '0 GET /api/v1/settings', '0 GET /api/v1/web-client/config']);
		const state = store.getSnapshot().sandboxes;
		expect(state.error?.kind).toBe('unauthorized');
		expect(state.error?.message).toMatch(/check the API key/);
		expect(state.retryAt).toBe(t0 + 240_000);
		store.refresh();
		await store.whenSettled();
		expect(searches(seen, t0)).toEqual([0, 60_000, 120_000, 180_000, 185_000]);
		expect(others(seen, t0)).toHaveLength(4);
		expect(store.getSnapshot().sandboxes.error?.message).toMatch(/check the API key/);
	});
});
