import {afterEach, describe, expect, it} from 'vitest';
import {CHECK_LIMIT, UPDATED_MARGIN_MS} from '../../../source/store/attention/attention.js';

/** the background check's pace: the refresh interval (default 5 s; issue 18 §2) */
const BACKGROUND_MS = 5000;
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {openSeenStore} from '../../../source/store/attention/seenStore.js';
import {hexId, script, type Script} from '../conversationScript.js';

let s: Script | undefined;
afterEach(async () => {
	await s?.close();
	s = undefined;
});

const A = hexId(0xa);
const B = hexId(0xb);
const C = hexId(0xc);
const SEARCH = '/api/v1/app-conversations/search';

const three = [
	{id: A, title: 'Fix the flaky test', status: 'running'},
	{id: B, title: 'Waiting since before start', status: 'waiting_for_confirmation'},
	{id: C, title: 'Finished before start', status: 'finished'},
];

const searches = (s: Script) => s.seen.filter(r => r.line.startsWith(`GET ${SEARCH}`));

describe('attention: the state now (issue 19 §1)', () => {
	it('what waits at start counts at once, unannounced; what finished before start was seen; transitions are announced once', async () => {
		s = await script(three, {visible: 'conversations'});
		s.store.start();
		await s.advance(0);
		expect(s.store.getSnapshot().conversations.data).toHaveLength(3);
		// B waited before ohtui started: counted at once, not announced; C finished before: seen
		const [waiting] = s.store.getSnapshot().attention;
		expect(s.store.getSnapshot().attention).toHaveLength(1);
		expect(waiting).toMatchObject({subject: 'conversation', id: B, state: 'waiting_for_confirmation', reason: 'waiting', transition: false});
		expect(waiting!.at).toBe(s.conversations.find(c => c.id === B)!.updatedAt);

		s.move(A, 'waiting_for_confirmation');
		await s.advance(5000);
		const item = s.store.getSnapshot().attention.find(i => i.id === A);
		expect(item).toMatchObject({subject: 'conversation', id: A, state: 'waiting_for_confirmation', reason: 'waiting', transition: true, title: 'Fix the flaky test'});

		// seen again and again: still the one item, and an unchanged poll notifies nobody
		const before = s.store.getSnapshot();
		let notified = 0;
		s.store.subscribe(() => notified++);
		await s.advance(20_000);
		expect(s.store.getSnapshot()).toBe(before);
		expect(notified).toBe(0);

		// the user answered elsewhere: the agent runs again, the item goes
		s.move(A, 'running');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B]);

		// finished after start: needs you until seen, a new key
		s.move(A, 'finished');
		await s.advance(5000);
		const again = s.store.getSnapshot().attention.find(i => i.id === A);
		expect(again).toMatchObject({id: A, state: 'finished', reason: 'finished', transition: true});
		expect(again!.key).not.toBe(item!.key);

		// a paused sandbox: paused is no state that needs you
		s.move(A, null);
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B]);
		// running again in the same state: counted again, but it is no new transition (not announced)
		s.conversations.find(c => c.id === A)!.status = 'finished';
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({reason: 'finished', transition: false});
	});

	it('dismissing marks seen: a finished one goes (and stays gone), one that waits stays while it does', async () => {
		s = await script(three, {visible: 'conversations'});
		s.store.start();
		await s.advance(1000);
		s.move(A, 'finished');
		s.move(C, 'error');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.map(i => [i.id, i.reason])).toEqual([
			[B, 'waiting'],
			[A, 'finished'],
			[C, 'error'],
		]);
		s.store.dismissAttention(s.store.getSnapshot().attention.find(i => i.id === A)!.key);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B, C]);
		await s.advance(10_000);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B, C]);
		// all: the wait is still the state now; the error is acknowledged (issue 26 item 2)
		s.store.dismissAttention();
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B]);
		expect(s.store.getSnapshot().acknowledged?.map(i => i.id)).toEqual([C]);
		const unchanged = s.store.getSnapshot();
		s.store.dismissAttention();
		expect(s.store.getSnapshot()).toBe(unchanged);
		// a finish after the dismissal needs you again
		s.move(A, 'running');
		await s.advance(5000);
		s.move(A, 'finished');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B, A]);
	});

	it('seen is written to the state folder: a later start (another store on the file) finds the finished one seen', async () => {
		const directory = mkdtempSync(join(tmpdir(), 'ohtui-seen-'));
		const start = Date.UTC(2025, 10, 15, 9, 0, 0);
		let clock: (() => number) | null = null;
		const now = () => clock?.() ?? start;
		try {
			const seen = openSeenStore({directory, server: 'http://server', now});
			s = await script(three, {visible: 'conversations', seen});
			clock = s.clock.now;
			s.store.start();
			await s.advance(1000);
			s.move(A, 'finished');
			await s.advance(5000);
			const item = s.store.getSnapshot().attention.find(i => i.id === A)!;
			const updatedAt = s.conversations.find(c => c.id === A)!.updatedAt;
			expect(openSeenStore({directory, server: 'http://server', now}).isSeen(A, updatedAt)).toBe(false);
			s.store.dismissAttention(item.key);
			expect(openSeenStore({directory, server: 'http://server', now}).isSeen(A, updatedAt)).toBe(true);
		} finally {
			rmSync(directory, {recursive: true, force: true});
		}
	});
});

