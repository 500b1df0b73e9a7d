import {afterEach, describe, expect, it} from 'vitest';
import {startTaskLine} from '../../../source/ui/views/conversationParts.js';
import {rewriteJson} from '../../support/slowFaults.js';
import {faultHarness, harness, realSleep, type FaultHarness, type Harness} from '../harness.js';

let h: Harness | FaultHarness | undefined;
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

describe("the server's deadlines (issue 9 item 8)", () => {
	it('a start whose sandbox never runs: watched past 120 s until the server itself says ERROR', async () => {
		// the sandbox boots for 10 minutes: the server gives up after its 120 s wait (shared/openhands-api.md 5.1)
		h = await harness({seed: 'demo', bootMs: 600_000, stepMs: 2}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		h.store.createConversation({initialMessage: 'a slow start'});
		await h.settle();
		const [task] = h.store.getSnapshot().startTasks;
		for (let i = 0; i < 100 && h.store.getSnapshot().pending.length > 0; i++) {
			await realSleep(10);
			await h.advance(1500);
		}
		const snapshot = h.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.startTasks[0]).toMatchObject({id: task!.id, status: 'ERROR'});
		expect(snapshot.notice?.text).toMatch(/^conversation failed to start: 500: Sandbox failed to start: /);
		expect(snapshot.lostWatches ?? {}).toEqual({});
	});

	it("a task stuck in one step: given up after that step's deadline, and the line says so", async () => {
		h = await faultHarness({seed: 'demo', bootMs: 600_000, stepMs: 2}, {visible: 'sandboxes'});
		const f = h as FaultHarness;
		// the server never moves the task on (a crashed worker): WAITING_FOR_SANDBOX for ever
		await f.faults.set(
			rewriteJson('stuck', value => (value as Record<string, unknown>[]).map(t => (t ? {...t, status: 'WAITING_FOR_SANDBOX'} : t))),
			{path: '/api/v1/app-conversations/start-tasks'},
		);
		f.store.start();
		await f.settle();
		f.store.createConversation({initialMessage: 'stuck'});
		await f.settle();
		const [task] = f.store.getSnapshot().startTasks;
		const t0 = f.clock.now();
		// the step may last the sandbox start (31 s) + the server's wait (120 s) + a margin
		await f.advance(180_000);
		expect(f.store.getSnapshot().pending).toHaveLength(1);
		await f.advance(5000);
		const snapshot = f.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.notice?.text).toMatch(new RegExp(`^stopped watching start task ${task!.id}: still WAITING_FOR_SANDBOX after 18\\d s$`));
		const lost = snapshot.lostWatches?.[task!.id];
		expect(lost).toMatchObject({kind: 'create', lastStatus: 'WAITING_FOR_SANDBOX'});
		expect(lost!.lastSeenAt).toBeGreaterThan(t0 + 170_000);
		expect(startTaskLine(snapshot.startTasks[0]!, lost, f.clock.now() + 60_000)).toMatch(/WAITING_FOR_SANDBOX .*no longer watched, last seen 1m ago$/);
	});

	it('an ERROR with an empty detail reads "no detail given"', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 0, stepMs: 2}, {visible: 'sandboxes'});
		const f = h as FaultHarness;
		await f.faults.set(
			rewriteJson('emptyDetail', value => (value as Record<string, unknown>[]).map(t => (t ? {...t, status: 'ERROR', detail: ''} : t))),
			{path: '/api/v1/app-conversations/start-tasks'},
		);
		f.store.start();
		await f.settle();
		f.store.createConversation({initialMessage: 'x'});
		await f.advance(1500);
		expect(f.store.getSnapshot().notice?.text).toBe('conversation failed to start: no detail given');
		expect(startTaskLine(f.store.getSnapshot().startTasks[0]!, undefined, f.clock.now())).toMatch(/ERROR .*no detail given$/);
	});
});
