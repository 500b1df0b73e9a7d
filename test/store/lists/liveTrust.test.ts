/**
 * Issue 27 item 17: on OpenHands d6fab190 the app server's status check of a sandbox times out while
 * SDK 1.1.0 holds the conversation's lock through a long model call, and the sandbox reads ERROR with
 * no agent server address. While the agent's socket is alive, that one status is not taken: the store
 * against the legacy stand-in (`lockedHealthMs`) over real HTTP and a real websocket.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {type Harness, harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

describe('a running conversation during a long model call', () => {
	it('stays RUNNING with its agent server while its socket is alive, though the app server says sandbox ERROR', async () => {
		// model calls take 400-1000 ms here; the status check gives up after 300 ms of one
		h = await harness({generation: 'legacy', seed: 'empty', live: false, bootMs: 0, stepMs: 200, lockedHealthMs: 300}, {liveEvents: true});
		const task = await h.client.createConversation({initialMessage: 'Fix the failing test in tests/test_dates.py'});
		const id = await vi.waitFor(
			async () => {
				const [ready] = await h!.client.getStartTasks([task.kind === 'start-task' ? task.task.id : '']);
				if (!ready?.app_conversation_id) throw new Error('not ready');
				return ready.app_conversation_id;
			},
			{timeout: 10_000, interval: 20},
		);
		h.store.start();
		await h.settle();
		const row = () => h!.store.getSnapshot().conversations.data?.find(c => c.id === id);
		expect(row()).toMatchObject({sandbox_status: 'RUNNING', execution_status: 'running'});
		// a watch socket is up on the running agent
		await vi.waitFor(() => expect(h!.server.agentSockets.socketCount(id)).toBe(1), {timeout: 5000, interval: 10});
		// its first model call goes on past the status check's time-out
		await h.advance(350);
		const [raw] = await h.client.getConversations([id]);
		expect(raw).toMatchObject({sandbox_status: 'ERROR', conversation_url: null, execution_status: null});
		h.store.refresh();
		await h.settle();
		expect(row()).toMatchObject({sandbox_status: 'RUNNING', execution_status: 'running', conversation_url: expect.stringContaining('/api/conversations/')});
		expect(h.server.agentSockets.socketCount(id)).toBe(1);
	});
});
