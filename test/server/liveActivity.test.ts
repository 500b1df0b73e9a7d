import {describe, expect, it} from 'vitest';
import type {StandInServer} from '../../source/server/index.js';
import {agent, byTitle, conversations, currentEvents, text} from './activityHelpers.js';
import {get, manualClock, pollUntil, post, startServer} from './helpers.js';

type Clock = ReturnType<typeof manualClock>;

/** Every status each conversation went through, sampled once per second of server time. */
async function watch(server: StandInServer, clock: Clock, seconds: number) {
	const seen = new Map<string, string[]>();
	for (let s = 0; s <= seconds; s++) {
		for (const c of await conversations(server)) {
			const list = seen.get(c.title) ?? [];
			if (list.at(-1) !== String(c.execution_status)) list.push(String(c.execution_status));
			seen.set(c.title, list);
		}
		clock.advance(1000);
	}
	return seen;
}

const counts = async (server: StandInServer) => {
	const out: Record<string, number> = {};
	for (const c of await conversations(server)) out[c.title] = (await get(server, `/api/v1/conversation/${c.id}/events/count`)).json;
	return out;
};

describe('live activity (issue 10 section 4, issue 11 demo)', () => {
	it('within a minute one listed conversation comes to wait for confirmation and another finishes', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now});
		// what a user sees: the search's list (sub-conversations are not in it)
		const listed = new Set<string>();
		for (const c of (await get(server, '/api/v1/app-conversations/search')).json.items) listed.add(c.title);
		const seen = await watch(server, clock, 60);
		const came = (to: string) => [...seen].filter(([t, s]) => listed.has(t) && s.at(-1) === to && s.length > 1).map(([t]) => t);
		expect(came('waiting_for_confirmation')).toHaveLength(1);
		expect(came('finished')).toHaveLength(1);
		// the one that was waiting at start still waits for the user
		expect(seen.get('Plan: split the monolith into services')).toEqual(['waiting_for_confirmation']);
	});

	it('then, from time to time, gives an idle or finished conversation a new task', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now});
		await watch(server, clock, 60);
		const since = new Date(clock.now()).toISOString().slice(0, 19);
		const later = await watch(server, clock, 6 * 60);
		const restarted = [...later].filter(([, s]) => (s[0] === 'finished' || s[0] === 'idle') && s.includes('running'));
		expect(restarted.length).toBeGreaterThanOrEqual(2);
		const [title] = restarted[0]!;
		const c = await byTitle(server, title);
		const events = await currentEvents(server, c.id);
		// a new user message started it
		const asked = events.filter(e => e.kind === 'MessageEvent' && e.source === 'user').at(-1);
		expect(asked.timestamp >= since).toBe(true);
	});

	it('produces events at a human pace: a few per minute per running conversation, timestamps on the server clock', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now});
		const c = await byTitle(server, 'Extract the auth service');
		const before = await currentEvents(server, c.id);
		clock.advance(20_000);
		const after = await currentEvents(server, c.id);
		const added = after.slice(before.length);
		expect(added.length).toBeGreaterThanOrEqual(2);
		expect(added.length).toBeLessThanOrEqual(20);
		const start = new Date(clock.now() - 20_000).toISOString().slice(0, 19);
		for (const e of added) expect(e.timestamp >= start).toBe(true);
		expect(after.at(-1).timestamp <= new Date(clock.now()).toISOString().slice(0, 23)).toBe(true);
	});

	it('stands still with live: false (only what a request causes happens)', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now, live: false});
		const before = await counts(server);
		clock.advance(10 * 60_000);
		expect(await counts(server)).toEqual(before);
		expect((await byTitle(server, 'Add dark mode toggle')).execution_status).toBe('running');
	});

	it('freezes an agent with its sandbox and reports no execution status meanwhile', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now});
		const c = await byTitle(server, 'Extract the auth service');
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/pause`);
		const paused = await byTitle(server, 'Extract the auth service');
		expect([paused.sandbox_status, paused.execution_status, paused.conversation_url, paused.session_api_key]).toEqual(['PAUSED', null, null, null]);
		const count = (await currentEvents(server, c.id)).length;
		clock.advance(5 * 60_000);
		expect(await currentEvents(server, c.id)).toHaveLength(count);
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/resume`);
		clock.advance(60_000);
		expect((await currentEvents(server, c.id)).length).toBeGreaterThan(count);
	});

	it('starts a conversation created at runtime: system prompt, the initial message, then the agent works and finishes', async () => {
		const clock = manualClock();
		const server = await startServer({now: clock.now, live: false, stepMs: 5});
		const host = await byTitle(server, 'Fix flaky date parsing');
		const task = (await post(server, '/api/v1/app-conversations', {sandbox_id: host.sandbox_id, initial_message: text('Add a CHANGELOG entry')})).json;
		const ready = await pollUntil(
			async () => (await get(server, `/api/v1/app-conversations/start-tasks?ids=${task.id}`)).json[0],
			t => t.status === 'READY',
			t => t.status,
		);
		const id = ready.at(-1).app_conversation_id;
		const events = await currentEvents(server, id);
		expect(events.slice(0, 3).map(e => e.kind)).toEqual(['SystemPromptEvent', 'MessageEvent', 'ConversationStateUpdateEvent']);
		expect(events[1].llm_message.content[0].text).toBe('Add a CHANGELOG entry');
		for (let i = 0; i < 600; i++) {
			const [c] = (await get(server, `/api/v1/app-conversations?ids=${id}`)).json;
			if (c.execution_status === 'finished') break;
			clock.advance(1000);
		}
		const done = await currentEvents(server, id);
		expect(done.at(-1)).toMatchObject({kind: 'ConversationStateUpdateEvent', value: 'finished'});
		expect(done.some(e => e.kind === 'ActionEvent' && e.action.kind === 'FinishAction')).toBe(true);
		// and the agent server knows it too
		const [c] = (await get(server, `/api/v1/app-conversations?ids=${id}`)).json;
		expect((await agent(server, `/api/conversations/${id}`, {key: c.session_api_key})).json.execution_status).toBe('finished');
	});
});
