// Issue 21 item 9 over real HTTP, both generations: one event over the response cap no longer
// blanks the activity. Pages are asked for smaller; the one event is a stand-in that says it is too
// large to show (its kind and size), and the events before and after it load and follow as usual.
import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {tooLargeBytes} from '../../../source/api/paging/tooLargeEvents.js';
import {eventDetail} from '../../../source/present/events/detail.js';
import {summarizeEvent} from '../../../source/present/events/summarize.js';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

// a small cap keeps the test light: the rule is the same at 8 MB
const CAP = 64 * 1024;

async function withHugeEvent(generation: Generation, index: number, total: number): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events: total, client: {maxResponseBytes: CAP}});
	const event = h.server.conversations.get(CONV)!.events[index]!;
	event['observation'] = {kind: 'ExecuteBashObservation', content: [{type: 'text', text: 'x'.repeat(CAP * 2)}], is_error: false, exit_code: 0};
	h.store.start();
	await h.settle();
	return h;
}

function loadAllOlder(h: ActivityHarness) {
	return (async () => {
		for (let i = 0; i < 200 && h.store.getSnapshot().activity?.hasOlder; i++) {
			h.store.loadOlderEvents();
			await h.advance(1000);
		}
	})();
}

describe.each<Generation>(['legacy', 'current'])('%s: one event over the response cap', generation => {
	it('is shown as too large (kind and size), and every other event loads', async () => {
		const h = await withHugeEvent(generation, 142, 150);
		const bigId = h.server.conversations.get(CONV)!.events[142]!.id;
		h.store.openActivity(CONV);
		await h.settle();
		await loadAllOlder(h);
		const state = h.store.getSnapshot().activity!;
		expect(state.error).toBeNull();
		expect(state.events).toHaveLength(150);
		const big = state.events.find(e => e.id === bigId)!;
		expect(tooLargeBytes(big)).toBeGreaterThan(CAP * 2);
		expect(summarizeEvent(big).text).toMatch(/^ObservationEvent too large to show \(0\.1 MB\)$/);
		expect(eventDetail(big).map(l => l.text).join('\n')).toContain('too large to show');
		expect(state.events.filter(e => tooLargeBytes(e) !== undefined)).toHaveLength(1);
	});

	it('at the follow edge: events after it arrive, and it is not asked for again and again', async () => {
		const h = await withHugeEvent(generation, 29, 30);
		h.store.openActivity(CONV);
		await h.settle();
		await loadAllOlder(h);
		expect(h.store.getSnapshot().activity!.events).toHaveLength(30);
		h.clear();
		await h.advance(15_000);
		const idle = eventSearches(h.lines()).length;
		h.addEvents(2);
		await h.advance(5000);
		const state = h.store.getSnapshot().activity!;
		expect(state.error).toBeNull();
		expect(state.events).toHaveLength(32);
		// three idle intervals with it as the newest event: the smaller pages in the first (legacy: for
		// the page before it too, 7 requests), then its limit-1 read and the pages around it (2, legacy
		// 3: its whole second), never the too-large answers again (before: 100, 10, 1 every interval)
		expect(idle).toBeLessThanOrEqual(generation === 'legacy' ? 7 + 2 * 3 : 4 + 2 * 2);
	});
});
