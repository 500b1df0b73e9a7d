import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {createStore} from '../../source/store/createStore.js';
import {startFaultServer} from '../support/faultServer.js';
import {slowFaults} from '../support/slowFaults.js';
import {harness, realSleep, type Harness} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

/** the most requests found in any window [t, t + 1000) */
function busiestSecond(times: readonly number[]): number {
	let most = 0;
	for (const start of times) most = Math.max(most, times.filter(t => t >= start && t < start + 1000).length);
	return most;
}

describe('request budget', () => {
	it('a burst of 30 actions never puts more than 10 requests in any second, and none is dropped', async () => {
		h = await harness({seed: 'empty', bootMs: 2000}, {visible: 'sandboxes', watchTimeoutMs: 20_000});
		h.store.start();
		await h.advance(2000);
		h.server.clearRequests();
		const t0 = h.clock.now();

		for (let i = 0; i < 30; i++) h.store.startSandbox();
		await h.settle();
		// half the budget goes at once, the rest is paced 110 ms apart: never ten in one burst
		expect(h.lines()).toHaveLength(5);
		expect(h.lines().every(l => l.startsWith('POST /api/v1/sandboxes'))).toBe(true);
		await h.advance(550);
		const firstTen = h.server.requests.slice(0, 10).map(r => r.at - t0);
		expect(firstTen).toEqual([0, 0, 0, 0, 0, 110, 220, 330, 440, 550]);

		for (let i = 0; i < 60 && h.store.getSnapshot().pending.length > 0; i++) await h.advance(1000);
		expect(h.store.getSnapshot().pending).toEqual([]);

		const times = h.server.requests.map(r => r.at);
		expect(busiestSecond(times)).toBeLessThanOrEqual(10);
		const posts = h.server.requests.filter(r => r.method === 'POST');
		expect(posts).toHaveLength(30);
		// the 20 queued actions went before any watch or poll
		const firstOther = h.server.requests.findIndex(r => r.method !== 'POST');
		expect(firstOther).toBe(30);
		expect(posts.at(-1)!.at - t0).toBeGreaterThanOrEqual(2000);
		const data = h.store.getSnapshot().sandboxes.data!;
		expect(data).toHaveLength(30);
		expect(data.every(s => s.status === 'RUNNING' || s.status === 'PAUSED')).toBe(true);
	});

	it('requests that reach the server late still never make 11 in any second there (real time)', async () => {
		// a slow link: the first five POSTs reach the server 600 ms after they were sent, the rest at once
		const server = await startStandInServer({seed: 'empty', bootMs: 300, rateLimit: false});
		const fs = await startFaultServer({upstreamServer: server});
		const client = createClient({baseUrl: fs.url});
		const store = createStore(client, {visible: 'specs'});
		try {
			await fs.set(slowFaults.lateArrival(600), {method: 'POST', path: '/api/v1/sandboxes', times: 5});
			for (let i = 0; i < 30; i++) store.startSandbox();
			const posts = () => fs.requests.filter(r => r.method === 'POST').length;
			for (let i = 0; i < 600 && posts() < 30; i++) await realSleep(50);
			expect(posts()).toBe(30);
			// and the watches that follow (they fill the budget too)
			await realSleep(2000);
			// `at` is when each request reached the server (the late ones: after their delay)
			expect(busiestSecond(fs.requests.map(r => r.at))).toBeLessThanOrEqual(10);
		} finally {
			store.dispose();
			await client.close();
			await fs.close();
			await server.close();
		}
	}, 60_000);

	it('idle costs about one request per interval', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'conversations'});
		h.store.start();
		await h.advance(60_000);
		const events = h.server.requests.filter(r => r.path.endsWith('/events/search'));
		expect(h.server.requests.length - events.length).toBe(13);
		// besides: one read of each conversation that waits for a confirmation (what it waits for: issue 19)
		const waiting = h.store.getSnapshot().attention.filter(i => i.reason === 'waiting').map(i => i.id);
		expect(events.map(r => r.path.split('/')[4]).sort()).toEqual(waiting.sort());
	});
});
