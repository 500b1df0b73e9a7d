import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {stateEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, activityHarness, eventSearches} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

function activity() {
	const state = h!.store.getSnapshot().activity;
	if (!state) throw new Error('no activity open');
	return state;
}

async function opened(generation: Generation, events: number, perSecond = 2): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events, perSecond, execution: 'waiting_for_confirmation'});
	h.store.start();
	await h.settle();
	h.store.openActivity(CONV);
	await h.settle();
	h.clear();
	return h;
}

/** what accepting the pending action elsewhere (the web app, another ohtui) does on the server */
function acceptedElsewhere(): void {
	const c = h!.server.conversations.get(CONV)!;
	const [done] = h!.addEvents(1, 10);
	c.execution = 'running';
	c.events.push(stateEvent(Date.parse(`${done!.timestamp}Z`) + 1, 'running'));
}

describe.each<Generation>(['legacy', 'current'])('%s: follow off (issue 18 §3)', generation => {
	it('the window keeps its newest events current below the screen: the status moves on at the refresh pace', async () => {
		await opened(generation, 30);
		h!.store.setFollow(false);
		for (let i = 1; i <= 3; i++) {
			await h!.advance(INTERVAL);
			expect(eventSearches(h!.lines())).toHaveLength(i);
		}
		acceptedElsewhere();
		await h!.advance(INTERVAL);
		expect(eventSearches(h!.lines())).toHaveLength(4);
		expect(activity().events.at(-1)?.raw).toMatchObject({key: 'execution_status', value: 'running'});
		expect(activity().conversation?.execution_status).toBe('running');
		expect(activity().following).toBe(false);
	});

	it('far back (the newest events out of the window): the conversation is read each interval, no event search', async () => {
		await opened(generation, 1400, 10);
		h!.store.setFollow(false);
		for (let i = 0; i < 13; i++) {
			h!.store.setActivityViewport(0, 30);
			h!.store.loadOlderEvents();
			await h!.advance(200);
		}
		expect(activity().hasNewer).toBe(true);
		await h!.advance(INTERVAL);
		h!.clear();
		acceptedElsewhere();
		await h!.advance(INTERVAL);
		expect(h!.lines()).toEqual([`GET /api/v1/app-conversations?ids=${CONV}`]);
		expect(activity().conversation?.execution_status).toBe('running');
		await h!.advance(INTERVAL);
		expect(h!.lines()).toHaveLength(2);
	});
});