describe('attention: seen elsewhere', () => {
	it('a finish marked seen by another ohtui (ohtui show, a second TUI) goes within 30 s, the Conversations tab in view', async () => {
		const directory = mkdtempSync(join(tmpdir(), 'ohtui-seen-'));
		const start = Date.UTC(2025, 10, 15, 9, 0, 0);
		let clock: (() => number) | null = null;
		const now = () => clock?.() ?? start;
		try {
			s = await script(three, {visible: 'conversations', seen: openSeenStore({directory, server: 'http://server', now})});
			clock = s.clock.now;
			s.store.start();
			await s.advance(1000);
			s.move(A, 'finished');
			await s.advance(5000);
			expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({reason: 'finished'});
			const other = openSeenStore({directory, server: 'http://server', now});
			other.markSeen(A, s.conversations.find(c => c.id === A)!.updatedAt);
			expect(other.save()).toBe(true);
			await s.advance(35_000);
			expect(s.store.getSnapshot().attention.find(i => i.id === A)).toBeUndefined();
		} finally {
			rmSync(directory, {recursive: true, force: true});
		}
	});
});

describe('attention: looking at a conversation', () => {
	it('opening it marks it seen; nothing it does while open, nor just after, is announced', async () => {
		s = await script(three, {visible: 'conversations'});
		s.store.start();
		await s.advance(1000);
		s.move(A, 'finished');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({reason: 'finished'});

		s.store.openActivity(A);
		await s.advance(0);
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B]);
		s.move(A, 'stuck');
		await s.advance(40_000);
		s.store.closeActivity();
		await s.advance(10_000);
		expect(s.store.getSnapshot().conversations.data!.find(c => c.id === A)?.execution_status).toBe('stuck');
		// stuck is the state now: counted; it happened while the user looked: not announced
		expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({reason: 'stuck', transition: false});

		s.move(A, 'finished');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({reason: 'finished', transition: true});
	});
});

describe('attention: while an activity is open', () => {
	it('the lists wait, so the background check looks for the other conversations', async () => {
		s = await script(three, {visible: 'conversations'});
		s.store.start();
		await s.advance(0);
		s.store.openActivity(A);
		await s.advance(0);
		s.move(B, 'stuck');
		await s.advance(BACKGROUND_MS + 1000);
		expect(searches(s).some(r => r.line.includes('updated_at__gte'))).toBe(true);
		expect(s.store.getSnapshot().attention).toMatchObject([{id: B, state: 'stuck', transition: true}]);
	});
});

