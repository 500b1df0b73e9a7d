// Issue 27 item 9 once more, over real HTTP and real websockets: an upgrade answered, yet no
// websocket came of it (a 101 with a wrong Sec-WebSocket-Accept, which the client fails; a proxy's
// plain 200) was taken for a drop and asked again every 5 s for good, 12 upgrades a minute. It is
// fruitless like a socket that brings nothing: a few tries, then the wait of a refused one. The lane
// polls meanwhile and every event still shows.
import {afterEach, describe, expect, it} from 'vitest';
import type {AgentSockets} from '../../support/agentSockets.js';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';
import {advanceUntil} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

type Fault = {name: string; set(sockets: AgentSockets): void; status: number};
const FAULTS: Fault[] = [
	{name: 'a 101 with a wrong Sec-WebSocket-Accept', set: s => void (s.wrongAccept = true), status: 101},
	{name: 'a proxy answering the upgrade 200', set: s => void (s.refuse = 200), status: 200},
];

describe.each(FAULTS)('$name', fault => {
	it('a few upgrades, then the wait of a refused socket; the lane polls every interval and every event shows', async () => {
		h = await activityHarness('current', {events: 10, execution: 'idle', store: {liveEvents: true}});
		fault.set(h.server.sockets);
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		await advanceUntil(h, () => h!.server.sockets.upgrades.length > 0);
		const started = h.server.sockets.upgrades.length;
		// a minute of an agent at work, an event every second: before, 12 more upgrades
		h.clear();
		for (let second = 0; second < 60; second++) {
			h.addEvents(1);
			await h.advance(1000);
		}
		expect(h.server.sockets.upgrades.length - started).toBeLessThanOrEqual(2);
		expect(eventSearches(h.lines()).length).toBeGreaterThanOrEqual(60_000 / INTERVAL - 1);
		await h.advance(INTERVAL);
		const ids = h.store.getSnapshot().activity!.events.map(e => e.id);
		expect(ids.slice(-5)).toEqual(h.server.conversations.get(CONV)!.events.slice(-5).map(e => e.id));
		expect(h.store.getSnapshot().activity!.transport).toMatchObject({live: false, why: `the socket handshake failed (${fault.status})`});
	});
});
