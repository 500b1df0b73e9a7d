// Issue 9 item 10: one unreadable item (a date in year 10000, a missing id, numbers as strings) must
// not blank the list: the rest shows, the list says how many could not be read, and a date out of
// any sane range is kept as the server sent it.
import {afterEach, describe, expect, it} from 'vitest';
import {serverTimeText} from '../../../source/api/serverTime.js';
import {absoluteTime, relativeTime} from '../../../source/present/format.js';
import {slowFaults} from '../../support/slowFaults.js';
import {faultHarness, type FaultHarness} from '../harness.js';

let f: FaultHarness | undefined;
afterEach(async () => {
	await f?.close();
	f = undefined;
});

type Json = Record<string, unknown>;

const breakers: Record<number, (item: Json) => Json> = {
	1: item => ({...item, created_at: '10000-01-01T00:00:00Z'}),
	2: ({id: _id, ...item}) => item,
	3: item => ({...item, exposed_urls: [{name: 'AGENT_SERVER', url: 'http://x', port: '8000'}]}),
	4: item => ({...item, created_at: '9999-12-31T23:59:59Z'}),
};

describe('a list with unreadable items', () => {
	it('keeps the readable items, counts the others, and keeps far-off dates as sent', async () => {
		f = await faultHarness({seed: {sandboxes: 30}, bootMs: 0}, {visible: 'sandboxes'});
		const clean = await f.client.searchSandboxes({limit: 100});
		await f.faults.set(slowFaults.breakItems([1, 2, 3, 4], (item, index) => breakers[index]!(item)), {path: '/api/v1/sandboxes/search'});
		f.store.start();
		await f.settle();
		const state = f.store.getSnapshot().sandboxes;
		expect(state.error).toBeNull();
		expect(state.unreadable).toBe(3);
		expect(state.data?.map(s => s.id)).toEqual(clean.items.filter((_, i) => i < 1 || i > 3).map(s => s.id));
		const far = state.data!.find(s => s.id === clean.items[4]!.id)!;
		expect(serverTimeText(far.created_at)).toBe('9999-12-31T23:59:59Z');
		expect(relativeTime(far.created_at, f.clock.now())).toBe('9999-12-31T23:59:59Z');
		expect(absoluteTime(far.created_at)).toBe('9999-12-31T23:59:59Z');

		// the server mends its data: the count goes away
		await f.faults.heal();
		await f.advance(5000);
		expect(f.store.getSnapshot().sandboxes.unreadable).toBe(0);
		expect(f.store.getSnapshot().sandboxes.data).toHaveLength(30);
	});

	it('a page where no item can be read still fails as a whole, naming the field (a changed schema)', async () => {
		f = await faultHarness({seed: {sandboxes: 3}, bootMs: 0}, {visible: 'sandboxes'});
		await f.faults.set(slowFaults.breakItems([0, 1, 2], item => ({...item, status: 42})), {path: '/api/v1/sandboxes/search'});
		f.store.start();
		await f.settle();
		const state = f.store.getSnapshot().sandboxes;
		expect(state.error?.kind).toBe('bad_response');
		expect(state.error?.message).toMatch(/^unexpected response: items\.0\.status: expected string, received number/);
	});
});

describe('times out of range are shown as sent', () => {
	const now = Date.UTC(2025, 10, 15, 9, 0, 0);
	it('not "just now" for year 9999 and not "2024y ago" for year 1 (never parsed here: in UTC)', () => {
		expect(relativeTime(Date.UTC(9999, 5, 1, 12, 0, 0), now)).toBe('9999-06-01 12:00:00Z');
		expect(relativeTime(Date.parse('0001-01-01T00:00:00Z'), now)).toBe('0001-01-01 00:00:00Z');
		expect(relativeTime(now + 3 * 86_400_000, now)).toBe('2025-11-18 09:00:00Z');
		expect(relativeTime(now + 60_000, now)).toBe('just now');
		expect(relativeTime(now - 2 * 365 * 86_400_000, now)).toBe('2y ago');
	});
});
