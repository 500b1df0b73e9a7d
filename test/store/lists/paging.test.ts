import {afterEach, describe, expect, it} from 'vitest';
import {slowFaults} from '../../support/slowFaults.js';
import {faultHarness, harness, type FaultHarness, type Harness} from '../harness.js';

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

describe('paging that never ends (issue 9 item 3)', () => {
	let f: FaultHarness | undefined;
	afterEach(async () => {
		await f?.close();
		f = undefined;
	});

	const searches = (f: FaultHarness) => f.lines().filter(l => l.startsWith('GET /api/v1/sandboxes/search'));

	it('pages that point back: G stops at the first page with nothing new and says so in one line', async () => {
		f = await faultHarness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes'});
		await f.faults.set(slowFaults.pagesPointBack(), {path: '/api/v1/sandboxes/search'});
		f.store.start();
		f.store.loadAll('sandboxes');
		await f.advance(1000);
		expect(searches(f)).toEqual([page('limit=100'), page('page_id=100&limit=100'), page('page_id=0&limit=100')]);
		const state = f.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(200);
		expect(state.hasMore).toBe(false);
		expect(state.loadingMore).toBe(false);
		expect(f.store.getSnapshot().notice).toMatchObject({level: 'error', text: "stopped loading sandboxes: the server's next page points back to page 100"});
		// nothing more than the interval's poll afterwards, and G again sends nothing
		f.faults.clearRequests();
		f.store.loadAll('sandboxes');
		await f.advance(10_000);
		expect(searches(f)).toEqual([page('limit=100'), page('limit=100')]);
		// the page that points back, on screen, is polled again: still the end (no load-more loop)
		f.faults.clearRequests();
		f.store.setViewport('sandboxes', 150, 199);
		await f.advance(5000);
		f.store.loadMore('sandboxes');
		await f.advance(5000);
		expect(searches(f)).toEqual([page('limit=100'), page('page_id=100&limit=100'), page('limit=100'), page('page_id=100&limit=100')]);
		expect(f.store.getSnapshot().sandboxes.hasMore).toBe(false);
	});

	it('a page id already loaded: stops before asking for it', async () => {
		f = await faultHarness({seed: {sandboxes: 260}, bootMs: 0}, {visible: 'sandboxes'});
		// page 100 points back to itself
		await f.faults.set(
			{kind: 'custom', name: 'selfLoop', handle: async ctx => {
				const answer = await ctx.upstream();
				const body = JSON.parse(answer.body.toString('utf8')) as {next_page_id: string | null};
				if (ctx.url.searchParams.get('page_id') === '100') body.next_page_id = '100';
				ctx.reply(answer.status, answer.headers, JSON.stringify(body));
			}},
			{path: '/api/v1/sandboxes/search'},
		);
		f.store.start();
		f.store.loadAll('sandboxes');
		await f.advance(1000);
		expect(searches(f)).toEqual([page('limit=100'), page('page_id=100&limit=100')]);
		expect(f.store.getSnapshot().notice?.text).toBe("stopped loading sandboxes: the server's next page points back to page 100");
		expect(f.store.getSnapshot().sandboxes.hasMore).toBe(false);
	});

	it('empty pages that always name a next page: stops at the first one', async () => {
		f = await faultHarness({seed: {sandboxes: 150}, bootMs: 0}, {visible: 'sandboxes'});
		await f.faults.set(slowFaults.emptyPagesForever(), {path: '/api/v1/sandboxes/search'});
		f.store.start();
		f.store.loadAll('sandboxes');
		await f.advance(1000);
		expect(searches(f)).toEqual([page('limit=100'), page('page_id=1000&limit=100')]);
		expect(f.store.getSnapshot().notice?.text).toBe('stopped loading sandboxes: page 1000 was empty but named a next page');
		expect(f.store.getSnapshot().sandboxes.data).toHaveLength(100);
	});

	it('a long G (one item a page) gives way to the poll and to Ctrl-r, then goes on to the cap', async () => {
		h = await harness({seed: {sandboxes: 400}, bootMs: 0}, {visible: 'sandboxes', pageSize: 1, maxItems: 300});
		h.store.start();
		await h.settle();
		h.server.clearRequests();
		h.store.loadAll('sandboxes');
		await h.advance(2000);
		h.store.refresh();
		await h.advance(500);
		const lines = h.lines();
		const refreshAt = lines.indexOf(page('limit=1'));
		// the refresh went within one page of being asked for
		expect(refreshAt).toBeGreaterThan(5);
		expect(lines.slice(refreshAt + 1).length).toBeGreaterThan(0);
		expect(lines.slice(refreshAt + 1).every(l => l.includes('page_id='))).toBe(true);
		// the interval's poll gets its turn too: one page 1 every 5 s while G goes on
		await h.advance(20_000);
		const polls = h.lines().filter(l => l === page('limit=1'));
		expect(polls.length).toBeGreaterThanOrEqual(4);
		await h.advance(60_000);
		const state = h.store.getSnapshot().sandboxes;
		expect(state.data).toHaveLength(300);
		expect(state.capped).toBe(true);
		expect(state.loadingMore).toBe(false);
	});
});
