// Issue 27 item 2 over real HTTP and a real websocket: events just under the frame cap (7.9 MB, one
// every 300 ms) took the app from 85 MB to 1,361 MB resident: the window kept at least 200 events
// whatever their size, the glimpses 20. An event over LARGE_EVENT_BYTES is kept as a stand-in (kind,
// id, time, size), whichever way it came, and read in full only while its pager is open.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {isShortened, tooLargeBytes} from '../../../source/api/paging/tooLargeEvents.js';
import {summarizeEvent} from '../../../source/present/events/summarize.js';
import {WINDOW_BYTES} from '../../../source/store/activity/activityWindow.js';
import {LARGE_EVENT_BYTES, eventBytes} from '../../../source/store/activity/largeEvents.js';
import {GLIMPSE_BYTES} from '../../../source/store/attention/glimpses.js';
import type {ActivityState} from '../../../source/store/types.js';
import {type RawEvent, makeEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, SANDBOX, activityHarness} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const SIZE = 300 * 1024;
const OTHER = 'abcdef00abcdef00abcdef00abcdef00';

function activity(): ActivityState {
	const state = h!.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

/** `count` events of `SIZE` bytes of output, after the newest the conversation holds */
function huge(list: RawEvent[], count: number): RawEvent[] {
	const last = Date.parse(`${list.at(-1)!.timestamp}Z`);
	return Array.from({length: count}, (_, i) => ({
		...makeEvent(list.length + i, last + (i + 1) * 10),
		kind: 'ObservationEvent',
		observation: {kind: 'TerminalObservation', content: [{type: 'text', text: `${i} `.padEnd(SIZE, 'x')}]},
	}));
}

const held = () => activity().events.reduce((sum, e) => sum + eventBytes(e), 0);

describe.each<Generation>(['legacy', 'current'])('%s: events over LARGE_EVENT_BYTES', generation => {
	it('over the websocket: kept as stand-ins (kind, id, time, size), the window stays small; the whole one is read while its pager is open', async () => {
		h = await activityHarness(generation, {events: 10, execution: 'idle', store: {liveEvents: true}});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await advanceUntil(h, () => activity().transport?.live === true);
		const sent = huge(h.server.conversations.get(CONV)!.events, 30);
		h.server.sockets.publish(CONV, ...sent);
		await vi.waitFor(() => expect(activity().events.at(-1)?.id).toBe(sent.at(-1)!.id), {timeout: 5000, interval: 5});
		const kept = activity().events.slice(-30);
		expect(kept.every(isShortened)).toBe(true);
		expect(kept.map(e => [e.id, e.kind, e.timestamp])).toEqual(sent.map(e => [e.id, e.kind, e.timestamp]));
		expect(tooLargeBytes(kept[0]!)).toBeGreaterThan(SIZE);
		expect(summarizeEvent(kept[0]!).text).toMatch(/^ObservationEvent too large to show \(0\.3 MB\)$/);
		expect(held()).toBeLessThan(64 * 1024);
		// opened: read in full, one request; closed: let go
		h.clear();
		h.store.readWholeEvent(sent[3]!.id);
		await advanceUntil(h, () => activity().wholeEvent?.event != null);
		const whole = activity().wholeEvent?.event;
		expect(whole?.id).toBe(sent[3]!.id);
		expect(JSON.stringify(whole?.raw)).toContain(`3 ${'x'.repeat(100)}`);
		expect(h.lines()).toHaveLength(1);
		h.store.readWholeEvent(null);
		expect(activity().wholeEvent).toBeNull();
	});

	it('by search, and in the glimpses of the list: stand-ins too', async () => {
		h = await activityHarness(generation, {events: 10, execution: 'idle'});
		h.server.conversations.set(OTHER, {id: OTHER, sandboxId: SANDBOX, title: 'another', execution: 'running', events: []});
		const other = h.server.conversations.get(OTHER)!.events;
		other.push(makeEvent(0, Date.parse(`${h.server.conversations.get(CONV)!.events[0]!.timestamp}Z`)), ...huge([makeEvent(0, Date.now() - 60_000)], 15));
		h.store.start();
		await h.settle();
		h.store.watchGlimpses([OTHER], null);
		h.store.openActivity(CONV);
		await h.settle();
		const list = h.server.conversations.get(CONV)!.events;
		list.push(...huge(list, 20));
		await h.advance(5000);
		expect(activity().events.slice(-20).every(isShortened)).toBe(true);
		expect(held()).toBeLessThan(WINDOW_BYTES);
		const glimpse = h.store.getSnapshot().glimpses?.[OTHER]?.events ?? [];
		expect(glimpse.length).toBeGreaterThan(10);
		expect(glimpse.filter(isShortened).length).toBe(15);
		expect(glimpse.reduce((sum, e) => sum + eventBytes(e), 0)).toBeLessThanOrEqual(GLIMPSE_BYTES);
		expect(LARGE_EVENT_BYTES).toBeLessThan(SIZE);
	});
});
