// Issue 21 item 13: the activity's window is bounded by the data it holds as well as by its count,
// so following an agent whose observations are large does not grow the heap for an hour. Pure
// rules first, then over real HTTP: scrolling up through large events keeps the window near 6 MB.
import {afterEach, describe, expect, it} from 'vitest';
import {WINDOW_BYTES, WINDOW_FLOOR, WINDOW_HARD_BYTES, WINDOW_MAX, WINDOW_MIN, eventBytes, windowLimit} from '../../../source/store/activity/activityWindow.js';
import {event} from '../../ui/eventFixtures.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const big = (n: number, kb: number) =>
	event({kind: 'ObservationEvent', id: `id-${n}`, timestamp: '2025-11-15T09:00:00', source: 'environment', observation: {kind: 'TerminalObservation', content: [{type: 'text', text: 'x'.repeat(kb * 1024)}]}});

describe('the window by bytes', () => {
	it('small events: the count bound; large ones: as many as fit in WINDOW_BYTES, never fewer than WINDOW_MIN', () => {
		expect(eventBytes(big(0, 20))).toBeGreaterThan(20 * 1024);
		expect(windowLimit(Array.from({length: 1500}, (_, n) => big(n, 1)))).toBe(WINDOW_MAX);
		const limit = windowLimit(Array.from({length: 600}, (_, n) => big(n, 20)));
		expect(limit).toBeLessThan(WINDOW_MAX);
		expect(limit * 20 * 1024).toBeLessThanOrEqual(WINDOW_BYTES);
		expect(windowLimit(Array.from({length: 600}, (_, n) => big(n, 100)))).toBe(WINDOW_MIN);
		// issue 27 item 2: events near the stand-in size (256 KB) hold WINDOW_HARD_BYTES at most, WINDOW_FLOOR at least
		const hard = windowLimit(Array.from({length: 600}, (_, n) => big(n, 250)));
		expect(hard).toBeLessThan(WINDOW_MIN);
		expect(hard * 250 * 1024).toBeLessThanOrEqual(WINDOW_HARD_BYTES);
		expect(windowLimit(Array.from({length: 600}, (_, n) => big(n, 5000)))).toBe(WINDOW_FLOOR);
	});

	it('over real HTTP: loading older pages of 20 KB events keeps the window within its bytes', async () => {
		h = await activityHarness('current', {events: 900});
		for (const raw of h.server.conversations.get(CONV)!.events) raw['observation'] = {kind: 'TerminalObservation', content: [{type: 'text', text: 'y'.repeat(20 * 1024)}]};
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		for (let i = 0; i < 9; i++) {
			h.store.loadOlderEvents();
			await h.advance(1500);
		}
		const held = h.store.getSnapshot().activity!.events;
		expect(held.length).toBeGreaterThanOrEqual(WINDOW_MIN);
		expect(held.reduce((sum, e) => sum + eventBytes(e), 0)).toBeLessThanOrEqual(WINDOW_BYTES + 100 * 25 * 1024);
		expect(h.store.getSnapshot().activity!.hasNewer || h.store.getSnapshot().activity!.hasOlder).toBe(true);
	});
});
