import {afterEach, describe, expect, it} from 'vitest';
import type {AppConversation} from '../../../source/api/schemas/index.js';
import {harness, type Harness} from '../harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const GENERATIONS = ['legacy', 'current'] as const;

async function started(generation: 'legacy' | 'current', visible: 'conversations' | 'sandboxes'): Promise<Harness> {
	h = await harness({seed: 'demo', generation, stepMs: 20}, {visible});
	// the generation is probed once, before anything here is counted
	await h.client.serverInfo();
	h.store.start();
	await h.settle();
	h.server.clearRequests();
	return h;
}

/** The first sandbox shared by two conversations of the demo seed (newer doc 8.4). */
function sharedPair(conversations: readonly AppConversation[]): [AppConversation, AppConversation] {
	const bySandbox = new Map<string, AppConversation[]>();
	for (const c of conversations) bySandbox.set(c.sandbox_id, [...(bySandbox.get(c.sandbox_id) ?? []), c]);
	const pair = [...bySandbox.values()].find(list => list.length === 2);
	if (!pair) throw new Error('the demo seed has no shared sandbox');
	return pair as [AppConversation, AppConversation];
}

describe.each(GENERATIONS)('deletes (%s server)', generation => {
	const conversationPath = (id: string) => (generation === 'current' ? `/api/v1/app-conversations/${id}` : `/api/conversations/${id}`);

	it('a conversation: exactly one DELETE, a second press while it runs sends nothing, the row goes on confirm', async () => {
		const h = await started(generation, 'conversations');
		const target = h.store.getSnapshot().conversations.data![0]!;
		h.store.deleteConversation(target.id);
		h.store.deleteConversation(target.id);
		expect(h.store.getSnapshot().pending).toMatchObject([{key: `delete:conversation:${target.id}`, kind: 'delete', targetId: target.id}]);
		// still listed until the server answers
		expect(h.store.getSnapshot().conversations.data!.some(c => c.id === target.id)).toBe(true);
		await h.settle();
		expect(h.lines()).toEqual([`DELETE ${conversationPath(target.id)}`]);
		const snapshot = h.store.getSnapshot();
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.conversations.data!.some(c => c.id === target.id)).toBe(false);
		expect(snapshot.notice).toMatchObject({level: 'info', text: `deleted conversation ${target.id}`});
		// and it stays gone through the next polls
		await h.advance(10_000);
		expect(h.store.getSnapshot().conversations.data!.some(c => c.id === target.id)).toBe(false);
	});

	it('a conversation the server does not know: one request, the row stays, the footer says why', async () => {
		const h = await started(generation, 'conversations');
		const unknown = '0'.repeat(32);
		h.store.deleteConversation(unknown);
		await h.settle();
		expect(h.lines()).toEqual([`DELETE ${conversationPath(unknown)}`]);
		const notice = h.store.getSnapshot().notice;
		expect(notice?.level).toBe('error');
		expect(notice?.text).toMatch(new RegExp(`^deleting conversation ${unknown} failed: .+`));
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('a sandbox: exactly one DELETE with the ?sandbox_id= the older route reads (7.3), the row goes', async () => {
		const h = await started(generation, 'sandboxes');
		const target = h.store.getSnapshot().sandboxes.data![0]!;
		h.store.deleteSandbox(target.id);
		await h.settle();
		expect(h.lines()).toEqual([`DELETE /api/v1/sandboxes/${target.id}?sandbox_id=${target.id}`]);
		expect(h.store.getSnapshot().sandboxes.data!.some(s => s.id === target.id)).toBe(false);
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: `deleted sandbox ${target.id}`});
	});
});

describe('conversations in a sandbox', () => {
	it('current servers filter with sandbox_id__eq', async () => {
		const h = await started('current', 'conversations');
		const [a, b] = sharedPair(h.store.getSnapshot().conversations.data!);
		h.store.conversationsInSandbox(a.sandbox_id);
		expect(h.store.getSnapshot().sandboxConversations).toEqual({sandboxId: a.sandbox_id, conversations: null, source: null, error: null});
		await h.settle();
		expect(h.lines()).toEqual([`GET /api/v1/app-conversations/search?limit=100&sandbox_id__eq=${a.sandbox_id}`]);
		const found = h.store.getSnapshot().sandboxConversations!;
		expect(found.source).toBe('server');
		expect(found.conversations!.map(c => c.id).sort()).toEqual([a.id, b.id].sort());
		h.store.conversationsInSandbox(null);
		expect(h.store.getSnapshot().sandboxConversations).toBeNull();
	});

	it('legacy servers cannot filter: the loaded conversations are looked at, and it says so', async () => {
		const h = await started('legacy', 'sandboxes');
		const sandboxId = h.store.getSnapshot().sandboxes.data![0]!.id;
		h.store.conversationsInSandbox(sandboxId);
		await h.settle();
		// nothing loaded yet: page 1, never a sandbox_id__eq the server would ignore
		expect(h.lines()).toEqual(['GET /api/v1/app-conversations/search?limit=100']);
		const found = h.store.getSnapshot().sandboxConversations!;
		expect(found.source).toBe('loaded');
		const loaded = h.store.getSnapshot().conversations.data!;
		expect(found.conversations).toEqual(loaded.filter(c => c.sandbox_id === sandboxId));
	});
});
