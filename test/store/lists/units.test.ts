import {describe, expect, it} from 'vitest';
import {backoffMs} from '../../../source/store/backoff.js';
import {PRIORITY, RequestBudget} from '../../../source/store/budget.js';
import {applyPage, mergePages, pagesOnScreen, upsertItem, type PageRecord} from '../../../source/store/lists/listPages.js';
import {oneLine} from '../../../source/store/oneLine.js';
import {deepEqual, shareList} from '../../../source/store/share.js';
import {ManualClock} from '../manualClock.js';

type Row = {id: string; v: number; tags?: string[]};
const rec = (pageId: string | null, items: Row[], nextPageId: string | null): PageRecord<Row> => ({
	pageId,
	limit: 2,
	items,
	nextPageId,
});

describe('shareList', () => {
	it('keeps the previous array when every item is deep-equal, and unchanged items when one changes', () => {
		const prev: Row[] = [
			{id: 'a', v: 1, tags: ['x']},
			{id: 'b', v: 2},
		];
		const same = shareList(prev, [
			{id: 'a', v: 1, tags: ['x']},
			{id: 'b', v: 2},
		]);
		expect(same).toBe(prev);
		const changed = shareList(prev, [
			{id: 'a', v: 1, tags: ['x']},
			{id: 'b', v: 3},
		]);
		expect(changed).not.toBe(prev);
		expect(changed[0]).toBe(prev[0]);
		expect(changed[1]).toEqual({id: 'b', v: 3});
		const reordered = shareList(prev, [
			{id: 'b', v: 2},
			{id: 'a', v: 1, tags: ['x']},
		]);
		expect(reordered).not.toBe(prev);
		expect(reordered[0]).toBe(prev[1]);
	});

	it('deepEqual tells arrays from objects and missing keys from undefined', () => {
		expect(deepEqual({a: [1, {b: null}]}, {a: [1, {b: null}]})).toBe(true);
		expect(deepEqual([], {})).toBe(false);
		expect(deepEqual({a: undefined}, {b: undefined})).toBe(false);
		expect(deepEqual({a: 1}, {a: 1, b: 2})).toBe(false);
	});
});

describe('list pages', () => {
	it('merges pages dropping later duplicates, and truncates after a page that became the last', () => {
		const pages = [rec(null, [{id: 'a', v: 1}, {id: 'b', v: 1}], '2'), rec('2', [{id: 'b', v: 1}, {id: 'c', v: 1}], '4')];
		expect(mergePages(pages).map(r => r.id)).toEqual(['a', 'b', 'c']);
		const shrunk = applyPage(pages, 0, {pageId: null, limit: 2}, {items: [{id: 'a', v: 2}], next_page_id: null});
		expect(shrunk).toHaveLength(1);
		const replaced = applyPage(pages, 1, {pageId: '2', limit: 2}, {items: [{id: 'c', v: 1}], next_page_id: '4'});
		expect(replaced).toHaveLength(2);
		expect(replaced[0]).toBe(pages[0]);
	});

	it('finds the pages on screen by merged row', () => {
		const pages = [
			rec(null, [{id: 'a', v: 1}, {id: 'b', v: 1}], '2'),
			rec('2', [{id: 'b', v: 1}, {id: 'c', v: 1}], '4'), // contributes one row (2)
			rec('4', [{id: 'd', v: 1}, {id: 'e', v: 1}], null), // rows 3-4
		];
		expect(pagesOnScreen(pages, 0, 1)).toEqual([]);
		expect(pagesOnScreen(pages, 1, 2)).toEqual([1]);
		expect(pagesOnScreen(pages, 2, 4)).toEqual([1, 2]);
		expect(pagesOnScreen(pages, 4, 9)).toEqual([2]);
	});

	it('upserts in place or on top of page 0', () => {
		const pages = [rec(null, [{id: 'a', v: 1}], '1'), rec('1', [{id: 'b', v: 1}], null)];
		const updated = upsertItem(pages, {id: 'b', v: 2}, false);
		expect(updated[0]).toBe(pages[0]);
		expect(updated[1]!.items).toEqual([{id: 'b', v: 2}]);
		expect(upsertItem(pages, {id: 'z', v: 1}, false)).toBe(pages);
		expect(upsertItem(pages, {id: 'z', v: 1}, true)[0]!.items.map(r => r.id)).toEqual(['z', 'a']);
	});
});

