import {afterEach, describe, expect, it} from 'vitest';
import {GLIMPSE_EVENTS, GLIMPSE_MS} from '../../../source/store/attention/glimpses.js';
import {pendingActions} from '../../../source/present/events/pending.js';
import {faultHarness, harness, record, type Harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const eventSearches = (h: Harness, id?: string) => h.lines().filter(line => /\/events\/search/.test(line) && (!id || line.includes(id)));

async function demo(generation: 'legacy' | 'current' = 'current'): Promise<Harness> {
	h = await harness({seed: 'demo', generation, live: false}, {visible: 'conversations'});
	h.store.start();
	await h.advance(0);
	return h;
}

describe('glimpses: what each conversation on screen is doing now (issue 19 §2)', () => {
	for (const generation of ['legacy', 'current'] as const) {
		it(`a conversation waiting for confirmation is read at once, unasked, with its pending action (${generation})`, async () => {
			h = await demo(generation);
			const waiting = h.store.getSnapshot().attention.find(i => i.reason === 'waiting')!;
			expect(waiting).toBeDefined();
			await h.advance(0);
			const glimpse = h.store.getSnapshot().glimpses?.[waiting.id];
			expect(glimpse?.error).toBeNull();
			expect(glimpse!.events.length).toBeGreaterThan(0);
			expect(glimpse!.events.length).toBeLessThanOrEqual(GLIMPSE_EVENTS);
			// oldest first: the action the agent waits on is among them
			expect(pendingActions(glimpse!.events).length).toBeGreaterThan(0);
			expect(glimpse!.stateSince?.status).toBe('waiting_for_confirmation');
			expect(eventSearches(h, waiting.id)).toHaveLength(1);
			expect(eventSearches(h, waiting.id)[0]).toMatch(/sort_order=TIMESTAMP_DESC/);
		});
	}

	it('watched rows every 30 s, the preview\'s at the refresh pace; nothing new notifies nobody', async () => {
		h = await demo();
		const rows = h.store.getSnapshot().conversations.data!;
		const running = rows.filter(c => c.sandbox_status === 'RUNNING' && c.execution_status !== 'waiting_for_confirmation').map(c => c.id);
		expect(running.length).toBeGreaterThanOrEqual(2);
		const [focus, other] = running;
		h.store.watchGlimpses(running, focus!);
		// one request at a time, paced by the budget
		await h.advance(1000);
		for (const id of running) expect(h.store.getSnapshot().glimpses?.[id]?.events.length).toBeGreaterThan(0);
		h.server.clearRequests();
		const seen = record(h.store);
		const held = h.store.getSnapshot().glimpses;
		await h.advance(60_000);
		// the list poll brings the same rows: updated_at unchanged, so only the pace counts
		expect(eventSearches(h, focus).length).toBe(60_000 / 5000);
		expect(eventSearches(h, other).length).toBe(60_000 / GLIMPSE_MS);
		// the agents are still (live: false): nothing new, the glimpses keep their identity
		expect(seen.every(snapshot => snapshot.glimpses === held)).toBe(true);
	});

	it("the preview's conversation at rest (finished, idle) is read once, then only when it changes", async () => {
		h = await demo();
		const resting = h.store.getSnapshot().conversations.data!.find(c => c.sandbox_status === 'RUNNING' && (c.execution_status === 'finished' || c.execution_status === 'idle'));
		expect(resting).toBeDefined();
		h.store.watchGlimpses([], resting!.id);
		await h.advance(1000);
		expect(eventSearches(h, resting!.id)).toHaveLength(1);
		await h.advance(60_000);
		expect(eventSearches(h, resting!.id)).toHaveLength(1);
	});

	it('a busy agent on screen (its updated_at moving at every poll) is still read once per 30 s', async () => {
		h = await harness({seed: 'demo', live: true}, {visible: 'conversations'});
		h.store.start();
		await h.advance(0);
		const running = h.store.getSnapshot().conversations.data!.filter(c => c.execution_status === 'running').map(c => c.id);
		expect(running.length).toBeGreaterThan(0);
		h.store.watchGlimpses(running, null);
		await h.advance(1000);
		h.server.clearRequests();
		await h.advance(90_000);
		const waiting = new Set(h.store.getSnapshot().attention.filter(i => i.reason === 'waiting').map(i => i.id));
		for (const id of running.filter(id => !waiting.has(id))) expect(eventSearches(h, id).length).toBeLessThanOrEqual(90_000 / GLIMPSE_MS);
	});

	it('no longer watched, no longer read; the open activity is never searched here', async () => {
		h = await demo();
		const rows = h.store.getSnapshot().conversations.data!;
		const id = rows.find(c => c.execution_status === 'running')!.id;
		h.store.watchGlimpses([id], id);
		await h.advance(0);
		h.store.watchGlimpses([], null);
		h.server.clearRequests();
		await h.advance(60_000);
		expect(eventSearches(h, id)).toEqual([]);

		h.store.watchGlimpses([id], id);
		h.store.openActivity(id);
		await h.advance(0);
		h.server.clearRequests();
		await h.advance(30_000);
		// the activity's follow reads it (timestamp__gte); no newest-20 search beside it
		expect(eventSearches(h, id).filter(line => line.includes('limit=20'))).toEqual([]);
		expect(eventSearches(h, id).length).toBeGreaterThan(0);
		// the glimpse takes the lane's newest events instead (the seam the live transport feeds too)
		const lane = h.store.getSnapshot().activity!.events;
		expect(h.store.getSnapshot().glimpses?.[id]?.events.at(-1)?.id).toBe(lane.at(-1)!.id);
	});

	it('a failure keeps the events read, says so, and backs off; healed, it reads again', async () => {
		const f = await faultHarness({seed: 'demo', live: false}, {visible: 'conversations'});
		h = f;
		f.store.start();
		await f.advance(0);
		const id = f.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'running')!.id;
		f.store.watchGlimpses([id], id);
		await f.advance(0);
		const before = f.store.getSnapshot().glimpses![id]!.events;
		expect(before.length).toBeGreaterThan(0);
		await f.faults.status(500, 'Internal Server Error', 'text/plain', {}, {path: '/api/v1/conversation/'});
		await f.advance(5000);
		const after = f.store.getSnapshot().glimpses![id]!;
		expect(after.error?.message).toBeTruthy();
		expect(after.events).toBe(before);
		await f.faults.heal();
		f.faults.clearRequests();
		await f.advance(60_000);
		expect(f.store.getSnapshot().glimpses![id]!.error).toBeNull();
	});
});
