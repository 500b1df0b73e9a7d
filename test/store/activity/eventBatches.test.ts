/**
 * Issue 27 item 7: on OpenHands d6fab190 a conversation's events reach the app server's event store
 * in the agent server's webhook batches (10 at a time, or 30 s after the newest), and its agent
 * server (SDK 1.1.0) cannot replay over the socket. An activity opened before the first batch, or
 * before the batch holding the pending action, is read from the agent server where the app server's
 * store is behind: the store against the legacy stand-in (`eventBatches`) over real HTTP and a real
 * websocket.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {ConversationEvent} from '../../../source/api/schemas/index.js';
import {type Harness, advanceUntil, harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;
const waitFor = (check: () => void) => vi.waitFor(check, {timeout: 5000, interval: 5});

async function legacy(): Promise<Harness> {
	h = await harness({generation: 'legacy', seed: 'empty', live: false, eventBatches: true, bootMs: 0}, {liveEvents: true});
	return h;
}

/** Starts a conversation and waits (real time: the start steps are timers) until the app server lists it. */
async function start(message: string): Promise<string> {
	const task = await h!.client.createConversation({initialMessage: message});
	const id = await vi.waitFor(
		async () => {
			const [ready] = await h!.client.getStartTasks([task.kind === 'start-task' ? task.task.id : '']);
			if (!ready?.app_conversation_id) throw new Error('not ready');
			return ready.app_conversation_id;
		},
		{timeout: 5000, interval: 10},
	);
	return id;
}

const stored = async (id: string) => (await fetch(`${h!.server.url}/api/v1/events/count?conversation_id__eq=${id}`)).json() as Promise<number>;
const activity = () => h!.store.getSnapshot().activity!;

/** Actions no observation answered yet at the end of the window (what `a` names). */
function pending(events: readonly ConversationEvent[]): ConversationEvent[] {
	const answered = new Set(events.filter(e => e.kind === 'ObservationEvent' || e.kind === 'UserRejectObservation').map(e => String(e.raw['action_id'])));
	return events.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id));
}

async function open(id: string): Promise<void> {
	h!.store.start();
	await h!.settle();
	h!.store.openActivity(id);
	await h!.settle();
	// the store's clock moves while waiting: a handshake takes its turn in the request budget
	await advanceUntil(h!, () => activity().transport?.live === true);
	await h!.settle();
	// the catch-up from the agent server takes its turn in the budget after the handshake: a moment more
	for (let i = 0; i < 8; i++) await h!.advance(250);
}

describe('legacy app server whose event store gets the events in batches', () => {
	it('an activity opened before the first batch shows the events its agent server has, and follows', async () => {
		await legacy();
		// no first message: the agent idles with its system prompt, which the store gets 30 s later
		const id = await start('');
		expect(await stored(id)).toBe(0);
		await open(id);
		expect(activity().events.map(e => e.kind)).toEqual(['SystemPromptEvent']);
		// and it follows from there: what a message starts comes in after it, each event once
		h!.store.sendMessage(id, 'Fix the failing test');
		await h!.settle();
		await h!.advance(INTERVAL);
		await waitFor(() => expect(activity().events.filter(e => e.kind === 'MessageEvent').length).toBeGreaterThan(0));
		const ids = activity().events.map(e => e.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(activity().events[0]!.kind).toBe('SystemPromptEvent');
	});

	it('an agent that came to wait before its batch: the pending action is in the window, read from its agent server', async () => {
		await legacy();
		const id = await start('Run the database migration, but ask me first');
		// the agent works and comes to wait; the app server's store has all but the last batch
		await h!.advance(20_000);
		const [listed] = await h!.client.getConversations([id]);
		expect(listed!.execution_status).toBe('waiting_for_confirmation');
		const agentCount = (await h!.client.searchAgentEvents({id, conversation_url: listed!.conversation_url, session_api_key: listed!.session_api_key, sandbox_id: listed!.sandbox_id}, {limit: 100})).items.length;
		expect(await stored(id)).toBeLessThan(agentCount);
		await open(id);
		const events = activity().events;
		expect(pending(events).map(e => e.raw['tool_name'])).toEqual(['terminal']);
		expect(events.at(-1)!.raw['value']).toBe('waiting_for_confirmation');
		expect(events).toHaveLength(agentCount);
	});

	it('Ctrl-r in the activity reads its events now (and the agent server again where the store is behind), not the held list', async () => {
		await legacy();
		const id = await start('');
		await open(id);
		h!.server.clearRequests();
		h!.store.refresh();
		// within the budget's pacing (the open's own burst), well before a tick would be due
		await h!.advance(1000);
		const lines = h!.lines();
		expect(lines.filter(line => line.startsWith('GET /api/v1/events/search'))).toHaveLength(1);
		expect(lines.filter(line => line.includes('/app-conversations/search'))).toEqual([]);
	});
});
