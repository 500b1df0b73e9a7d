import {afterEach, describe, expect, it} from 'vitest';
import {harness, type Harness} from './harness.js';

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
		// actions first: ten go at once, the rest wait for budget
		expect(h.lines()).toHaveLength(10);
		expect(h.lines().every(l => l.startsWith('POST /api/v1/sandboxes'))).toBe(true);

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

	it('idle costs about one request per interval', async () => {
		h = await harness({seed: 'demo', bootMs: 0}, {visible: 'conversations'});
		h.store.start();
		await h.advance(60_000);
		expect(h.server.requests).toHaveLength(13);
	});
});
