// Issue 21 item 10 over real HTTP: one loop guard for every paged read. A server whose event pages
// loop (`next_page_id` 0 → 100 → 0) while the activity follows must cost a bounded number of
// requests an interval (it sent 6 a second), and the user is told once.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {FRUITLESS_MS} from '../../../source/store/live/liveSockets.js';
import {currentSearch} from '../../support/eventData.js';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

/** event pages whose links go round: first → 100 → 0 → 100 → … */
function loopingPages(h: ActivityHarness, sortOrder: 'TIMESTAMP' | 'TIMESTAMP_DESC'): void {
	h.server.intercept = r => {
		if (!r.path.endsWith('/events/search') || r.query.get('sort_order') !== sortOrder) return null;
		const answer = currentSearch(h.server.conversations.get(CONV)!.events, r.query);
		const json = answer.json as {items: unknown[]; next_page_id: string | null};
		return {status: 200, json: {...json, next_page_id: r.query.get('page_id') === '100' ? '0' : '100'}};
	};
}

describe('looping event pages', () => {
	it('while following: a bounded number of searches an interval, and one notice', async () => {
		h = await activityHarness('current', {events: 10});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		loopingPages(h, 'TIMESTAMP');
		h.clear();
		await h.advance(30_000);
		const searches = eventSearches(h.lines());
		// 6 intervals: at most the pages up to the link that points back (first, 100, 0), each interval
		expect(searches.length).toBeLessThanOrEqual(6 * 3);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^stopped reading events: .*page/);
	});

	it('stopped means stopped: after the notice no search goes out until the user asks again (Ctrl-r), which reads once more (issue 27 item 13)', async () => {
		h = await activityHarness('current', {events: 10});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		loopingPages(h, 'TIMESTAMP');
		await h.advance(INTERVAL);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^stopped reading events: .*page/);
		expect(h.store.getSnapshot().activity?.stopped).toMatch(/page/);
		h.clear();
		await h.advance(30_000);
		expect(eventSearches(h.lines())).toEqual([]);
		h.store.refresh();
		await h.settle();
		const again = eventSearches(h.lines()).length;
		expect(again).toBeGreaterThan(0);
		expect(again).toBeLessThanOrEqual(3);
		expect(h.store.getSnapshot().activity?.stopped).toMatch(/page/);
		await h.advance(30_000);
		expect(eventSearches(h.lines())).toHaveLength(again);
		// a server that mends its pages: Ctrl-r and the follow goes on
		h.server.intercept = null;
		h.store.refresh();
		await h.settle();
		expect(h.store.getSnapshot().activity?.stopped).toBeNull();
		h.clear();
		await h.advance(2 * INTERVAL);
		expect(eventSearches(h.lines())).toHaveLength(2);
	});

	it('older pages going round end the read too, with the same words', async () => {
		h = await activityHarness('current', {events: 350});
		h.store.start();
		await h.settle();
		loopingPages(h, 'TIMESTAMP_DESC');
		h.store.openActivity(CONV);
		await h.settle();
		h.clear();
		for (let i = 0; i < 5; i++) {
			h.store.loadOlderEvents();
			await h.advance(1000);
		}
		expect(eventSearches(h.lines()).filter(line => line.includes('TIMESTAMP_DESC')).length).toBeLessThanOrEqual(2);
		expect(h.store.getSnapshot().activity?.hasOlder).toBe(false);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^stopped reading events: .*page/);
	});

	it('the catch-up searches after socket drops go through the same guard (issue 18 meets item 10)', async () => {
		h = await activityHarness('current', {events: 10, execution: 'idle', store: {liveEvents: true}});
		// 1.1.0 cannot replay: each connect is followed by a catch-up search
		h.server.sockets.version = '1.1.0';
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		const live = () => h!.store.getSnapshot().activity?.transport?.live === true;
		await advanceUntil(h, live);
		loopingPages(h, 'TIMESTAMP');
		h.clear();
		for (let drop = 0; drop < 5; drop++) {
			// up a while first: drops right after each open would make the feed poll for good (FRUITLESS_DROPS)
			// eslint-disable-next-line no-await-in-loop
			await h.advance(FRUITLESS_MS);
			h.server.sockets.drop();
			await vi.waitFor(() => expect(live()).toBe(false), {timeout: 5000, interval: 5});
			// eslint-disable-next-line no-await-in-loop
			await h.advance(INTERVAL);
			await advanceUntil(h, live);
			await h.settle();
		}
		const searches = eventSearches(h.lines());
		// five drops, each a poll or two while down and a catch-up, each read ended at the link back (3
		// pages); without the guard a read goes on for MAX_PAGES_PER_JOB (10) pages
		expect(searches.length).toBeLessThanOrEqual(5 * 3 * 3);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^stopped reading events: .*page/);
	});
});
