/**
 * Issue 27 item 8: OpenHands d6fab190 does not move a conversation's `updated_at` when its agent
 * finishes (the legacy stand-in copies it). "Finished since you last looked" is decided from what
 * changed (its execution status), and the server's time-zone offset only from an `updated_at` that
 * moves with the events (its agent server's own): the store against the legacy stand-in over real HTTP.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {RUNNING_TURN} from '../../../source/store/attention/attention.js';
import {type Harness, harness, startedConversation} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const INTERVAL = 5000;

async function legacy(): Promise<Harness> {
	h = await harness({generation: 'legacy', seed: 'empty', live: false, bootMs: 0});
	return h;
}

const idleConversation = () => startedConversation(h!.client);

const listed = (id: string) => h!.store.getSnapshot().conversations.data?.find(c => c.id === id);

describe('a legacy server whose updated_at stays put when an agent finishes', () => {
	it('a finish after you looked needs you (and is announced), though updated_at did not move', async () => {
		await legacy();
		const id = await idleConversation();
		h!.store.start();
		await h!.settle();
		// you look at it (its activity), and go back to the list
		h!.store.openActivity(id);
		await h!.settle();
		h!.store.closeActivity();
		await h!.advance(3 * INTERVAL);
		const before = listed(id)!.updated_at;
		// then you send it a task from the list, and it finishes while the list polls
		h!.store.sendMessage(id, 'Fix the failing test in tests/test_dates.py');
		await h!.advance(2 * INTERVAL);
		expect(listed(id)).toMatchObject({execution_status: 'finished', updated_at: before});
		expect(h!.store.getSnapshot().attention).toMatchObject([{id, reason: 'finished', transition: true}]);
		// looking at it again: seen
		h!.store.openActivity(id);
		await h!.settle();
		h!.store.closeActivity();
		await h!.advance(3 * INTERVAL);
		expect(h!.store.getSnapshot().attention).toEqual([]);
	});

	it('the offset from UTC comes from the agent server, whose updated_at moves with its events: a 2 s old event is not "15m ago"', async () => {
		await legacy();
		const id = await idleConversation();
		h!.store.start();
		await h!.settle();
		// a quarter of an hour later the agent gets a task and does it (the app server's updated_at stays)
		await h!.advance(15 * 60_000);
		h!.store.sendMessage(id, 'Fix the failing test in tests/test_dates.py');
		await h!.advance(2 * INTERVAL);
		h!.store.openActivity(id);
		await h!.settle();
		const activity = h!.store.getSnapshot().activity!;
		expect(activity.events.length).toBeGreaterThan(3);
		// the stand-in's agent servers run in UTC
		expect(activity.agent?.clockOffsetMs).toBe(0);
	});
});

describe('the background check on a server whose updated_at stays put', () => {
	it('on another tab, a finish is found by asking for the conversations last seen running, by id', async () => {
		h = await harness({generation: 'legacy', live: false}, {visible: 'sandboxes', attentionCheck: true});
		h.store.start();
		await h.advance(INTERVAL);
		const rows = (await h.client.searchConversations({limit: 100})).items;
		const [running] = rows.filter(c => c.execution_status === 'running' && c.conversation_url);
		const other = rows.find(c => c.execution_status === 'finished' && c.conversation_url)!;
		expect(running).toBeDefined();
		// another conversation saved later (its agent's pause reaches the app server: updated_at moves):
		// what changed by time is asked from there on, past the running one's updated_at
		await h.advance(2 * 60_000);
		const target = (c: typeof other) => ({id: c.id, conversation_url: c.conversation_url, session_api_key: c.session_api_key, sandbox_id: c.sandbox_id});
		await h.client.controlAgent(target(other), 'pause');
		await h.advance(2 * INTERVAL);
		// the running agent gets a task (from another client) and finishes; its updated_at does not move
		await h.client.sendMessage(target(running!), 'One more thing: the linter complains');
		await h.advance(RUNNING_TURN * INTERVAL);
		const [now] = await h.client.getConversations([running!.id]);
		expect(now).toMatchObject({execution_status: 'finished', updated_at: running!.updated_at});
		expect(h.store.getSnapshot().attention.filter(i => i.id === running!.id)).toMatchObject([{reason: 'finished', transition: true}]);
	});
});
