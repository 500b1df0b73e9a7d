// Issue 26 item 8 over real HTTP and a real websocket, against the agent-server stand-in: the
// server goes out of reach (REST and websocket) with the activity open and live, then comes back.
// A reconnect that failed while it was down was taken for a refusal and tried again only after five
// minutes; it backs off like any request (capped at about the refresh interval) and is tried again
// as soon as a REST request to the server answers. Only a refusal earns the long wait.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn, type AgentServerStandIn} from '../../../source/server/index.js';
import {REFUSED_RETRY_MS} from '../../../source/store/live/liveSockets.js';
import type {ActivityState} from '../../../source/store/types.js';
import {type ClockedStore, advanceUntil, clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'outage-key-7d1f';
const INTERVAL = 5000;
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 5000, interval: 5});

async function liveActivity(): Promise<{server: AgentServerStandIn; h: ClockedStore}> {
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0});
	const h = clockedStore(new ManualClock(), createClient({baseUrl: server.url, apiKey: KEY}), {refreshMs: INTERVAL, liveEvents: true});
	open.push(server, {close: h.closeStore});
	h.store.start();
	await h.settle();
	const c = h.store.getSnapshot().conversations.data!.find(row => row.title?.startsWith('Fix flaky date parsing'))!;
	h.store.openActivity(c.id);
	await h.settle();
	await advanceUntil(h, () => activity(h).transport?.live === true);
	return {server, h};
}

function activity(h: ClockedStore): ActivityState {
	const state = h.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

const upgrades = (server: AgentServerStandIn) => server.requests.filter(r => r.upgrade).length;

describe('an outage of the agent server with the activity open and live', () => {
	it('reconnects as soon as the server answers again, within an interval at most, never five minutes later', async () => {
		const {server, h} = await liveActivity();
		server.setDown(true);
		await waitFor(() => expect(activity(h).transport).toMatchObject({live: false}));
		// 20 s down: the lane's searches fail, the socket is tried again every few seconds
		for (let i = 0; i < 20; i++) await h.advance(1000);
		expect(activity(h).error).toMatchObject({kind: 'unreachable'});
		expect(activity(h).transport).toMatchObject({live: false, why: 'the server cannot be reached'});
		server.setDown(false);
		// a search answers (Ctrl-r here; the lane's next one otherwise): the socket is asked for at
		// once, before its own timer (the clock stands still)
		h.store.refresh();
		// within what the request budget takes (its own next try is 2 s away here)
		await advanceUntil(h, () => activity(h).transport?.live === true, 50, 1000);
		expect(activity(h).error).toBeNull();
		// down again, a minute this time, and back: its own timer brings it back within an interval
		server.setDown(true);
		await waitFor(() => expect(activity(h).transport).toMatchObject({live: false}));
		for (let i = 0; i < 60; i++) await h.advance(1000);
		expect(activity(h).transport).toMatchObject({live: false, why: 'the server cannot be reached'});
		server.setDown(false);
		const back = upgrades(server);
		await advanceUntil(h, () => activity(h).transport?.live === true, 100, INTERVAL);
		expect(upgrades(server)).toBeGreaterThan(back);
	});

	it('a refusal (403) is the only reason for the long wait', async () => {
		const {server, h} = await liveActivity();
		server.setRefuseUpgrades(true);
		server.dropSockets();
		await waitFor(() => expect(activity(h).transport).toMatchObject({live: false}));
		for (let i = 0; i < 4; i++) await h.advance(INTERVAL);
		await waitFor(() => expect(activity(h).transport?.why).toMatch(/refused the socket \(404\)/));
		const tried = upgrades(server);
		server.setRefuseUpgrades(false);
		await h.advance(REFUSED_RETRY_MS - 5 * INTERVAL);
		expect(upgrades(server)).toBe(tried);
		await advanceUntil(h, () => activity(h).transport?.live === true, 1000, 5 * INTERVAL + 1000);
	});
});
