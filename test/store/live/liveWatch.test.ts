import {afterEach, describe, expect, it, vi} from 'vitest';
import {MAX_SOCKETS} from '../../../source/store/live/socketBudget.js';
import {makeEvent, stateEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, SANDBOX, activityHarness} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 5000, interval: 5});
const hex = (n: number) => n.toString(16).padStart(32, '0');

async function started(extraRunning = 0): Promise<ActivityHarness> {
	h = await activityHarness('current', {events: 5, execution: 'running', store: {liveEvents: true, attentionCheck: true}});
	for (let n = 1; n <= extraRunning; n++) h.server.conversations.set(hex(n), {id: hex(n), sandboxId: SANDBOX, title: `agent ${n}`, execution: 'running', events: []});
	h.store.start();
	await h.settle();
	return h;
}

describe('running conversations over their sockets (issue 18 §2)', () => {
	it('needs-you on another tab the moment the agent server says so, with no request; then the socket goes', async () => {
		await started();
		await waitFor(() => expect(h!.server.sockets.open(CONV)).toBe(1));
		h!.store.setVisible('specs');
		await h!.settle();
		h!.clear();
		h!.server.conversations.get(CONV)!.execution = 'waiting_for_confirmation';
		h!.server.sockets.publish(CONV, stateEvent(h!.clock.now(), 'waiting_for_confirmation'));
		await waitFor(() => expect(h!.store.getSnapshot().attention).toMatchObject([{id: CONV, state: 'waiting_for_confirmation'}]));
		expect(h!.lines()).toEqual([]);
		await waitFor(() => expect(h!.server.sockets.open(CONV)).toBe(0));
	});

	it(`at most ${MAX_SOCKETS} sockets; the open activity always gets one`, async () => {
		await started(12);
		await advanceUntil(h!, () => h!.server.sockets.open() === MAX_SOCKETS);
		h!.server.conversations.set(hex(99), {id: hex(99), sandboxId: SANDBOX, title: 'idle one', execution: 'idle', events: []});
		h!.store.refresh();
		await h!.settle();
		h!.store.openActivity(hex(99));
		await h!.settle();
		await advanceUntil(h!, () => h!.store.getSnapshot().activity?.transport?.live === true);
		expect(h!.server.sockets.open(hex(99))).toBe(1);
		await waitFor(() => expect(h!.server.sockets.open()).toBe(MAX_SOCKETS));
	});

	it('what a watched agent does reaches its glimpse (the doing column, the preview) over the socket, with no search', async () => {
		await started();
		await waitFor(() => expect(h!.server.sockets.open(CONV)).toBe(1));
		h!.store.watchGlimpses([CONV], CONV);
		await h!.settle();
		h!.clear();
		const next = makeEvent(42, h!.clock.now());
		h!.server.sockets.publish(CONV, next);
		await waitFor(() => expect(h!.store.getSnapshot().glimpses?.[CONV]?.events.at(-1)?.id).toBe(next.id));
		expect(h!.lines().filter(line => line.includes('/events'))).toEqual([]);
	});
});

describe('a glimpse fed by a socket before it was ever read (issue 19 §2)', () => {
	it('is still read once, so the list knows what happened before the socket (since when the agent runs)', async () => {
		await started();
		await waitFor(() => expect(h!.server.sockets.open(CONV)).toBe(1));
		const first = makeEvent(41, h!.clock.now());
		h!.server.sockets.publish(CONV, first);
		await waitFor(() => expect(h!.store.getSnapshot().glimpses?.[CONV]?.events.at(-1)?.id).toBe(first.id));
		h!.clear();
		h!.store.watchGlimpses([CONV], null);
		await h!.advance(0);
		// the socket asked for no replay: only a search brings the events from before it
		await waitFor(() => expect(h!.lines().filter(line => line.includes(`${CONV}/events/search`))).toHaveLength(1));
		const glimpse = h!.store.getSnapshot().glimpses?.[CONV];
		expect(glimpse!.events.length).toBeGreaterThan(1);
		expect(glimpse!.events.at(-1)?.id).toBe(first.id);
	});
});
