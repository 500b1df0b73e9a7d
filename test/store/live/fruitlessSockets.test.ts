// Issue 27 item 9 over real HTTP and real websockets: a socket that opens and never brings an event
// (it stalls, hangs in an unfinished fragment, only pings, or floods frames that are no event) was
// replaced at every silent check while the agent ran, one upgrade a poll (21 in 45 s at refresh 2),
// and a flood kept a core busy. Fruitless sockets back off, then wait as refused ones; a flood of
// frames that bring nothing ends the socket at once. The lane polls meanwhile: no event is lost.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {AgentSockets} from '../../support/agentSockets.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const REFRESH = 2000;
const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 15_000, interval: 5});

type Fault = {name: string; set(sockets: AgentSockets): void; why: RegExp};
const FAULTS: Fault[] = [
	{name: 'a stalled socket (no frame, no pong)', set: s => void (s.silent = true), why: /brings no events/},
	{name: 'an unfinished fragment', set: s => void (s.stuck = 'fragment'), why: /brings no events/},
	{name: 'a ping flood (1,000 a second)', set: s => void (s.stuck = 'pingFlood'), why: /floods the socket/},
	{name: 'a flood of 10,000 frames a second that are no event', set: s => void (s.stuck = {flood: 10_000}), why: /floods the socket/},
];

describe.each(FAULTS)('$name while the agent runs (refresh 2 s)', fault => {
	it('a few upgrades, then the lane polls; not one upgrade a poll; every event still shows', async () => {
		h = await activityHarness('current', {events: 10, execution: 'running', store: {liveEvents: true, refreshMs: REFRESH}});
		fault.set(h.server.sockets);
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		// the activity's socket (its handshake waits its turn in the request budget); a running
		// conversation had a watch socket before
		await advanceUntil(h, () => h!.store.getSnapshot().activity?.transport != null);
		const opened = h.server.sockets.upgrades.length - 1;
		// a flood is seen within its first second of frames (on the store's clock, which stands still here)
		if (fault.why.source.includes('floods')) await waitFor(() => expect(h!.store.getSnapshot().activity!.transport?.why).toMatch(fault.why));
		// 45 s of an agent at work: an event a second in its log, none over the socket
		for (let second = 0; second < 45; second++) {
			h.addEvents(1);
			await h.advance(1000);
		}
		expect(h.server.sockets.upgrades.length - opened).toBeLessThanOrEqual(4);
		// the next poll brings the last of them
		await h.advance(REFRESH);
		const ids = h.store.getSnapshot().activity!.events.map(e => e.id);
		expect(ids.slice(-5)).toEqual(h.server.conversations.get(CONV)!.events.slice(-5).map(e => e.id));
		expect(h.store.getSnapshot().activity!.transport).toMatchObject({live: false, why: expect.stringMatching(fault.why)});
	});
});
