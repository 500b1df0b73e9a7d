import {afterEach, describe, expect, it} from 'vitest';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

describe('activity on a current server from before OpenHands#14399 (issue 18 §3)', () => {
	it('follows and loads older pages although every time-bounded search answers 500: no error, nothing twice', async () => {
		h = await activityHarness('current', {events: 1300, perSecond: 10});
		h.server.boundsFail = true;
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		const added = h.addEvents(5);
		await h.advance(INTERVAL);
		const state = () => h!.store.getSnapshot().activity!;
		expect(state().error).toBeNull();
		expect(state().events.slice(-5).map(e => e.id)).toEqual(added.map(e => e.id));
		// remembered: the next ticks send no bounds at all
		h.clear();
		await h.advance(2 * INTERVAL);
		expect(eventSearches(h.lines())).toHaveLength(2);
		for (const line of eventSearches(h.lines())) expect(line).not.toMatch(/timestamp__/);
		// older pages, far enough back that the window drops its newest and asks by time again
		h.store.setFollow(false);
		for (let i = 0; i < 14 && state().hasOlder; i++) {
			h.store.setActivityViewport(0, 30);
			h.store.loadOlderEvents();
			await h.advance(200);
		}
		expect(state().error).toBeNull();
		const ids = state().events.map(e => e.id);
		expect(new Set(ids).size).toBe(ids.length);
		const all = h.server.conversations.get(CONV)!.events.map(e => e.id);
		expect(ids).toEqual(all.slice(0, ids.length));
	});
});
