// Issue 21 item 18 over real HTTP, both generations: events whose ids repeat are dropped (one event
// an id) but counted and said, once each, however often the follow reads them again; a follow that
// reads its edge again is no duplicate.
import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {activityStatusLine} from '../../../source/ui/activity/activityStatus.js';
import type {EventRows} from '../../../source/ui/activity/useEventRows.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const rows = {follow: true, newerBelow: 0, filter: {text: '', editing: false}, count: 0, hideObservations: false, selected: undefined} as unknown as EventRows;

describe.each<Generation>(['legacy', 'current'])('%s: repeated event ids', generation => {
	it('300 events with 50 ids: 50 shown, 250 counted and said, not again at each follow tick', async () => {
		h = await activityHarness(generation, {events: 300});
		const events = h.server.conversations.get(CONV)!.events;
		events.forEach((event, i) => {
			event.id = `dup-${String(i % 50).padStart(4, '0')}`;
		});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		for (let i = 0; i < 6 && h.store.getSnapshot().activity?.hasOlder; i++) {
			h.store.loadOlderEvents();
			await h.advance(2000);
		}
		const state = h.store.getSnapshot().activity!;
		expect(state.events).toHaveLength(50);
		expect(state.duplicates).toBe(250);
		await h.advance(15_000);
		expect(h.store.getSnapshot().activity!.duplicates).toBe(250);
		expect(activityStatusLine({activity: h.store.getSnapshot().activity, list: rows, now: 0})).toContain('250 with a repeated id not shown');
	});

	it('an ordinary conversation, followed for a while: no duplicates', async () => {
		h = await activityHarness(generation, {events: 120});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		h.addEvents(3);
		await h.advance(10_000);
		h.store.loadOlderEvents();
		await h.advance(2000);
		expect(h.store.getSnapshot().activity!.events).toHaveLength(123);
		expect(h.store.getSnapshot().activity!.duplicates).toBe(0);
	});
});