describe('backoff and one-line messages', () => {
	it('doubles from 1 s to a 30 s cap with ±20 % jitter', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 50].map(n => backoffMs(n, () => 0.5))).toEqual([
			1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
		]);
		expect(backoffMs(1, () => 0)).toBe(800);
		expect(backoffMs(1, () => 0.999_999)).toBe(1200);
		expect(backoffMs(9, () => 0.999_999)).toBe(30_000);
	});

	it('strips control characters and newlines and truncates', () => {
		expect(oneLine('a\nb\u001b[31mc\u0007  d')).toBe('a b [31mc d');
		expect(oneLine('x'.repeat(300))).toHaveLength(200);
	});
});

describe('request budget', () => {
	const tick = () => new Promise<void>(resolve => setImmediate(resolve));

	/** takes budget and, once granted, notes `name@time` and answers at once (or after `holdMs`) */
	function taker(budget: RequestBudget, clock: ManualClock, order: string[]) {
		return (name: string, priority: (typeof PRIORITY)[keyof typeof PRIORITY], holdMs = 0) =>
			budget.acquire(priority).then(release => {
				order.push(`${name}@${clock.now()}`);
				if (holdMs === 0) release();
				else clock.setTimeout(release, holdMs);
			});
	}

	it('paces a burst: half the budget at once, then 110 ms apart; urgent first while nobody starves', async () => {
		const clock = new ManualClock(0);
		const budget = new RequestBudget(10, clock);
		const order: string[] = [];
		const take = taker(budget, clock, order);
		const all = [1, 2, 3, 4, 5].map(n => take(`x${n}`, PRIORITY.poll));
		all.push(take('p', PRIORITY.poll), take('w', PRIORITY.watch), take('a', PRIORITY.action));
		await clock.advance(5000, tick);
		await Promise.all(all);
		expect(order).toEqual(['x1@0', 'x2@0', 'x3@0', 'x4@0', 'x5@0', 'a@110', 'w@220', 'p@330']);
		budget.close();
		await expect(budget.acquire(PRIORITY.action)).rejects.toMatchObject({kind: 'aborted'});
	});

	it('a request holds its place until 1.1 s after its answer, not after its send', async () => {
		const clock = new ManualClock(0);
		const budget = new RequestBudget(2, clock);
		const order: string[] = [];
		const take = taker(budget, clock, order);
		// a answers after 3 s (it may reach the server only then), b after 10 ms, c after 5 s
		const all = [take('a', PRIORITY.poll, 3000), take('b', PRIORITY.poll, 10), take('c', PRIORITY.poll, 5000), take('d', PRIORITY.poll)];
		await clock.advance(10_000, tick);
		await Promise.all(all);
		// b's place frees at 550 + 10 + 1100; then a's, not at 1100 but at 3000 + 1100
		expect(order).toEqual(['a@0', 'b@550', 'c@1660', 'd@4100']);
	});

	it('a request that waited a second goes before newer urgent ones (polls are never starved)', async () => {
		const clock = new ManualClock(0);
		const budget = new RequestBudget(1, clock);
		const order: string[] = [];
		const take = taker(budget, clock, order);
		const all = [take('a0', PRIORITY.action), take('poll', PRIORITY.poll)];
		clock.setTimeout(() => all.push(take('a1', PRIORITY.action), take('a2', PRIORITY.action)), 500);
		await clock.advance(10_000, tick);
		await Promise.all(all);
		expect(order).toEqual(['a0@0', 'poll@1100', 'a1@2200', 'a2@3300']);
	});
});
