// Issue 27 item 6 over real HTTP and real websockets: opening a current app server whose running
// conversations' agent servers are reachable made 20 requests within one second (11 websocket
// handshakes to the agent servers, 9 event searches for the list's doing column), twice the cap
// ohtui keeps everywhere else. Handshakes count in the store's request budget with its REST
// requests: at most 10 in any second from one store, to its server and the agent servers behind it.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {MAX_SOCKETS} from '../../../source/store/live/socketBudget.js';
import {type ActivityHarness, CONV, SANDBOX, activityHarness} from '../activityHarness.js';
import {realSleep} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const hex = (n: number) => n.toString(16).padStart(32, '0');

/** the most requests any window of `ms` holds */
function densest(times: readonly number[], ms: number): number {
	const sorted = [...times].sort((a, b) => a - b);
	let most = 0;
	for (let i = 0, j = 0; i < sorted.length; i++) {
		while (sorted[i]! - sorted[j]! >= ms) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

describe('the start of a current app server with live agents (issue 27 item 6)', () => {
	it('handshakes and glimpse searches are spread within 10 a second', async () => {
		h = await activityHarness('current', {events: 5, execution: 'running', store: {liveEvents: true, attentionCheck: true}});
		const ids = [CONV];
		for (let n = 1; n <= 11; n++) {
			h.server.conversations.set(hex(n), {id: hex(n), sandboxId: SANDBOX, title: `agent ${n}`, execution: 'running', events: []});
			ids.push(hex(n));
		}
		const times: number[] = [];
		h.server.intercept = () => {
			times.push(h!.clock.now());
			return null;
		};
		h.server.sockets.onUpgrade = () => times.push(h!.clock.now());
		h.store.start();
		// the list's rows on screen: their doing column
		h.store.watchGlimpses(ids, null);
		await h.settle();
		// what goes without waiting for the budget goes now, while the store's clock stands still
		await realSleep(300);
		for (let step = 0; step < 50; step++) {
			await h.advance(100);
		}
		await vi.waitFor(() => expect(h!.server.sockets.open()).toBe(MAX_SOCKETS), {timeout: 5000, interval: 5});
		expect(h.server.sockets.upgrades.length).toBeGreaterThanOrEqual(MAX_SOCKETS);
		expect(h.lines().filter(line => line.includes('/events/search')).length).toBeGreaterThanOrEqual(9);
		expect(densest(times, 1000)).toBeLessThanOrEqual(10);
	});
});
