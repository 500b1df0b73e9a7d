// Issue 18 meets issue 21 item 9 over real HTTP and a real websocket: one event larger than the
// socket's frame cap (8 MB) ends the socket. Resuming replays it, so reconnecting at once pulled the
// same 9 MB again and again; the lane's search shows it as too large, and the socket waits.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {MAX_FRAME_BYTES} from '../../../source/api/transport/eventSocket.js';
import {tooLargeBytes} from '../../../source/api/paging/tooLargeEvents.js';
import type {ActivityState} from '../../../source/store/types.js';
import {makeEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

function activity(): ActivityState {
	const state = h!.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 10_000, interval: 5});

describe('an event over the socket frame cap', () => {
	it('ends the socket once, not at every reconnect; the event is still there, said too large', async () => {
		h = await activityHarness('current', {events: 10, execution: 'running', store: {liveEvents: true}});
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		await advanceUntil(h, () => activity().transport?.live === true);
		// (the running conversation's watch socket came before the activity's)
		const opened = h.server.sockets.upgrades.length;
		const list = h.server.conversations.get(CONV)!.events;
		const last = Date.parse(`${list.at(-1)!.timestamp}Z`);
		const huge = {...makeEvent(0, last + 10), llm_message: {role: 'user', content: [{type: 'text', text: 'x'.repeat(MAX_FRAME_BYTES + 1024 * 1024)}]}};
		h.server.sockets.publish(CONV, huge);
		await waitFor(() => expect(activity().transport).toMatchObject({live: false}));
		// a minute of the app running: the lane polls, the socket is not asked for again and again
		for (let i = 0; i < 12; i++) {
			// eslint-disable-next-line no-await-in-loop
			await h.advance(5000);
		}
		expect(h.server.sockets.upgrades.length - opened).toBeLessThanOrEqual(2);
		await waitFor(() => expect(activity().events.some(e => e.id === huge.id)).toBe(true));
		expect(tooLargeBytes(activity().events.find(e => e.id === huge.id)!)).toBeGreaterThan(MAX_FRAME_BYTES);
		expect(activity().transport).toMatchObject({live: false, why: 'the socket drops each time it opens'});
		expect(new Set(activity().events.map(e => e.id)).size).toBe(activity().events.length);
	});
});
