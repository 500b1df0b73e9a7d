// Issue 26 item 1, the run beside the message: a run executes the pending action first, so `R` asks
// while the agent waits (the R dialog) and runs at once otherwise. "Otherwise" must not be a guess:
// when the store knew the agent idle (a list a poll old) but it waits now, `R` must not run it
// unasked. The status is read again right before the POST /run; an action that waits now is left
// waiting and the line says to press R again (which then asks). Direct agent server stand-in, real HTTP.
import {describe, expect, it} from 'vitest';
import {setup} from './staleWaiting.js';

describe('R (run) when the store knew the agent idle but it waits now', () => {
	it('nothing is sent, the line says it waits, and the action still waits', async () => {
		const s = await setup();
		const pending = await s.staleWait();
		expect(s.listed()).toBe('idle');
		const before = s.posts().length;
		s.store.controlAgent(s.id, 'run');
		await s.advance(1000);
		expect(s.posts().slice(before)).toEqual([]);
		expect(s.store.getSnapshot().notice).toMatchObject({level: 'error'});
		expect(s.store.getSnapshot().notice?.text).toMatch(/^not run: the agent waits for a confirmation now; a run would approve it \(R again asks first\)/);
		await s.advance(3000);
		const events = await s.events();
		expect(s.pendingIds(events)).toContain(pending);
		expect(events.filter(e => e.action_id === pending)).toEqual([]);
	});

	it('the store knows it waits (the R dialog asked): the run goes and the action runs', async () => {
		const s = await setup();
		const [pending] = s.pendingIds(await s.events());
		expect(s.listed()).toBe('waiting_for_confirmation');
		s.store.controlAgent(s.id, 'run');
		await s.advance(1000);
		expect(s.posts()).toEqual(['/run']);
		await s.advance(3000);
		expect((await s.events()).find(e => e.action_id === pending)).toMatchObject({kind: 'ObservationEvent'});
	});

	it('an idle agent that is idle: one status read, then the run', async () => {
		const s = await setup();
		s.store.controlAgent(s.id, 'reject', 'not now');
		await s.advance(1000);
		const before = s.posts().length;
		s.store.controlAgent(s.id, 'run');
		await s.advance(1000);
		expect(s.posts().slice(before)).toEqual(['/run']);
	});
});
