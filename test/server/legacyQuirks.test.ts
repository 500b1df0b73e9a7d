/**
 * Two quirks of OpenHands d6fab190 met on the real server (issue 27 items 7 and 8), as the stand-in
 * imitates them: events reach the app server's event store in the agent server's webhook batches
 * (the option `eventBatches`), and a conversation's `updated_at` stays where the app server last
 * saved it when its agent works and finishes (always, on the legacy generation).
 */
import {describe, expect, it} from 'vitest';
import {FLUSH_DELAY_MS} from '../../source/server/events/webhook.js';
import {agent, agentEvents, type Conversation} from './activityHelpers.js';
import {get, manualClock, pollUntil, post, startServer} from './helpers.js';

const BODY = {initial_message: {role: 'user', content: [{type: 'text', text: 'Fix the failing test in tests/test_dates.py'}]}, trigger: 'gui'};

async function newConversation(options: {eventBatches: boolean}) {
	const clock = manualClock();
	const server = await startServer({generation: 'legacy', seed: 'empty', live: false, now: clock.now, bootMs: 0, stepMs: 5, ...options});
	const task = (await post(server, '/api/v1/app-conversations', BODY)).json;
	const [ready] = (await pollUntil(async () => (await get(server, `/api/v1/app-conversations/start-tasks?ids=${task.id}`)).json[0], t => t.status === 'READY', t => t.status)).slice(-1);
	const read = async (): Promise<Conversation & {updated_at: string}> => (await get(server, `/api/v1/app-conversations?ids=${ready.app_conversation_id}`)).json[0];
	const stored = async (id: string): Promise<number> => (await get(server, `/api/v1/events/count?conversation_id__eq=${id}`)).json;
	return {clock, server, read, stored};
}

describe('legacy app server (d6fab190) quirks', () => {
	it('eventBatches: the app server stores events 10 at a time or 30 s after the newest; its agent server has each at once', async () => {
		const {clock, server, read, stored} = await newConversation({eventBatches: true});
		const c = await read();
		const made = (await agentEvents(server, c)).length;
		// the system prompt, the first message and the run's start: on the agent server, not yet in the store
		expect(made).toBeGreaterThanOrEqual(3);
		expect(await stored(c.id)).toBe(0);
		// the agent works its task (a jump of the clock runs its steps at their own times)
		clock.advance(FLUSH_DELAY_MS - 1);
		const during = await stored(c.id);
		const all = (await agentEvents(server, c)).length;
		expect(all).toBeGreaterThan(made);
		// posted in tens, the rest waits for the flush delay after the newest event
		expect(during % 10).toBe(0);
		expect(during).toBeLessThan(all);
		clock.advance(2 * FLUSH_DELAY_MS);
		expect(await stored(c.id)).toBe((await agentEvents(server, c)).length);
	});

	it('without the option every event is in the store at once', async () => {
		const {server, read, stored} = await newConversation({eventBatches: false});
		const c = await read();
		expect(await stored(c.id)).toBe((await agentEvents(server, c)).length);
	});

	it('updated_at does not move when the agent finishes; the agent server\'s own does', async () => {
		const {clock, server, read} = await newConversation({eventBatches: false});
		// the title comes after the first message (a real timer): the app server's last save of its own
		const [titled] = (await pollUntil(read, c => !c.title.startsWith('Conversation '), c => c.title)).slice(-1);
		// then the agent does its task and finishes
		clock.advance(60_000);
		const done = await read();
		expect(done.execution_status).toBe('finished');
		expect(done.updated_at).toBe(titled!.updated_at);
		const events = await agentEvents(server, done);
		const info = (await agent(server, `/api/conversations/${done.id}`, {key: done.session_api_key})).json;
		// the agent server saved at its last event (its timestamps are naive, here in UTC)
		expect(info.updated_at.slice(0, 23)).toBe(events.at(-1).timestamp.slice(0, 23));
		expect(Date.parse(info.updated_at)).toBeGreaterThan(Date.parse(done.updated_at));
	});
});