describe('attention: the background check', () => {
	it('while another tab is visible: page 1 at most once a refresh interval, asking only for what changed since', async () => {
		s = await script(three, {visible: 'specs'});
		s.store.start();
		await s.advance(0);
		// the baseline: the first check reads page 1 in full, at once
		expect(searches(s).map(r => r.line)).toEqual([`GET ${SEARCH}?limit=100`]);
		// what waits there now counts at once, though another tab is visible
		expect(s.store.getSnapshot().attention.map(i => i.id)).toEqual([B]);

		await s.advance(BACKGROUND_MS);
		const newest = Math.max(...s.conversations.map(c => c.updatedAt));
		const since = new Date(newest - UPDATED_MARGIN_MS).toISOString();
		// what changed, a few at a time (CHECK_LIMIT; issue 18 §2: it runs every interval now)
		expect(searches(s).map(r => r.line)[1]).toBe(`GET ${SEARCH}?limit=${CHECK_LIMIT}&updated_at__gte=${encodeURIComponent(since)}`);

		s.move(A, 'waiting_for_confirmation');
		const movedAt = s.clock.now();
		await s.advance(BACKGROUND_MS);
		expect(s.store.getSnapshot().attention.find(i => i.id === A)).toMatchObject({state: 'waiting_for_confirmation', transition: true});
		// the newest update moved: the next check asks from there
		await s.advance(BACKGROUND_MS);
		const last = searches(s).at(-1)!.line;
		expect(last).toContain(`updated_at__gte=${encodeURIComponent(new Date(movedAt - UPDATED_MARGIN_MS).toISOString())}`);

		// five quiet minutes: one check an interval, nothing else for conversations, no notification
		let notified = 0;
		s.store.subscribe(() => notified++);
		const from = searches(s).length;
		await s.advance(300_000);
		const quiet = searches(s).slice(from);
		expect(quiet).toHaveLength(60);
		quiet.slice(1).forEach((r, i) => expect(r.at - quiet[i]!.at).toBeGreaterThanOrEqual(BACKGROUND_MS));
		expect(notified).toBe(0);
	});

	it('a page of changes that came back full: the next check asks for twice as many, and none is missed', async () => {
		const many = Array.from({length: 3 * CHECK_LIMIT}, (_, i) => ({id: hexId(0x100 + i), title: `agent ${i}`, status: 'running'}));
		s = await script(many, {visible: 'specs'});
		s.store.start();
		await s.advance(0);
		// (finished after the store started: a finish at its very first instant reads as seen)
		await s.advance(1000);
		for (const c of many.slice(0, Math.floor(1.5 * CHECK_LIMIT))) s.move(c.id, 'finished');
		await s.advance(BACKGROUND_MS);
		await s.advance(BACKGROUND_MS);
		expect(searches(s).slice(1).map(r => new URLSearchParams(r.line.split('?')[1]).get('limit'))).toEqual([String(CHECK_LIMIT), String(2 * CHECK_LIMIT)]);
		expect(s.store.getSnapshot().attention).toHaveLength(Math.floor(1.5 * CHECK_LIMIT));
	});

	it('stays out of the way when the Conversations tab already polls every conversation there is', async () => {
		s = await script(three, {visible: 'conversations'});
		s.store.start();
		await s.advance(120_000);
		// the visible tab's poll, every 5 s, and no background check beside it
		expect(searches(s).every(r => r.line === `GET ${SEARCH}?limit=100`)).toBe(true);
		expect(searches(s)).toHaveLength(25);
	});

	it('goes through the request budget like every other request', async () => {
		s = await script(three, {visible: 'specs', maxRequestsPerSecond: 1});
		s.store.start();
		await s.advance(0);
		await s.advance(8000);
		// (the client's generation probe goes first, outside the store)
		// (B waits for a confirmation: its newest events are read once, for `!`; issue 19)
		const store = s.seen.filter(r => r.line.split('?')[0]!.endsWith('/search') && !r.line.includes('/events/'));
		const times = store.map(r => r.at);
		expect(store.map(r => r.line.split('?')[0])).toEqual([
			'GET /api/v1/sandbox-specs/search',
			`GET ${SEARCH}`,
			'GET /api/v1/sandbox-specs/search',
			// the check's second turn, an interval after its first (issue 18 §2)
			`GET ${SEARCH}`,
		]);
		times.slice(1).forEach((t, i) => expect(t - times[i]!).toBeGreaterThanOrEqual(1000));
	});
});
