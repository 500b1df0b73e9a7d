import {afterEach, describe, expect, it} from 'vitest';
import {SANDBOX_TURN} from '../../../source/store/attention/attention.js';

/** the refresh interval: the background check's pace (issue 18 §2) */
const INTERVAL = 5000;
/** sandboxes take one background turn in SANDBOX_TURN */
const BACKGROUND_MS = SANDBOX_TURN * INTERVAL;
import {harness, realSleep, type Harness} from '../harness.js';

let h: Harness | undefined;

/** This session's own items (the demo's conversations that need you are counted too: issue 19 §1). */
const own = (h: Harness) => h.store.getSnapshot().attention.filter(i => i.subject !== 'conversation');
afterEach(async () => {
	await h?.close();
	h = undefined;
});

/** The stand-in moves start tasks with real timers (`stepMs`): advance store time with real pauses between. */
async function untilIdle(h: Harness, stepMs = 1000, maxSteps = 60): Promise<void> {
	for (let i = 0; i < maxSteps && h.store.getSnapshot().pending.length > 0; i++) {
		await realSleep(10);
		await h.advance(stepMs);
	}
}

describe('attention against the stand-in', () => {
	it('a sandbox started here: ERROR while it boots does not count; gone later, MISSING counts once', async () => {
		h = await harness({seed: 'demo', bootMs: 3000, live: false}, {visible: 'sandboxes', attentionCheck: true});
		h.store.start();
		await h.advance(0);

		h.store.startSandbox();
		await h.advance(0);
		const id = h.store.getSnapshot().pending[0]?.targetId;
		expect(id).toBeTruthy();
		const statuses = new Set<string>();
		h.store.subscribe(() => {
			const row = h!.store.getSnapshot().sandboxes.data?.find(s => s.id === id);
			if (row) statuses.add(row.status);
		});
		await untilIdle(h);
		expect(statuses.has('ERROR')).toBe(true); // docker's ERROR while the agent server boots (4.1)
		expect(h.store.getSnapshot().sandboxes.data?.find(s => s.id === id)?.status).toBe('RUNNING');
		expect(own(h)).toEqual([]);

		// deleted behind ohtui's back: the background check finds it gone
		const gone = await fetch(`${h.server.url}/api/v1/sandboxes/${id}?sandbox_id=${id}`, {method: 'DELETE'});
		expect(gone.status).toBe(200);
		h.server.clearRequests();
		await h.advance(2 * BACKGROUND_MS);
		expect(h.lines()).toContain(`GET /api/v1/sandboxes?id=${id}`);
		const [item] = own(h);
		expect(own(h)).toHaveLength(1);
		expect(item).toMatchObject({subject: 'sandbox', id, state: 'MISSING'});
		await h.advance(4 * BACKGROUND_MS);
		expect(own(h)).toEqual([item]);

		// background requests (conversations and sandboxes take turns): never two within an interval
		const background = h.server.requests.filter(r => r.path === '/api/v1/sandboxes' || r.path === '/api/v1/app-conversations/search');
		background.slice(1).forEach((r, i) => expect(r.at - background[i]!.at).toBeGreaterThanOrEqual(INTERVAL));
	});

	it('a boot that never ends: once the watch gives up in ERROR, one item', async () => {
		h = await harness({seed: 'demo', bootMs: 3_600_000, live: false}, {visible: 'specs', attentionCheck: true, watchTimeoutMs: 5000});
		h.store.start();
		await h.advance(0);
		h.store.startSandbox();
		await h.advance(0);
		const id = h.store.getSnapshot().pending[0]!.targetId!;
		await h.advance(3000);
		expect(own(h)).toEqual([]);
		await untilIdle(h);
		expect(h.store.getSnapshot().notice?.text).toContain('gave up waiting');
		expect(own(h)).toMatchObject([{subject: 'sandbox', id, state: 'ERROR'}]);
		const [item] = own(h);
		await h.advance(3 * BACKGROUND_MS);
		expect(own(h)).toEqual([item]);
	});

	it('a start task of this session ending in ERROR counts once, titled with its detail', async () => {
		h = await harness({seed: 'demo', bootMs: 0, stepMs: 2, live: false}, {visible: 'specs'});
		h.store.start();
		await h.advance(0);
		h.store.createConversation({initialMessage: 'hello', sandboxId: 'oh-agent-server-doesnotexist'});
		await h.settle();
		await untilIdle(h, 1500);
		const task = h.store.getSnapshot().startTasks[0]!;
		expect(task.status).toBe('ERROR');
		expect(own(h)).toMatchObject([{subject: 'start-task', id: task.id, state: 'ERROR', title: task.detail}]);
	});
});
