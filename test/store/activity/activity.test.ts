import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {WINDOW_MAX} from '../../../source/store/activity/activityWindow.js';
import {stateEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';
import {record} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

function activity(h: ActivityHarness) {
	const state = h.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

function idsOf(h: ActivityHarness): string[] {
	return activity(h).events.map(e => e.id);
}

/** the fixture's events in time order */
function serverIds(h: ActivityHarness): string[] {
	return [...h.server.conversations.get(CONV)!.events].sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1)).map(e => e.id);
}

async function opened(generation: Generation, events: number, perSecond = 2): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events, perSecond});
	h.store.start();
	await h.settle();
	h.clear();
	h.store.openActivity(CONV);
	await h.settle();
	return h;
}

describe.each<Generation>(['legacy', 'current'])('%s activity', generation => {
	it('opens on the newest page (at most 100), oldest first, and says older ones exist', async () => {
		const h = await opened(generation, 350);
		const state = activity(h);
		expect(state).toMatchObject({conversationId: CONV, loading: false, error: null, following: true, hasOlder: true, hasNewer: false});
		expect(idsOf(h)).toEqual(serverIds(h).slice(-100));
		expect(state.conversation).toMatchObject({id: CONV, title: 'Fix the flaky tests'});
		const searches = eventSearches(h.lines());
		expect(searches).toHaveLength(1);
		expect(searches[0]).toMatch(/sort_order=TIMESTAMP_DESC/);
		expect(searches[0]).toMatch(/limit=100/);
	});

	it('following an idle conversation: exactly one request an interval, no notification, the list poll paused', async () => {
		const h = await opened(generation, 40);
		const seen = record(h.store);
		const before = h.store.getSnapshot();
		h.clear();
		for (let i = 1; i <= 6; i++) {
			await h.advance(INTERVAL);
			expect(h.lines()).toHaveLength(i);
		}
		expect(eventSearches(h.lines())).toHaveLength(6);
		for (const line of h.lines()) expect(line).toMatch(/timestamp__gte=.*sort_order=TIMESTAMP(&|$)/);
		expect(seen).toHaveLength(0);
		expect(h.store.getSnapshot()).toBe(before);
	});

	it('closing resumes the list poll, and stops asking for events', async () => {
		const h = await opened(generation, 10);
		await h.advance(INTERVAL * 2);
		h.clear();
		h.store.closeActivity();
		await h.settle();
		expect(h.store.getSnapshot().activity).toBeNull();
		await h.advance(INTERVAL * 3);
		expect(eventSearches(h.lines())).toEqual([]);
		expect(h.lines().filter(line => line.startsWith('GET /api/v1/app-conversations/search')).length).toBeGreaterThanOrEqual(3);
	});

	it('new events appear within one interval, once each, and the conversation is read again', async () => {
		const h = await opened(generation, 30);
		h.clear();
		const added = h.addEvents(3, 5);
		h.server.conversations.get(CONV)!.execution = 'waiting_for_confirmation';
		h.server.conversations.get(CONV)!.events.push(stateEvent(Date.parse(`${added[2]!.timestamp}Z`) + 1, 'waiting_for_confirmation'));
		await h.advance(INTERVAL);
		expect(idsOf(h)).toEqual(serverIds(h));
		expect(new Set(idsOf(h)).size).toBe(34);
		expect(activity(h).conversation?.execution_status).toBe('waiting_for_confirmation');
		expect(h.lines()).toEqual([expect.stringMatching(/events\/search/), `GET /api/v1/app-conversations?ids=${CONV}`]);
		// and quiet again
		const seen = record(h.store);
		h.clear();
		await h.advance(INTERVAL);
		expect(h.lines()).toHaveLength(1);
		expect(seen).toHaveLength(0);
	});

	it('loads older pages backwards, 100 at a time, until there are none', async () => {
		const h = await opened(generation, 350);
		h.store.setFollow(false);
		h.clear();
		const sizes: number[] = [];
		for (let i = 0; i < 3; i++) {
			h.store.loadOlderEvents();
			expect(activity(h).loadingOlder).toBe(true);
			// pages asked for in quick succession go 110 ms apart once half the request budget is in
			// use (the list, the server-info ask, the newest page and two older ones): time must move
			await h.advance(200);
			sizes.push(activity(h).events.length);
		}
		expect(sizes).toEqual([200, 300, 350]);
		expect(activity(h)).toMatchObject({hasOlder: false, loadingOlder: false});
		expect(idsOf(h)).toEqual(serverIds(h));
		expect(eventSearches(h.lines())).toHaveLength(3);
		h.store.loadOlderEvents();
		await h.settle();
		expect(eventSearches(h.lines())).toHaveLength(3);
	});

	it('scrolling far back keeps a bounded window, and G comes back to the newest page', async () => {
		const h = await opened(generation, 2600, 10);
		h.store.setFollow(false);
		for (let i = 0; i < 26; i++) {
			h.store.setActivityViewport(0, 30);
			h.store.loadOlderEvents();
			await h.advance(200); // the request budget (10 a second) runs on the manual clock
			expect(activity(h).events.length).toBeLessThanOrEqual(WINDOW_MAX);
		}
		const all = serverIds(h);
		expect(activity(h)).toMatchObject({hasOlder: false, hasNewer: true});
		expect(idsOf(h)).toEqual(all.slice(0, WINDOW_MAX));
		h.clear();
		h.store.setFollow(true);
		await h.settle();
		expect(idsOf(h)).toEqual(all.slice(-100));
		expect(activity(h)).toMatchObject({hasOlder: true, hasNewer: false, following: true});
		expect(eventSearches(h.lines())).toEqual([expect.stringMatching(/sort_order=TIMESTAMP_DESC/)]);
	});

	it('back down from far back: the dropped newer events load again near the window edge', async () => {
		const h = await opened(generation, 1400, 10);
		h.store.setFollow(false);
		for (let i = 0; i < 13; i++) {
			h.store.setActivityViewport(0, 30);
			h.store.loadOlderEvents();
			await h.advance(200);
		}
		expect(activity(h).hasNewer).toBe(true);
		const all = serverIds(h);
		for (let guard = 0; activity(h).hasNewer && guard < 20; guard++) {
			const length = activity(h).events.length;
			h.store.setActivityViewport(length - 31, length - 1);
			await h.advance(200);
			expect(activity(h).events.length).toBeLessThanOrEqual(WINDOW_MAX);
		}
		expect(activity(h).hasNewer).toBe(false);
		expect(idsOf(h)).toEqual(all.slice(-WINDOW_MAX));
	});

	it('a burst while following keeps the newest WINDOW_MAX and marks older ones', async () => {
		const h = await opened(generation, 50);
		h.addEvents(1200, 3);
		// one tick reads at most ten pages, the last five paced 110 ms apart by the request budget
		// (createStore.ts): the window is full, the newest ones come with the next tick (legacy pages
		// are cut in file-name order, so what one tick holds is not a plain run of the time order)
		await h.advance(INTERVAL + 1000);
		expect(idsOf(h)).toHaveLength(WINDOW_MAX);
		expect(idsOf(h)).not.toContain(serverIds(h).at(-1));
		expect(activity(h)).toMatchObject({hasOlder: true, following: true});
		// the next tick: an interval after the end of the first
		await h.advance(INTERVAL);
		expect(idsOf(h)).toEqual(serverIds(h).slice(-WINDOW_MAX));
		expect(activity(h)).toMatchObject({hasOlder: true, following: true});
	});

	it('a failing search keeps the events, shows the error, retries with backoff, and recovers', async () => {
		const h = await opened(generation, 20);
		const held = activity(h).events;
		h.server.failEvents = 500;
		await h.advance(INTERVAL);
		expect(activity(h).error).toMatchObject({kind: 'server'});
		expect(activity(h).events).toBe(held);
		h.clear();
		await h.advance(1000); // backoff: 1 s with random 0.5
		expect(eventSearches(h.lines())).toHaveLength(1);
		h.server.failEvents = null;
		await h.advance(2000);
		expect(activity(h).error).toBeNull();
		expect(activity(h).events).toBe(held);
	});

	it('a 401 while following is asked once more at once (it worked a moment ago), then waits a minute, as the lists do', async () => {
		const h = await opened(generation, 20);
		h.server.failEvents = 401;
		await h.advance(INTERVAL);
		expect(activity(h).error).toMatchObject({kind: 'unauthorized'});
		h.clear();
		await h.advance(1500);
		expect(eventSearches(h.lines())).toHaveLength(1);
		h.clear();
		await h.advance(59_000);
		expect(eventSearches(h.lines())).toHaveLength(0);
		h.server.failEvents = null;
		await h.advance(1500);
		expect(eventSearches(h.lines())).toHaveLength(1);
		expect(activity(h).error).toBeNull();
	});
});

describe('activity', () => {
	it('counts events it could not read instead of dropping the page', async () => {
		h = await activityHarness('current', {events: 10});
		(h.server.conversations.get(CONV)!.events[3] as Record<string, unknown>).timestamp = 42;
		h.store.openActivity(CONV);
		await h.settle();
		expect(activity(h)).toMatchObject({unreadable: 1});
		expect(activity(h).events).toHaveLength(9);
	});

	it('a conversation not in the list is read once by batch get for the header', async () => {
		h = await activityHarness('legacy', {events: 5});
		h.store.openActivity(CONV);
		await h.settle();
		expect(h.lines()).toEqual([
			expect.stringMatching(/events\/search/),
			`GET /api/v1/app-conversations?ids=${CONV}`,
			// once the conversation is known: its agent server, once an open (issue 21 item 1)
			'agent GET /server_info',
			`agent GET /api/conversations/${CONV}`,
		]);
		expect(activity(h).conversation).toMatchObject({title: 'Fix the flaky tests', sandbox_status: 'RUNNING'});
	});
});
