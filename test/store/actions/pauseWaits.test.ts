/**
 * Issue 27 item 17: SDK 1.1.0's pause takes the conversation's lock, which the step in flight holds,
 * so it answers when that step is over, and pauses only an agent still running then. P during a step
 * that ends waiting for a confirmation says so (not "agent paused"), and a watch after a late answer
 * takes the change to waiting as the outcome: the store against the legacy stand-in over real HTTP.
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {type Harness, harness, realSleep, startedConversation} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

/** An idle conversation, told to do something risky but to ask first: its one step ends waiting. */
async function askingFirst(actionDeadlineMs?: number): Promise<string> {
	h = await harness({generation: 'legacy', seed: 'empty', live: false, bootMs: 0}, actionDeadlineMs ? {actionDeadlineMs} : {});
	const id = await startedConversation(h.client);
	h.store.start();
	await h.settle();
	h.store.sendMessage(id, 'Deploy the release, but ask me first');
	await h.settle();
	return id;
}

const notice = () => h!.store.getSnapshot().notice;

describe('P while the step in flight ends waiting for a confirmation', () => {
	it('the pause answers after the step, and what happened is said: waiting for your confirmation, not paused', async () => {
		const id = await askingFirst();
		h!.store.controlAgent(id, 'pause');
		expect(notice()?.text).toBe('pausing the agent after its current step…');
		// the step (a model call) ends: the answer comes (the clock moves while the request is on the wire)
		await realSleep(30);
		await h!.clock.advance(5000, async () => {});
		await vi.waitFor(() => expect(h!.store.getSnapshot().pending).toEqual([]));
		expect(notice()).toMatchObject({level: 'info', text: expect.stringMatching(/^not paused: the agent's step ended waiting for your confirmation: /)});
		const [row] = await h!.client.getConversations([id]);
		expect(row!.execution_status).toBe('waiting_for_confirmation');
	});

	it('answered after the action deadline: the watch takes the change to waiting, not "did not change within 120 s"', async () => {
		const id = await askingFirst(100);
		h!.store.controlAgent(id, 'pause');
		// no answer within the deadline (real time): the status is watched
		await vi.waitFor(() => expect(notice()?.text).toContain('no answer yet, watching'), {timeout: 5000, interval: 20});
		await h!.advance(130_000);
		await vi.waitFor(() => expect(h!.store.getSnapshot().pending).toEqual([]));
		expect(notice()).toMatchObject({level: 'info', text: expect.stringMatching(/^not paused: the agent's step ended waiting for your confirmation: /)});
	});
});
