import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {createStore} from '../../source/store/createStore.js';
import {harness, record, type Harness} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const SEARCH_SANDBOXES = 'GET /api/v1/sandboxes/search?limit=100';

describe('polling', () => {
	it('polls only the visible resource, at the interval, and fetches a stale tab at once', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		const t0 = h.clock.now();
		h.store.start();
		await h.settle();
		expect(h.lines()).toEqual([SEARCH_SANDBOXES]);

		await h.advance(4999);
		expect(h.server.requests).toHaveLength(1);
		await h.advance(1);
		await h.advance(15_000);
		// one request per 5 s interval and nothing for the hidden tabs
		expect(h.server.requests.map(r => r.at - t0)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
		expect(new Set(h.lines())).toEqual(new Set([SEARCH_SANDBOXES]));

		h.server.clearRequests();
		h.store.setVisible('specs');
		await h.settle();
		// never fetched: at once; sandboxes stop polling while hidden
		expect(h.lines()).toEqual(['GET /api/v1/sandbox-specs/search?limit=100']);
		await h.advance(12_000);
		expect(h.lines().filter(l => l.includes('/sandboxes'))).toEqual([]);
		expect(h.lines().filter(l => l.includes('sandbox-specs'))).toHaveLength(3);

		// sandboxes were fetched 12 s ago: older than the interval, so switching back fetches at once
		h.server.clearRequests();
		h.store.setVisible('sandboxes');
		await h.settle();
		expect(h.lines()).toEqual([SEARCH_SANDBOXES]);

		// specs were fetched 2 s ago: switching back waits for the rest of the interval
		await h.advance(1000);
		h.server.clearRequests();
		h.store.setVisible('specs');
		await h.settle();
		expect(h.server.requests).toHaveLength(0);
		await h.advance(1999);
		expect(h.server.requests).toHaveLength(0);
		await h.advance(1);
		expect(h.lines()).toEqual(['GET /api/v1/sandbox-specs/search?limit=100']);
	});

	it('does nothing before start() and nothing after dispose()', async () => {
		h = await harness({seed: 'demo'}, {visible: 'sandboxes'});
		await h.advance(20_000);
		expect(h.server.requests).toHaveLength(0);
		h.store.start();
		await h.settle();
		expect(h.server.requests).toHaveLength(1);
		h.store.dispose();
		expect(h.clock.pendingTimers).toBe(0);
		await h.advance(20_000);
		expect(h.server.requests).toHaveLength(1);
	});

	it('honours refreshMs, never below 1 s', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes', refreshMs: 200});
		const t0 = h.clock.now();
		h.store.start();
		await h.advance(3000);
		expect(h.server.requests.map(r => r.at - t0)).toEqual([0, 1000, 2000, 3000]);
	});

	it('an unchanged poll notifies nobody and keeps every identity', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		// the demo seed has one sandbox still booting (1 ms on the server's clock)
		await h.advance(5000);
		h.server.clearRequests();
		const before = h.store.getSnapshot();
		expect(before.sandboxes.data?.length).toBeGreaterThan(1);
		let calls = 0;
		h.store.subscribe(() => calls++);
		await h.advance(25_000);
		expect(h.server.requests).toHaveLength(5);
		expect(calls).toBe(0);
		expect(h.store.getSnapshot()).toBe(before);
	});

	it('a change notifies once per poll and unchanged rows keep their identity', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		await h.advance(5000);
		const before = h.store.getSnapshot().sandboxes.data!;
		const running = before.find(s => s.status === 'RUNNING')!;
		await h.client.pauseSandbox(running.id);
		const seen = record(h.store);
		await h.advance(5000);
		expect(seen).toHaveLength(1);
		const after = seen[0]!.sandboxes.data!;
		expect(after).not.toBe(before);
		after.forEach((sandbox, i) => {
			if (sandbox.id === running.id) expect(sandbox.status).toBe('PAUSED');
			else expect(sandbox).toBe(before[i]);
		});
		expect(seen[0]!.sandboxes.fetchedAt).toBe(h.clock.now());
		expect(seen[0]!.specs).toBe(h.store.getSnapshot().specs);
	});

	it('exposes loading only for the first load and for refresh()', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		const seen = record(h.store);
		h.store.start();
		await h.settle();
		// snapshots where the sandboxes state changed (the server label arrives in one of its own)
		const changes = seen.filter((s, i) => i === 0 || s.sandboxes !== seen[i - 1]!.sandboxes);
		expect(changes.map(s => s.sandboxes.loading)).toEqual([true, false]);
		expect(changes[1]!.sandboxes.data).toBeDefined();

		seen.length = 0;
		h.store.refresh();
		await h.settle();
		expect(seen.map(s => s.sandboxes.loading)).toEqual([true, false]);
	});

	it('refresh() joins a fetch in flight instead of sending a second request', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		h.store.refresh();
		// let the first request get onto the wire, then ask twice more while it is there
		await new Promise(resolve => setImmediate(resolve));
		h.store.refresh();
		h.store.refresh();
		await h.settle();
		expect(h.server.requests).toHaveLength(1);
		expect(h.store.getSnapshot().sandboxes.loading).toBe(false);

	});

	// the harness probes before the store starts: the lines are the store's own reads
	it.each([
		['legacy', 'GET /api/settings'],
		['current', 'GET /api/v1/settings'],
	] as const)('%s: settings poll too; a 404 is data null, not an error', async (generation, read) => {
		h = await harness({generation, seed: 'demo', withSettings: false}, {visible: 'settings'});
		h.store.start();
		await h.advance(5000);
		const {settings} = h.store.getSnapshot();
		expect(settings.data).toBeNull();
		expect(settings.error).toBeNull();
		expect(h.lines()).toEqual([read, read]);
	});

	it('runs on the real clock and timers by default', async () => {
		const server = await startStandInServer({seed: 'demo', rateLimit: false});
		const client = createClient({baseUrl: server.url});
		const store = createStore(client, {visible: 'specs'});
		try {
			const loaded = new Promise<void>(resolve => {
				store.subscribe(() => {
					if (store.getSnapshot().specs.data) resolve();
				});
			});
			store.start();
			await loaded;
			expect(store.getSnapshot().specs.data?.length).toBeGreaterThan(0);
			expect(store.getSnapshot().specs.fetchedAt).toBeGreaterThan(Date.now() - 60_000);
		} finally {
			store.dispose();
			await client.close();
			await server.close();
		}
	});
	it('prefetch loads a hidden resource once and never polls it', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		h.server.clearRequests();
		h.store.prefetch('specs');
		h.store.prefetch('specs'); // joins the one in flight
		await h.settle();
		expect(h.lines()).toEqual(['GET /api/v1/sandbox-specs/search?limit=100']);
		expect(h.store.getSnapshot().specs.data?.length).toBeGreaterThan(1);
		h.store.prefetch('specs'); // already loaded: nothing
		await h.advance(11_000);
		expect(h.lines().filter(l => l.includes('sandbox-specs'))).toHaveLength(1);
	});
});
