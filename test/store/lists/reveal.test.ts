// Issue 21 item 19 over real HTTP, both generations: an item asked for by id that the loaded list
// does not hold (a sandbox newer than the loaded page) is read and put on top of its list; one the
// server does not know is said so; start-task lines of a conversation that is gone are dropped.
import {afterEach, describe, expect, it} from 'vitest';
import {harness, realSleep, type Harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

async function untilIdle(h: Harness, maxSteps = 60): Promise<void> {
	for (let i = 0; i < maxSteps && h.store.getSnapshot().pending.length > 0; i++) {
		await realSleep(20);
		await h.advance(1500);
	}
}

describe.each(['legacy', 'current'] as const)('%s', generation => {
	it('a sandbox newer than the loaded list is read by id and put on top', async () => {
		h = await harness({seed: 'demo', bootMs: 0, generation}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		// started elsewhere (the web app), after the list was loaded
		const started = (await (await fetch(`${h.server.url}/api/v1/sandboxes`, {method: 'POST'})).json()) as {id: string};
		expect(h.store.getSnapshot().sandboxes.data?.some(s => s.id === started.id)).toBe(false);
		h.server.clearRequests();
		h.store.reveal('sandboxes', started.id);
		await h.settle();
		expect(h.lines()).toEqual([`GET /api/v1/sandboxes?id=${started.id}`]);
		expect(h.store.getSnapshot().sandboxes.data?.[0]?.id).toBe(started.id);
	});

	it('an id the server does not know: said in one line', async () => {
		h = await harness({seed: 'demo', bootMs: 0, generation}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		h.store.reveal('sandboxes', 'oh-agent-server-nosuchsandbox00000000');
		await h.settle();
		expect(h.store.getSnapshot().notice?.text).toBe('sandbox oh-agent-server-nosuchsandbox00000000 is not known to the server (deleted?)');
	});

	it('start-task lines of a conversation deleted here, or gone when asked for, are dropped', async () => {
		h = await harness({seed: 'demo', bootMs: 0, stepMs: 2, generation}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		h.store.createConversation({initialMessage: 'first'});
		await untilIdle(h);
		h.store.createConversation({initialMessage: 'second'});
		await untilIdle(h);
		const [second, first] = h.store.getSnapshot().startTasks;
		expect([first?.status, second?.status]).toEqual(['READY', 'READY']);
		h.store.deleteConversation(first!.app_conversation_id!);
		await h.settle();
		expect(h.store.getSnapshot().startTasks.map(t => t.id)).toEqual([second!.id]);
		// deleted elsewhere: its line goes when it is asked for and the server does not know it
		await fetch(`${h.server.url}/api/v1/app-conversations/${second!.app_conversation_id}`, {method: 'DELETE'});
		await fetch(`${h.server.url}/api/conversations/${second!.app_conversation_id}`, {method: 'DELETE'});
		h.store.reveal('conversations', second!.app_conversation_id!);
		await h.settle();
		expect(h.store.getSnapshot().startTasks).toEqual([]);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^conversation \w+ is not known to the server/);
	});
});
