// Issue 21 items 11, 12 and 14 over real HTTP, both generations: agent commands on agents that take
// their time. Pause is answered only after the agent's current step and run when it stops (12.6 s,
// 49.9 s, 20.2 s measured on a real agent server): the footer says what is under way, the command
// ends when the status shows it (not "outcome unknown"), the conversation is read again after each
// command, and a pause that had nothing to stop says so.
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {stateEvent} from '../../support/eventData.js';
import {type ActivityHarness, CONV, activityHarness} from '../activityHarness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

async function ready(generation: Generation, execution: string, store = {}): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events: 5, execution, store: {actionDeadlineMs: 60_000, ...store}});
	h.store.start();
	await h.settle();
	h.clear();
	return h;
}

const notice = (h: ActivityHarness) => h.store.getSnapshot().notice?.text;
const isPause = (r: {method: string; path: string}) => r.method === 'POST' && r.path.endsWith('/pause');

describe.each<Generation>(['legacy', 'current'])('%s: agent commands on a real agent', generation => {
	it('pause answered only after the current step: said at once, done when the events show it', async () => {
		const h = await ready(generation, 'running');
		h.store.openActivity(CONV);
		await h.settle();
		// the server holds the answer (the agent finishes its step first) …
		h.server.hold = isPause;
		h.store.controlAgent(CONV, 'pause');
		expect(notice(h)).toBe('pausing the agent after its current step…');
		await vi.waitFor(() => expect(h.server.seen.filter(isPause)).toHaveLength(1));
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'agent', targetState: 'pause', phase: 'calling'}]);
		// … and the agent pauses: the next follow tick sees its state update while the call still waits
		const c = h.server.conversations.get(CONV)!;
		c.execution = 'paused';
		c.events.push(stateEvent(h.server.now() + 1000, 'paused'));
		// timers fire without waiting for the store to settle: the held call never does
		await h.clock.advance(5000, async () => {});
		await vi.waitFor(() => expect(notice(h)).toBe('agent paused: Fix the flaky tests'));
		expect(h.store.getSnapshot().pending).toEqual([]);
		expect(h.server.seen.filter(isPause)).toHaveLength(1);
	});

	it('a pause past the action deadline is confirmed from the status, not "outcome unknown"', async () => {
		const h = await ready(generation, 'running', {actionDeadlineMs: 2000});
		h.server.hold = isPause;
		h.store.controlAgent(CONV, 'pause');
		await h.advance(2500);
		expect(notice(h)).toMatch(/no answer yet, watching the agent's status/);
		h.server.conversations.get(CONV)!.execution = 'paused';
		await h.advance(4000);
		expect(notice(h)).toBe('agent paused: Fix the flaky tests');
	});

	it('accept: the conversation is read again at once, so the header no longer says "waiting"', async () => {
		const h = await ready(generation, 'waiting_for_confirmation');
		h.store.controlAgent(CONV, 'accept');
		await h.advance(1000);
		const posted = h.lines().findIndex(line => line.includes('respond_to_confirmation'));
		expect(h.lines().slice(posted + 1)[0]).toBe(`GET /api/v1/app-conversations?ids=${CONV}`);
		expect(h.store.getSnapshot().conversations.data?.find(c => c.id === CONV)?.execution_status).toBe('running');
		// a second accept is not sent: nothing waits any more
		h.clear();
		h.store.controlAgent(CONV, 'accept');
		expect(notice(h)).toBe('the agent is not waiting for a confirmation: nothing was sent');
		await h.advance(1000);
		expect(h.lines().filter(line => line.includes('respond_to_confirmation'))).toEqual([]);
	});

	it('P on a finished agent sends nothing and says what is so', async () => {
		const h = await ready(generation, 'finished');
		h.store.controlAgent(CONV, 'pause');
		expect(notice(h)).toBe('the agent has finished: there is nothing to pause: nothing was sent');
		await h.advance(1000);
		expect(h.server.seen.filter(isPause)).toHaveLength(0);
	});

	it('an agent that finishes while pausing: "finished", not "paused"', async () => {
		const h = await ready(generation, 'running');
		h.server.intercept = r => {
			if (!isPause(r)) return null;
			h.server.conversations.get(CONV)!.execution = 'finished';
			return {status: 200, json: {success: true}};
		};
		h.store.controlAgent(CONV, 'pause');
		await h.advance(1000);
		expect(notice(h)).toBe('the agent finished before it could pause: Fix the flaky tests');
	});
});
