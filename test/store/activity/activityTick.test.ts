import {describe, expect, it} from 'vitest';
import {newRun} from '../../../source/store/activity/activityRun.js';
import {nextTick} from '../../../source/store/activity/activityTick.js';

const run = (fields: Partial<ReturnType<typeof newRun>>) => Object.assign(newRun('c', null, 0, () => {}), {loaded: true, lastFollowAt: 1000}, fields);
const held = [{id: 'e1', kind: 'MessageEvent', timestamp: '2025-11-15T09:00:00', source: 'user', raw: {}}] as ReturnType<typeof newRun>['events'];

describe("the activity lane's next job", () => {
	it('polling: a follow an interval after the last success; far back with follow off, the header only', () => {
		expect(nextTick(run({}), 2000, 5000, null)).toEqual({due: 6000, job: 'follow'});
		expect(nextTick(run({following: false}), 2000, 5000, null)).toEqual({due: 6000, job: 'follow'});
		expect(nextTick(run({hasNewer: true, following: false}), 2000, 5000, null)).toEqual({due: 6000, job: 'header'});
		expect(nextTick(run({hasNewer: true}), 2000, 5000, null)).toEqual({due: 6000, job: 'newest'});
	});

	it('live: nothing, or the silent check while the agent runs; far back the socket keeps the header', () => {
		expect(nextTick(run({live: true, events: held}), 2000, 5000, null)).toBeNull();
		expect(nextTick(run({live: true, events: held}), 2000, 5000, 7000)).toEqual({due: 7000, job: 'silent'});
		expect(nextTick(run({live: true, events: held, hasNewer: true, following: false}), 2000, 5000, 7000)).toBeNull();
	});

	it('live with nothing held yet (a socket that cannot replay, an event store behind): followed like any other (issue 27 item 7)', () => {
		expect(nextTick(run({live: true}), 2000, 5000, null)).toEqual({due: 6000, job: 'follow'});
	});

	it('after a failure: the retry at its time, live or not', () => {
		expect(nextTick(run({failures: 2, retryAt: 3000, live: true}), 2000, 5000, null)).toEqual({due: 3000, job: 'follow'});
		expect(nextTick(run({failures: 1, retryAt: 3000, loaded: false}), 2000, 5000, null)).toEqual({due: 3000, job: 'newest'});
	});
});
