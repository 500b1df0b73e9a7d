import {describe, expect, it} from 'vitest';
import {manualClock} from '../helpers.js';
import {allEvents, byTitle, call, startAgent, UNKNOWN} from './helpers.js';

const post = (server: Parameters<typeof call>[0], path: string, body?: unknown) => call(server, path, {method: 'POST', body});
const status = async (server: Parameters<typeof call>[0], id: string) => (await call(server, `/api/conversations/${id}`)).json.execution_status;

/** Steps the manual clock a second at a time (each step a request) until `done`, at most `limit` seconds. */
async function until(server: Parameters<typeof call>[0], clock: ReturnType<typeof manualClock>, id: string, done: (s: string) => boolean, limit = 600) {
	for (let i = 0; i < limit; i++) {
		const s = await status(server, id);
		if (done(s)) return s;
		clock.advance(1000);
	}
	throw new Error('never got there');
}

describe('agent server stand-in: driving (§7; §10 items 19-23)', () => {
	it('runs (409 while running, 404 when unknown) and publishes the start', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Add dark mode');
		const conflict = await post(server, `/api/conversations/${c.id}/run`);
		expect([conflict.status, conflict.text]).toEqual([409, '{"detail":"Conversation already running. Wait for completion or pause first."}']);
		const finished = await byTitle(server, 'Fix flaky date parsing');
		expect((await post(server, `/api/conversations/${finished.id}/run`)).text).toBe('{"success":true}');
		expect(await status(server, finished.id)).toBe('running');
		const unknown = await post(server, `/api/conversations/${UNKNOWN}/run`);
		expect([unknown.status, unknown.text]).toEqual([404, '{"detail":"Not Found"}']);
	});

	it('pauses (PauseEvent, paused; 400 when unknown) and interrupts (InterruptEvent, paused)', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Add dark mode');
		expect((await post(server, `/api/conversations/${c.id}/pause`)).text).toBe('{"success":true}');
		const events = await allEvents(server, c.id);
		expect(events.slice(-2).map(e => e.kind === 'PauseEvent' ? 'pause' : e.value)).toEqual(['pause', 'paused']);
		expect(await status(server, c.id)).toBe('paused');
		const unknown = await post(server, `/api/conversations/${UNKNOWN}/pause`);
		expect([unknown.status, unknown.text]).toEqual([400, '{"detail":"Bad Request"}']);
		expect((await post(server, `/api/conversations/${UNKNOWN}/interrupt`)).status).toBe(400);
		const other = await byTitle(server, 'Investigate memory leak');
		await post(server, `/api/conversations/${other.id}/interrupt`);
		expect((await allEvents(server, other.id)).at(-2).kind).toBe('InterruptEvent');
		expect(await status(server, other.id)).toBe('paused');
	});

	it('accepts a pending action like run (the observation follows), always answering 200', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const c = await byTitle(server, 'Plan: split the billing');
		const pending = (await allEvents(server, c.id)).filter(e => e.kind === 'ActionEvent').at(-1);
		expect(pending.security_risk).toBe('HIGH');
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {accept: true})).text).toBe('{"success":true}');
		expect(await status(server, c.id)).toBe('running');
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {accept: true})).text).toBe('{"success":true}');
		await until(server, clock, c.id, s => s !== 'running');
		expect((await allEvents(server, c.id)).find(e => e.action_id === pending.id)?.kind).toBe('ObservationEvent');
	});

	it('rejects with one UserRejectObservation per pending action (after the status goes idle), with the default reason', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const c = await byTitle(server, 'Refactor payment retry');
		// AlwaysConfirm: every action waits
		expect(c.confirmation_policy).toEqual({kind: 'AlwaysConfirm'});
		await post(server, `/api/conversations/${c.id}/run`);
		expect(await until(server, clock, c.id, s => s !== 'running')).toBe('waiting_for_confirmation');
		const events = await allEvents(server, c.id);
		const actions = events.filter(e => e.kind === 'ActionEvent');
		const pending = actions.filter(a => !events.some(e => e.action_id === a.id));
		expect(pending).toHaveLength(1);
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {accept: false})).text).toBe('{"success":true}');
		const after = (await allEvents(server, c.id)).slice(events.length);
		expect(after.map(e => e.kind === 'UserRejectObservation' ? [e.action_id, e.rejection_reason, e.rejection_source] : e.value)).toEqual([
			'idle',
			[pending[0].id, 'User rejected the action.', 'user'],
		]);
		expect(await status(server, c.id)).toBe('idle');
		// nothing pending: still 200, and nothing stored
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {accept: false, reason: 'no'})).text).toBe('{"success":true}');
		expect(await allEvents(server, c.id)).toHaveLength(events.length + 2);
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {reason: 'x'})).status).toBe(422);
	});

	it('sets the confirmation policy: reflected in the conversation and as a stored state update; AlwaysConfirm makes the next action wait', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		expect(c.confirmation_policy).toEqual({kind: 'NeverConfirm'});
		const set = await post(server, `/api/conversations/${c.id}/confirmation_policy`, {policy: {kind: 'AlwaysConfirm'}});
		expect(set.text).toBe('{"success":true}');
		expect((await call(server, `/api/conversations/${c.id}`)).json.confirmation_policy).toEqual({kind: 'AlwaysConfirm'});
		expect((await allEvents(server, c.id)).at(-1)).toMatchObject({key: 'confirmation_policy', value: {kind: 'AlwaysConfirm'}});
		await post(server, `/api/conversations/${c.id}/events`, {content: [{type: 'text', text: 'Run the suite once more'}], run: true});
		expect(await until(server, clock, c.id, s => s !== 'running')).toBe('waiting_for_confirmation');
		const risky = await post(server, `/api/conversations/${c.id}/confirmation_policy`, {policy: {kind: 'ConfirmRisky'}});
		expect(risky.status).toBe(200);
		expect((await call(server, `/api/conversations/${c.id}`)).json.confirmation_policy).toEqual({threshold: 'HIGH', confirm_unknown: true, kind: 'ConfirmRisky'});
		expect((await post(server, `/api/conversations/${c.id}/confirmation_policy`, {policy: {kind: 'ConfirmRisky', threshold: 'UNKNOWN'}})).status).toBe(422);
		expect((await post(server, `/api/conversations/${UNKNOWN}/confirmation_policy`, {policy: {kind: 'NeverConfirm'}})).status).toBe(404);
	});

	it('rates actions UNKNOWN without a security analyzer, so ConfirmRisky (confirm_unknown) asks about every one', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		expect(c.security_analyzer).toBeNull();
		await post(server, `/api/conversations/${c.id}/confirmation_policy`, {policy: {kind: 'ConfirmRisky'}});
		await post(server, `/api/conversations/${c.id}/events`, {content: [{type: 'text', text: 'Tidy up'}], run: true});
		expect(await until(server, clock, c.id, s => s !== 'running')).toBe('waiting_for_confirmation');
		const action = (await allEvents(server, c.id)).filter(e => e.kind === 'ActionEvent').at(-1);
		expect(action.security_risk).toBe('UNKNOWN');
		// with the analyzer, a low-risk action runs
		const other = await byTitle(server, 'Add dark mode');
		expect(other.security_analyzer).toEqual({kind: 'LLMSecurityAnalyzer'});
		expect((await post(server, `/api/conversations/${c.id}/security_analyzer`, {security_analyzer: {kind: 'LLMSecurityAnalyzer'}})).status).toBe(200);
		expect((await call(server, `/api/conversations/${c.id}`)).json.security_analyzer).toEqual({kind: 'LLMSecurityAnalyzer'});
	});

	it('before SDK 1.6.0 a reject acts as pause: 200, no rejection stored, the action still pending (issue 21 item 1)', async () => {
		const server = await startAgent({version: '1.1.0'});
		const c = await byTitle(server, 'Plan: split the billing');
		const before = await allEvents(server, c.id);
		expect((await post(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {accept: false, reason: 'no'})).text).toBe('{"success":true}');
		expect(await allEvents(server, c.id)).toHaveLength(before.length);
		expect(await status(server, c.id)).toBe('waiting_for_confirmation');
	});
});
