import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {earlierServerTime} from '../../../source/api/serverTime.js';
import {PING_MS, REFUSED_RETRY_MS, RESUME_MARGIN_MS} from '../../../source/store/live/liveSockets.js';
import type {ActivityState} from '../../../source/store/types.js';
import {type RawEvent, makeEvent, stateEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, SANDBOX, activityHarness, eventSearches} from '../activityHarness.js';
import {advanceUntil, realSleep, record} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

function activity(): ActivityState {
	const state = h!.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

const ids = () => activity().events.map(e => e.id);
const serverIds = () => h!.server.conversations.get(CONV)!.events.map(e => e.id);
const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 5000, interval: 5});

/** `count` events after the newest the server holds, 10 ms apart */
function next(count: number): RawEvent[] {
	const list = h!.server.conversations.get(CONV)!.events;
	const last = Date.parse(`${list.at(-1)!.timestamp}Z`);
	return Array.from({length: count}, (_, i) => makeEvent(list.length + i, last + (i + 1) * 10));
}

async function openLive(generation: Generation, execution = 'idle', events = 30): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events, execution, store: {liveEvents: true}});
	h.store.start();
	await h.settle();
	h.store.openActivity(CONV);
	await h.settle();
	await advanceUntil(h!, () => activity().transport?.live === true);
	h.clear();
	return h;
}

describe.each<Generation>(['legacy', 'current'])('%s: events over the websocket', generation => {
	it('after the first page the socket takes over: events show as they come, in arrival order, and no search runs', async () => {
		await openLive(generation);
		expect(h!.server.sockets.upgrades).toHaveLength(1);
		// the socket replays from the first page's newest event (minus the margin): nothing falls between
		const newest = h!.server.conversations.get(CONV)!.events.at(-1)!.timestamp;
		expect(h!.server.sockets.upgrades[0]!.query.get('after_timestamp')).toBe(earlierServerTime(newest, RESUME_MARGIN_MS));
		const sent = [...next(3)];
		sent.push(stateEvent(Date.parse(`${sent[2]!.timestamp}Z`) + 1, 'finished'));
		h!.server.sockets.publish(CONV, ...sent);
		await waitFor(() => expect(ids().slice(-4)).toEqual(sent.map(e => e.id)));
		expect(ids()).toEqual(serverIds());
		expect(activity().conversation?.execution_status).toBe('finished');
		await h!.advance(3 * INTERVAL);
		expect(eventSearches(h!.lines())).toEqual([]);
		// what the events changed in the conversation (cost, title) is read once
		expect(h!.lines()).toEqual([`GET /api/v1/app-conversations?ids=${CONV}`]);
	});

	it('idle sockets cost nothing: no request, no snapshot', async () => {
		await openLive(generation);
		const seen = record(h!.store);
		for (let i = 0; i < 3; i++) {
			await h!.advance(PING_MS);
			// the pong comes over real time while the store's clock stands still
			await realSleep(50);
		}
		expect(h!.lines(), JSON.stringify(seen.map(s => s.activity?.transport))).toEqual([]);
		expect(seen).toEqual([]);
		expect(h!.server.sockets.open(CONV)).toBe(1);
	});

	it('after a drop: reconnects, resumes from the newest event received, each event of the drop once and in order', async () => {
		await openLive(generation);
		const before = next(2);
		h!.server.sockets.publish(CONV, ...before);
		await waitFor(() => expect(ids().slice(-2)).toEqual(before.map(e => e.id)));
		h!.server.sockets.drop();
		await waitFor(() => expect(activity().transport).toMatchObject({live: false}));
		// made while no socket was open: only the log has them
		const during = next(4);
		h!.server.conversations.get(CONV)!.events.push(...during);
		await h!.advance(1000);
		await advanceUntil(h!, () => activity().transport?.live === true);
		expect(h!.server.sockets.upgrades.at(-1)!.query.get('after_timestamp')).toBe(earlierServerTime(before[1]!.timestamp, RESUME_MARGIN_MS));
		await waitFor(() => expect(ids().slice(-4)).toEqual(during.map(e => e.id)));
		expect(ids()).toEqual(serverIds());
		expect(new Set(ids()).size).toBe(ids().length);
	});

	it('a socket that speaks more often than the interval while the agent runs: no search at all (issue 27 item 5)', async () => {
		await openLive(generation, 'running');
		for (let i = 0; i < 8; i++) {
			const event = next(1);
			h!.server.sockets.publish(CONV, ...event);
			await waitFor(() => expect(ids().at(-1)).toBe(event[0]!.id));
			await h!.advance(3000);
		}
		expect(eventSearches(h!.lines())).toEqual([]);
		// once it falls silent, the check comes an interval after its last frame
		await h!.advance(INTERVAL);
		expect(eventSearches(h!.lines())).toHaveLength(1);
	});

	it('a socket silent while the agent runs is checked by a search each interval; one that missed events is replaced', async () => {
		await openLive(generation, 'running');
		// (a running conversation had a watch socket before its activity opened)
		const opened = h!.server.sockets.upgrades.length;
		h!.server.sockets.silent = true;
		const missed = next(2);
		h!.server.sockets.publish(CONV, ...missed);
		await h!.advance(INTERVAL);
		expect(eventSearches(h!.lines())).toHaveLength(1);
		expect(ids().slice(-2)).toEqual(missed.map(e => e.id));
		h!.server.sockets.silent = false;
		// it brought nothing new since it opened: the next one a backoff step later (issue 27 item 9)
		await h!.advance(1000);
		await advanceUntil(h!, () => h!.server.sockets.upgrades.length > opened);
		expect(h!.server.sockets.upgrades).toHaveLength(opened + 1);
	});

	it('a refused upgrade: the lane polls every interval, the header says so, the socket is asked for again only much later', async () => {
		h = await activityHarness(generation, {events: 10, execution: 'idle', store: {liveEvents: true}});
		h.server.sockets.refuse = 403;
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		await advanceUntil(h, () => activity().transport?.why === 'the server refused the socket (403)');
		expect(activity().transport).toEqual({live: false, everyMs: INTERVAL, why: 'the server refused the socket (403)'});
		h.clear();
		await h.advance(3 * INTERVAL);
		expect(eventSearches(h.lines())).toHaveLength(3);
		expect(h.server.sockets.upgrades).toHaveLength(1);
		h.server.sockets.refuse = null;
		await h.advance(REFUSED_RETRY_MS);
		await advanceUntil(h!, () => activity().transport?.live === true);
		expect(h.server.sockets.upgrades).toHaveLength(2);
	});
});

