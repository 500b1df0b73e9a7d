import {describe, expect, it} from 'vitest';
import type {StandInServer} from '../../source/server/index.js';
import {agent, agentEvents, byTitle, type Conversation, text} from './activityHelpers.js';
import {manualClock, post, startServer} from './helpers.js';

type Clock = ReturnType<typeof manualClock>;

/** Moves the manual clock a second at a time (each read is a request, which lets the agents catch up) until `done`. */
async function until<T>(clock: Clock, read: () => Promise<T>, done: (value: T) => boolean, limitMs = 10 * 60_000): Promise<T> {
	for (let waited = 0; ; waited += 1000) {
		const value = await read();
		if (done(value)) return value;
		if (waited >= limitMs) throw new Error(`not reached within ${limitMs} ms of server time`);
		clock.advance(1000);
	}
}

const status = (server: StandInServer, title: string) => async () => (await byTitle(server, title)).execution_status;

describe.each(['legacy', 'current'] as const)('driving an agent through its agent server (%s; 5.2, 6)', generation => {
	async function setup() {
		const clock = manualClock();
		const server = await startServer({generation, live: false, now: clock.now});
		return {clock, server};
	}

	it('records a sent message as a user MessageEvent, exactly one POST, and does not run unless asked', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const before = await agentEvents(server, c);
		server.clearRequests();
		const sent = await agent(server, `/api/conversations/${c.id}/events`, {key: c.session_api_key, method: 'POST', body: text('Please also update the changelog.')});
		expect([sent.status, sent.text]).toEqual([200, '{"success":true}']);
		expect(server.requests.filter(r => r.method === 'POST')).toHaveLength(1);
		const after = await agentEvents(server, c);
		expect(after).toHaveLength(before.length + 1);
		expect(after.at(-1)).toMatchObject({kind: 'MessageEvent', source: 'user', llm_message: {role: 'user', content: [{type: 'text', text: 'Please also update the changelog.'}]}});
		expect((await byTitle(server, 'Fix flaky date parsing')).execution_status).toBe('finished');
	});

	it('runs on a message with run=true and the agent answers after a while, ending finished', async () => {
		const {clock, server} = await setup();
		const c = await byTitle(server, 'Fix flaky date parsing');
		await agent(server, `/api/conversations/${c.id}/events`, {key: c.session_api_key, method: 'POST', body: {...text('Run it once more'), run: true}});
		expect(await status(server, c.title)()).toBe('running');
		const count = (await agentEvents(server, c)).length;
		await until(clock, () => agentEvents(server, c), events => events.length > count);
		const final = await until(clock, status(server, c.title), s => s === 'finished');
		expect(final).toBe('finished');
		const events = await agentEvents(server, c);
		const reply = events.slice(count).filter(e => e.source === 'agent');
		expect(reply.length).toBeGreaterThan(0);
		expect(events.at(-1)).toMatchObject({kind: 'ConversationStateUpdateEvent', value: 'finished'});
	});

	it('validates the message body: 422 for extra content keys and a non-boolean run', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const res = await agent(server, `/api/conversations/${c.id}/events`, {
			key: c.session_api_key,
			method: 'POST',
			body: {content: [{type: 'text', text: 'x', bold: true}], run: 'soon'},
		});
		expect(res.status).toBe(422);
		expect(res.json.detail.map((d: any) => d.type)).toEqual(['extra_forbidden', 'bool_type']);
	});

	it('accepting the pending action executes it (its observation follows) and the agent runs on', async () => {
		const {clock, server} = await setup();
		const c = await byTitle(server, 'Plan: split the monolith');
		const pending = (await agentEvents(server, c)).filter(e => e.kind === 'ActionEvent').at(-1);
		expect(pending.security_risk).toBe('HIGH');
		const res = await agent(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {key: c.session_api_key, method: 'POST', body: {accept: true}});
		expect(res.text).toBe('{"success":true}');
		expect(await status(server, c.title)()).toBe('running');
		const events = await until(clock, () => agentEvents(server, c), list => list.some(e => e.action_id === pending.id));
		const observation = events.find(e => e.action_id === pending.id);
		expect(observation).toMatchObject({kind: 'ObservationEvent', tool_call_id: pending.tool_call_id});
		expect(await until(clock, status(server, c.title), s => s === 'finished')).toBe('finished');
	});

	it('rejecting answers each pending action with a UserRejectObservation and leaves the conversation idle', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Plan: split the monolith');
		const pending = (await agentEvents(server, c)).filter(e => e.kind === 'ActionEvent').at(-1);
		const res = await agent(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {
			key: c.session_api_key,
			method: 'POST',
			body: {accept: false, reason: 'Not on the shared database'},
		});
		expect(res.text).toBe('{"success":true}');
		const events = await agentEvents(server, c);
		// the status first, then the rejection (`LocalConversation.reject_pending_actions`)
		expect(events.slice(-2)).toMatchObject([
			{kind: 'ConversationStateUpdateEvent', value: 'idle'},
			{kind: 'UserRejectObservation', action_id: pending.id, tool_call_id: pending.tool_call_id, rejection_reason: 'Not on the shared database', tool_name: 'terminal'},
		]);
		expect(await status(server, c.title)()).toBe('idle');
	});

	it('rejects with the default reason when none is given; 422 without accept', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Plan: split the monolith');
		const path = `/api/conversations/${c.id}/events/respond_to_confirmation`;
		const bad = await agent(server, path, {key: c.session_api_key, method: 'POST', body: {reason: 'x'}});
		expect(bad.json.detail[0]).toMatchObject({type: 'missing', loc: ['body', 'accept']});
		await agent(server, path, {key: c.session_api_key, method: 'POST', body: {accept: false}});
		const reject = (await agentEvents(server, c)).filter(e => e.kind === 'UserRejectObservation').at(-1);
		expect(reject.rejection_reason).toBe('User rejected the action.');
	});

	it('pauses a running agent, refuses to run it twice (409), runs it again', async () => {
		const {server} = await setup();
		const c: Conversation = await byTitle(server, 'Extract the auth service');
		const key = c.session_api_key;
		const conflict = await agent(server, `/api/conversations/${c.id}/run`, {key, method: 'POST'});
		expect([conflict.status, conflict.text]).toEqual([409, '{"detail":"Conversation already running. Wait for completion or pause first."}']);
		expect((await agent(server, `/api/conversations/${c.id}/pause`, {key, method: 'POST'})).text).toBe('{"success":true}');
		const paused = await agentEvents(server, c);
		expect(paused.slice(-2).map(e => [e.kind, e.source, e.value])).toEqual([
			['PauseEvent', 'user', undefined],
			['ConversationStateUpdateEvent', 'environment', 'paused'],
		]);
		expect(await status(server, c.title)()).toBe('paused');
		expect((await agent(server, `/api/conversations/${c.id}/run`, {key, method: 'POST'})).text).toBe('{"success":true}');
		expect(await status(server, c.title)()).toBe('running');
		// pausing a finished conversation changes nothing (only idle or running agents pause)
		const done = await byTitle(server, 'Fix flaky date parsing');
		const count = (await agentEvents(server, done)).length;
		expect((await agent(server, `/api/conversations/${done.id}/pause`, {key: done.session_api_key, method: 'POST'})).status).toBe(200);
		expect(await agentEvents(server, done)).toHaveLength(count);
	});

	it('a paused agent stays still while the clock runs', async () => {
		const {clock, server} = await setup();
		const c = await byTitle(server, 'Add dark mode toggle');
		await agent(server, `/api/conversations/${c.id}/events`, {key: c.session_api_key, method: 'POST', body: {...text('go on'), run: true}});
		const paused = agent(server, `/api/conversations/${c.id}/pause`, {key: c.session_api_key, method: 'POST'});
		// SDK 1.1.0's pause answers once the step in flight is over (its lock; issue 27 item 17)
		if (generation === 'legacy') {
			await new Promise(resolve => setTimeout(resolve, 30));
			clock.advance(60_000);
		}
		expect((await paused).status).toBe(200);
		const count = (await agentEvents(server, c)).length;
		clock.advance(10 * 60_000);
		expect(await agentEvents(server, c)).toHaveLength(count);
	});

	it('deleting the conversation on its agent server: 404 afterwards, no execution status on the app server', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Extract the notifications service');
		const key = c.session_api_key;
		expect((await agent(server, `/api/conversations/${c.id}`, {key, method: 'DELETE'})).text).toBe('{"success":true}');
		expect((await agent(server, `/api/conversations/${c.id}`, {key})).status).toBe(404);
		expect((await agent(server, `/api/conversations/${c.id}/pause`, {key, method: 'POST'})).status).toBe(400);
		const after = await byTitle(server, 'Extract the notifications service');
		expect([after.sandbox_status, after.execution_status]).toEqual(['RUNNING', null]);
		// the app server keeps the events it was sent
		const count = generation === 'legacy' ? `/api/v1/events/count?conversation_id__eq=${c.id}` : `/api/v1/conversation/${c.id}/events/count`;
		expect((await (await fetch(server.url + count)).json()) as number).toBeGreaterThan(0);
	});

	it('makes the sandbox pause visible: the agent server drops requests, the app server shows no execution status', async () => {
		const {server} = await setup();
		const c = await byTitle(server, 'Plan: split the monolith');
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/pause`);
		await expect(agent(server, `/api/conversations/${c.id}/events/respond_to_confirmation`, {key: c.session_api_key, method: 'POST', body: {accept: true}})).rejects.toThrow();
		expect((await byTitle(server, 'Plan: split the monolith')).execution_status).toBeNull();
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/resume`);
		expect((await byTitle(server, 'Plan: split the monolith')).execution_status).toBe('waiting_for_confirmation');
	});
});
