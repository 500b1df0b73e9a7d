/**
 * Issue 27 (items 7 and 17) for the preview and the list: on OpenHands d6fab190 a conversation's
 * events reach the app server's event store in batches and its `updated_at` stays put when the agent
 * stops. A glimpse is read again when the status changes, and from the agent server where the app
 * server's store is behind it: the store against the legacy stand-in (`eventBatches`) over real HTTP.
 */
import {afterEach, describe, expect, it} from 'vitest';
import type {ConversationEvent} from '../../../source/api/schemas/index.js';
import {latestExecutionStatus} from '../../../source/store/activity/activityWindow.js';
import {type Harness, harness, startedConversation} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

async function start(message: string): Promise<string> {
	h = await harness({generation: 'legacy', seed: 'empty', live: false, eventBatches: true, bootMs: 0});
	return startedConversation(h.client, message);
}

const glimpse = (id: string): readonly ConversationEvent[] => h!.store.getSnapshot().glimpses?.[id]?.events ?? [];
const stored = async (id: string) => (await fetch(`${h!.server.url}/api/v1/events/count?conversation_id__eq=${id}`)).json() as Promise<number>;

describe('glimpses of a legacy server whose event store gets the events in batches', () => {
	it('the preview of a conversation that stopped shows how it ended, before the last batch reaches the app server', async () => {
		const id = await start('Fix the failing test in tests/test_dates.py');
		h!.store.start();
		await h!.settle();
		h!.store.watchGlimpses([id], id);
		await h!.advance(4 * INTERVAL);
		const row = h!.store.getSnapshot().conversations.data!.find(c => c.id === id)!;
		expect(row.execution_status).toBe('finished');
		const count = (await h!.client.searchAgentEvents({id, conversation_url: row.conversation_url, session_api_key: row.session_api_key, sandbox_id: row.sandbox_id}, {limit: 100})).items.length;
		// the app server has not got the last batch yet
		expect(await stored(id)).toBeLessThan(count);
		expect(latestExecutionStatus(glimpse(id))).toBe('finished');
	});

	it('what a waiting agent waits for is named in `!` and the list though the app server has not got it yet', async () => {
		const id = await start('Run the database migration, but ask me first');
		h!.store.start();
		await h!.advance(4 * INTERVAL);
		expect(h!.store.getSnapshot().attention).toMatchObject([{id, reason: 'waiting'}]);
		await h!.advance(INTERVAL);
		const events = glimpse(id);
		expect(latestExecutionStatus(events)).toBe('waiting_for_confirmation');
		const action = events.findLast(e => e.kind === 'ActionEvent');
		expect(action?.raw['tool_name']).toBe('terminal');
		expect(events.some(e => e.kind === 'ObservationEvent' && e.raw['action_id'] === action!.id)).toBe(false);
		// x on it: whether its agent server can reject is asked first, so x knows before it asks for a reason (item 17)
		expect(h!.store.getSnapshot().glimpses?.[id]?.agent).toBeUndefined();
		h!.store.askAgent(id);
		await h!.advance(1000);
		expect(h!.store.getSnapshot().glimpses?.[id]?.agent).toEqual({version: '1.1.0', rejects: false});
	});
});
