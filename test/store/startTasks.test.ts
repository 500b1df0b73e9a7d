import {afterEach, describe, expect, it} from 'vitest';
import {harness, realSleep, type Harness} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

/**
 * The stand-in moves a start task on with real timers (`stepMs`) while sandbox boot follows the
 * shared manual clock; so advance store time one watch period at a time with a real pause between.
 */
async function untilIdle(h: Harness, maxSteps = 40): Promise<void> {
	for (let i = 0; i < maxSteps && h.store.getSnapshot().pending.length > 0; i++) {
		await realSleep(20);
		await h.advance(1500);
	}
}

describe('create conversation', () => {
	it('watches the start task until READY, then refetches the conversation list', async () => {
		h = await harness({seed: 'demo', bootMs: 0, stepMs: 2}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		h.server.clearRequests();

		h.store.createConversation({initialMessage: 'Fix the failing test'});
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'create', phase: 'calling', targetState: 'READY'}]);
		await h.settle();
		const [task] = h.store.getSnapshot().startTasks;
		expect(task?.status).toBe('WORKING');
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'create', phase: 'watching', targetId: task!.id}]);

		await untilIdle(h);
		const snapshot = h.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		const done = snapshot.startTasks[0]!;
		expect(done.id).toBe(task!.id);
		expect(done.status).toBe('READY');
		expect(done.app_conversation_id).toMatch(/^[0-9a-f]{32}$/);
		expect(snapshot.notice).toMatchObject({level: 'info', text: `conversation ${done.app_conversation_id} is ready`});
		const lines = h.lines();
		expect(lines[0]).toBe('POST /api/v1/app-conversations');
		const watches = lines.filter(l => l === `GET /api/v1/app-conversations/start-tasks?ids=${task!.id}`);
		expect(watches.length).toBeGreaterThanOrEqual(1);
		// the list is fetched after READY (even though another tab is visible) and holds the new conversation
		const lastWatch = lines.lastIndexOf(watches[0]!);
		expect(lines.slice(lastWatch + 1)).toContain('GET /api/v1/app-conversations/search?limit=100');
		expect(snapshot.conversations.data?.some(c => c.id === done.app_conversation_id)).toBe(true);
		// watch requests come at most every 1.5 s of store time
		const at = h.server.requests.filter(r => r.path === '/api/v1/app-conversations/start-tasks').map(r => r.at);
		at.slice(1).forEach((t, i) => expect(t - at[i]!).toBeGreaterThanOrEqual(1500));
	});

	it('reports ERROR with its detail: an existing PAUSED sandbox is not startable', async () => {
		h = await harness({seed: 'demo', bootMs: 0, stepMs: 2}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		let paused = h.store.getSnapshot().sandboxes.data!.find(s => s.status === 'PAUSED');
		if (!paused) {
			const first = h.store.getSnapshot().sandboxes.data![0]!;
			await h.client.pauseSandbox(first.id);
			paused = first;
		}
		h.store.createConversation({initialMessage: 'hello', sandboxId: paused.id});
		await h.settle();
		await untilIdle(h);
		const snapshot = h.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.startTasks[0]?.status).toBe('ERROR');
		expect(snapshot.notice?.level).toBe('error');
		expect(snapshot.notice?.text).toBe(`conversation failed to start: 500: Sandbox not startable: ${paused.id}`);
	});
});
