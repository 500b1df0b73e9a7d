import {describe, expect, it} from 'vitest';
import {backoffMs} from '../../source/store/backoff.js';
import {PRIORITY, RequestBudget} from '../../source/store/budget.js';
import {applyPage, mergePages, pagesOnScreen, upsertItem, type PageRecord} from '../../source/store/listPages.js';
import {oneLine} from '../../source/store/oneLine.js';
import {deepEqual, shareList} from '../../source/store/share.js';
import {ManualClock} from './manualClock.js';

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
	it('queues over budget, releases as the window slides, actions before polls', async () => {
		const clock = new ManualClock(0);
		const budget = new RequestBudget(3, clock);
		const order: string[] = [];
		const take = (name: string, priority: (typeof PRIORITY)[keyof typeof PRIORITY]) =>
			budget.acquire(priority).then(() => order.push(`${name}@${clock.now()}`));
		await Promise.all([take('p1', PRIORITY.poll), take('p2', PRIORITY.poll), take('p3', PRIORITY.poll)]);
		const later = [take('p4', PRIORITY.poll), take('w1', PRIORITY.watch), take('a1', PRIORITY.action)];
		await clock.advance(5000, () => new Promise(resolve => setImmediate(resolve)));
		await Promise.all(later);
		expect(order).toEqual(['p1@0', 'p2@0', 'p3@0', 'a1@1100', 'w1@1100', 'p4@1100']);
		budget.close();
		await expect(budget.acquire(PRIORITY.action)).rejects.toMatchObject({kind: 'aborted'});
	});
});
