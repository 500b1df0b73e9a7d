import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {conversation, list} from '../fixtures.js';
import {renderApp} from '../harness.js';
import {activityState, legacyTrajectory} from '../eventFixtures.js';
import type {ActivityState} from '../../../source/store/types.js';

afterEach(() => cleanup());

const ID = conversation().id;

async function headerWith(overrides: Partial<ActivityState>): Promise<string> {
	const h = renderApp({rows: 40, columns: 120, snapshot: {conversations: list([conversation()]), activity: activityState(ID, legacyTrajectory(), overrides)}});
	await h.waitFor('Fix flaky');
	await h.press('l');
	await h.waitFor('Esc back');
	return h.frame().split('\n').find(line => line.includes('agent finished · ')) ?? '';
}

describe('the activity header says how events come (issue 18)', () => {
	it('live over the websocket', async () => {
		expect(await headerWith({transport: {live: true, everyMs: 5000, why: null}})).toMatch(/^agent finished · live · sandbox RUNNING · /);
	});

	it('polling, with the pace, where no socket can be had', async () => {
		expect(await headerWith({transport: {live: false, everyMs: 5000, why: 'the server refused the socket (403)'}})).toMatch(/^agent finished · polling every 5 s · sandbox RUNNING · /);
	});

	it('polling at another pace', async () => {
		expect(await headerWith({transport: {live: false, everyMs: 2500, why: null}})).toMatch(/^agent finished · polling every 2\.5 s · sandbox RUNNING · /);
	});

	it('stopped reading (the pages went round): says so and how to read again, not a pace (issue 27 item 13)', async () => {
		expect(await headerWith({transport: {live: false, everyMs: 5000, why: null}, stopped: "the server's next page points back to page 0"})).toMatch(/^agent finished · stopped reading events · Ctrl-r · sandbox RUNNING · /);
		// the socket still brings events: live it is
		expect(await headerWith({transport: {live: true, everyMs: 5000, why: null}, stopped: 'a loop'})).toMatch(/^agent finished · live · sandbox RUNNING · /);
	});

	it('nothing until it is known', async () => {
		const header = await headerWith({transport: null});
		expect(header).toMatch(/^agent finished · sandbox RUNNING · /);
	});
});

describe('the header while the activity polls (issue 26 item 8)', () => {
	it('says the server is out of reach when the activity could not reach it, not `ok`', async () => {
		const unreachable = {kind: 'unreachable' as const, message: 'connection to 127.0.0.1:3000 refused', at: Date.now()};
		const h = renderApp({rows: 40, columns: 120, snapshot: {conversations: list([conversation()]), activity: activityState(ID, legacyTrajectory(), {error: unreachable, transport: {live: false, everyMs: 5000, why: 'the server cannot be reached'}})}});
		await h.waitFor('Fix flaky');
		await h.press('l');
		const frame = await h.waitFor('Esc back');
		expect(frame.split('\n')[0]).toMatch(/ offline/);
		expect(frame.split('\n')[0]).not.toMatch(/ ok\b/);
	});
});

