// Issue 26 item 2: `d` on an error or a stuck agent takes it out of needs-you until its state
// changes again: another state (running, finished, waiting…), or the same state after the server
// moved `updated_at` (a run that ended in a new error), or any other state this process saw in
// between even where `updated_at` did not move. Kept in the seen file per server, across restarts.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {openSeenStore, seenFileName} from '../../../source/store/attention/seenStore.js';
import {hexId, script, type Script} from '../conversationScript.js';

let s: Script | undefined;
afterEach(async () => {
	await s?.close();
	s = undefined;
});

const A = hexId(0xa);
const E = hexId(0xe);
const conversations = [
	{id: A, title: 'Fix the flaky test', status: 'running'},
	{id: E, title: 'Translate the error messages', status: 'error'},
];

const needs = (s: Script) => s.store.getSnapshot().attention.map(i => `${i.id === E ? 'E' : 'A'} ${i.reason}`);
const acked = (s: Script) => (s.store.getSnapshot().acknowledged ?? []).map(i => `${i.id === E ? 'E' : 'A'} ${i.reason}`);
const itemOf = (s: Script, id: string) => s.store.getSnapshot().attention.find(i => i.id === id)!;

describe('acknowledging an error or a stuck agent (d in !)', () => {
	it('out of needs-you until it runs and errors again; back with a new error, a status seen in between, or d again', async () => {
		s = await script(conversations, {visible: 'conversations'});
		s.store.start();
		await s.advance(1000);
		// an error from before the start needs you at once (it is the state now)
		expect(needs(s)).toEqual(['E error']);
		s.store.dismissAttention(itemOf(s, E).key);
		expect(needs(s)).toEqual([]);
		expect(acked(s)).toEqual(['E error']);
		// polls of the same error change nothing
		await s.advance(20_000);
		expect(needs(s)).toEqual([]);

		// 1. it runs again and errors again (the server moves updated_at): needs you again, announced
		s.move(E, 'running');
		await s.advance(5000);
		expect(acked(s)).toEqual([]);
		s.move(E, 'error');
		await s.advance(5000);
		expect(s.store.getSnapshot().attention).toMatchObject([{id: E, reason: 'error', transition: true}]);

		// 2. a new error in one go (no poll saw it run): updated_at moved past the acknowledged one
		s.store.dismissAttention(itemOf(s, E).key);
		expect(needs(s)).toEqual([]);
		s.move(E, 'error');
		await s.advance(5000);
		expect(needs(s)).toEqual(['E error']);

		// 3. a server that does not move updated_at: running, seen by a poll, then error again
		s.store.dismissAttention(itemOf(s, E).key);
		const c = s.conversations.find(x => x.id === E)!;
		c.status = 'running';
		await s.advance(5000);
		c.status = 'error';
		await s.advance(5000);
		expect(needs(s)).toEqual(['E error']);

		// 4. stuck after an acknowledged error is another state: it needs you
		s.store.dismissAttention(itemOf(s, E).key);
		s.conversations.find(x => x.id === E)!.status = 'stuck';
		await s.advance(5000);
		expect(needs(s)).toEqual(['E stuck']);
		// a stuck agent is acknowledged the same way, and d on the acknowledged item brings it back
		s.store.dismissAttention(itemOf(s, E).key);
		expect([needs(s), acked(s)]).toEqual([[], ['E stuck']]);
		s.store.dismissAttention(s.store.getSnapshot().acknowledged![0]!.key);
		expect([needs(s), acked(s)]).toEqual([['E stuck'], []]);
		// a wait is not acknowledged by d: it needs an answer
		s.move(A, 'waiting_for_confirmation');
		await s.advance(5000);
		s.store.dismissAttention(itemOf(s, A).key);
		expect(needs(s)).toContain('A waiting');
	});

	it('kept in the seen file per server: a later start finds it acknowledged, and until it changes only', async () => {
		const directory = mkdtempSync(join(tmpdir(), 'ohtui-ack-'));
		const start = Date.UTC(2025, 10, 15, 9, 0, 0);
		let clock: (() => number) | null = null;
		const now = () => clock?.() ?? start;
		try {
			s = await script(conversations, {visible: 'conversations', seen: openSeenStore({directory, server: 'http://server', now})});
			clock = s.clock.now;
			s.store.start();
			await s.advance(1000);
			s.store.dismissAttention(itemOf(s, E).key);
			const file = JSON.parse(readFileSync(join(directory, 'seen', seenFileName('http://server')), 'utf8'));
			const updated = s.conversations.find(x => x.id === E)!.updatedAt;
			expect(file.acked).toEqual({[E]: {state: 'error', updated, at: expect.any(Number)}});
			await s.close();

			// a new process on the same file
			s = await script(conversations, {visible: 'conversations', seen: openSeenStore({directory, server: 'http://server', now})});
			clock = s.clock.now;
			s.store.start();
			await s.advance(1000);
			expect([needs(s), acked(s)]).toEqual([[], ['E error']]);
			const later = openSeenStore({directory, server: 'http://server', now});
			expect(later.isAcknowledged(E, 'error', updated)).toBe(true);
			expect(later.isAcknowledged(E, 'error', updated + 1)).toBe(false);
			expect(later.isAcknowledged(E, 'stuck', updated)).toBe(false);
		} finally {
			rmSync(directory, {recursive: true, force: true});
		}
	});
});
