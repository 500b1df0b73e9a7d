import {afterEach, describe, expect, it} from 'vitest';
import {harness, type Harness} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const page = (query: string) => `GET /api/v1/sandboxes/search?${query}`;

function ids(h: Harness): string[] {
	return h.store.getSnapshot().sandboxes.data!.map(s => s.id);
}

describe('paging', () => {
	it('loads the first page, then loadMore, then loadAll to the end', async () => {
		h = await harness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		await h.settle();
		let state = h.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(100);
		expect(state.hasMore).toBe(true);

		h.store.loadMore('sandboxes');
		h.store.loadMore('sandboxes'); // joins
		await h.settle();
		state = h.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(200);
		expect(state.loadingMore).toBe(false);

		h.store.loadAll('sandboxes');
		await h.settle();
		state = h.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(260);
		expect(state.hasMore).toBe(false);
		expect(state.capped).toBe(false);
		expect(new Set(ids(h)).size).toBe(260);
		expect(h.lines()).toEqual([page('limit=100'), page('page_id=100&limit=100'), page('page_id=200&limit=100')]);
	});

	it('loadAll stops at maxItems and marks the list capped', async () => {
		h = await harness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes', maxItems: 150});
		h.store.start();
		h.store.loadAll('sandboxes');
		await h.settle();
		const state = h.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(150);
		expect(state.hasMore).toBe(true);
		expect(state.capped).toBe(true);
		expect(h.lines()).toEqual([page('limit=100'), page('page_id=100&limit=50')]);
	});

	it('an idle poll refreshes page 1 and only the other pages on screen', async () => {
		h = await harness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		h.store.loadAll('sandboxes');
		await h.settle();
		h.server.clearRequests();

		await h.advance(5000);
		expect(h.lines()).toEqual([page('limit=100')]);

		h.server.clearRequests();
		h.store.setViewport('sandboxes', 180, 210);
		await h.advance(5000);
		expect(h.lines()).toEqual([page('limit=100'), page('page_id=100&limit=100'), page('page_id=200&limit=100')]);

		h.server.clearRequests();
		h.store.setViewport('sandboxes', 230, 259);
		await h.advance(5000);
		expect(h.lines()).toEqual([page('limit=100'), page('page_id=200&limit=100')]);
	});

	it('a new item on page 1 shifts items: page 1 is replaced and nothing is duplicated', async () => {
		h = await harness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes'});
		h.store.start();
		h.store.loadMore('sandboxes');
		await h.settle();
		const before = ids(h);
		const created = await h.client.startSandbox();
		await h.advance(5000);
		const after = ids(h);
		expect(after[0]).toBe(created.id);
		expect(new Set(after).size).toBe(after.length);
		expect(after.slice(1, 100)).toEqual(before.slice(0, 99));
		// once the shifted page is on screen it is refreshed and the list is whole again
		h.store.setViewport('sandboxes', 95, 130);
		await h.advance(5000);
		expect(ids(h)).toEqual([created.id, ...before.slice(0, 199)]);
	});
});