describe('the conversation moves', () => {
	it('a new session key (the sandbox restarted): a new socket with it; refused, the lane polls again', async () => {
		await openLive('current');
		const sandbox = h!.server.sandboxes.get(SANDBOX)!;
		sandbox.key = 'sess-rotated';
		h!.server.sockets.refuse = 403;
		// new events: the conversation is read again within an interval, with its new key
		h!.server.sockets.publish(CONV, ...next(1));
		await h!.advance(INTERVAL);
		await waitFor(() => expect(activity().transport).toMatchObject({live: false}));
		expect(h!.server.sockets.upgrades.at(-1)!.headers['x-session-api-key']).toBe('sess-rotated');
		h!.clear();
		await h!.advance(2 * INTERVAL);
		expect(eventSearches(h!.lines())).toHaveLength(2);
	});
});

describe('a proxy in front', () => {
	it('a 5xx to the upgrade (a restart behind it) is a drop, not a refusal: asked again within seconds', async () => {
		h = await activityHarness('current', {events: 10, execution: 'idle', store: {liveEvents: true}});
		h.server.sockets.refuse = 503;
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		await advanceUntil(h, () => activity().transport?.why === 'the socket dropped');
		h.server.sockets.refuse = null;
		await h.advance(1000);
		await advanceUntil(h!, () => activity().transport?.live === true);
		expect(h.server.sockets.upgrades).toHaveLength(2);
	});
});

describe('older agent servers', () => {
	it('1.1.0 cannot replay: after each connect one search from the newest event held, then none', async () => {
		h = await activityHarness('legacy', {events: 10, execution: 'idle', store: {liveEvents: true}});
		h.server.sockets.version = '1.1.0';
		h.store.start();
		await h.settle();
		h.store.openActivity(CONV);
		await h.settle();
		// live, then the catch-up search (each waits its turn in the request budget)
		await advanceUntil(h!, () => activity().transport?.live === true && eventSearches(h!.lines()).length >= 2);
		expect(eventSearches(h.lines())).toHaveLength(2);
		expect(eventSearches(h.lines())[1]).toMatch(/timestamp__gte=/);
		expect(h.server.sockets.upgrades[0]!.query.get('session_api_key')).toBe('sess-3b1f');
		h.clear();
		await h.advance(3 * INTERVAL);
		expect(eventSearches(h.lines())).toEqual([]);
	});
});
