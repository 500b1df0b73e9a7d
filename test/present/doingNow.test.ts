import {describe, expect, it} from 'vitest';
import type {Glimpse} from '../../source/store/types.js';
import {doingText, gist, stateSince, waitingSince, waitsFor} from '../../source/present/doingNow.js';
import {itemsByConversation, rowState} from '../../source/present/rowState.js';
import {lookText, rowLook} from '../../source/present/states.js';
import {CURRENT, LEGACY, event} from '../ui/eventFixtures.js';
import {NOW, conversation} from '../ui/fixtures.js';

const glimpse = (raws: readonly Record<string, unknown>[], since: Glimpse['stateSince'] = null): Glimpse => ({
	events: raws.map(raw => event(raw)),
	fetchedAt: NOW,
	error: null,
	stateSince: since,
});

describe('what it is doing now (issue 19 §2)', () => {
	it('the newest event that says something: a command with its outcome, a call still running, the agent thinking', () => {
		const done = glimpse([LEGACY.userMessage, LEGACY.bash, LEGACY.bashOutput, LEGACY.waiting]);
		expect(gist(done.events)).toBe('$ pytest -q → exit 1 · 2 failed, 41 passed in 3.21s …');
		expect(gist(glimpse([LEGACY.userMessage, LEGACY.bash]).events)).toBe('$ pytest -q …');
		expect(gist(glimpse([LEGACY.userMessage]).events)).toBe('thinking…');
		expect(gist(glimpse([LEGACY.edit, LEGACY.editOutput, LEGACY.token]).events)).toBe('edit /workspace/project/app/dates.py (replace) → file edited /workspace/project/app/dates.py');
		expect(gist([])).toBeNull();
	});

	it('a waiting agent: what it asks to run, and how many more', () => {
		const events = glimpse([CURRENT.userMessage, CURRENT.running, CURRENT.terminal, CURRENT.terminalOutput, CURRENT.pendingRm, CURRENT.pendingEdit, CURRENT.waiting]).events;
		expect(waitsFor(events)).toBe('approve: $ rm -rf build/ (+1 more)');
		expect(waitsFor(glimpse([LEGACY.bash, LEGACY.bashOutput]).events)).toBeNull();
	});

	it('how long in its state: the status change the events showed, else the last update; the time before the gist', () => {
		const c = conversation({execution_status: 'running', updated_at: NOW - 5000});
		const running = glimpse([LEGACY.bash], {status: 'running', at: NOW - 4 * 60_000});
		expect(stateSince(c, running)).toBe(NOW - 4 * 60_000);
		// a change to another status than the row's is not this state's start
		expect(stateSince(c, glimpse([], {status: 'paused', at: NOW - 9 * 60_000}))).toBe(NOW - 5000);
		expect(doingText(c, 'running', running, NOW)).toBe(' 4m $ pytest -q …');
		expect(doingText(c, 'running', undefined, NOW)).toBe(' 5s working…');
		expect(doingText(c, 'paused', running, NOW)).toBe('—');
		expect(doingText(conversation({execution_status: 'waiting_for_confirmation', updated_at: NOW - 3 * 3_600_000}), 'waiting', undefined, NOW)).toBe(' 3h waits for your confirmation');
	});

	it('a wait counts from the action pending now, not from the first wait (issue 26 item 14)', () => {
		// waited at 09:00, accepted, ran, and waits again since 10:15:04 on another action
		const c = conversation({execution_status: 'waiting_for_confirmation', updated_at: Date.parse('2026-07-30T09:00:00Z')});
		const events = glimpse([CURRENT.userMessage, CURRENT.terminal, CURRENT.terminalOutput, CURRENT.pendingRm, CURRENT.pendingEdit, CURRENT.waiting], {status: 'waiting_for_confirmation', at: Date.parse('2026-07-30T09:00:00Z')});
		expect(waitingSince(events.events)).toBe(Date.parse('2026-07-30T10:15:04Z'));
		expect(stateSince(c, events)).toBe(Date.parse('2026-07-30T10:15:04Z'));
		expect(doingText(c, 'waiting', events, Date.parse('2026-07-30T10:17:04Z'))).toBe(' 2m approve: $ rm -rf build/ (+1 more)');
		// none loaded: as before
		expect(stateSince(c, glimpse([]))).toBe(Date.parse('2026-07-30T09:00:00Z'));
	});
});

describe('a row\'s state, glyph and word (readable without colour)', () => {
	const row = (over: Parameters<typeof conversation>[0]) => ({...conversation(over), server: 'local'});
	const context = (items = itemsByConversation([]), boots = new Map<string, number>()) => ({items, boots});

	it('each attention state has its own glyph and word; finished reads unseen only with its item', () => {
		const look = (over: Parameters<typeof conversation>[0], ctx = context()) => {
			const r = row(over);
			return lookText(rowLook(r, rowState(r, ctx, NOW)));
		};
		expect(look({execution_status: 'waiting_for_confirmation'})).toBe('? waiting');
		expect(look({execution_status: 'error'})).toBe('✗ error');
		expect(look({execution_status: 'stuck'})).toBe('! stuck');
		expect(look({execution_status: 'running'})).toBe('▶ running');
		// finished without an item: seen
		expect(look({execution_status: 'finished'})).toBe('· finished');
		const finished = row({execution_status: 'finished'});
		const items = itemsByConversation([{key: 'k', subject: 'conversation', id: finished.id, state: 'finished', reason: 'finished', title: 't', at: NOW, server: 'local'}]);
		expect(lookText(rowLook(finished, rowState(finished, context(items), NOW)))).toBe('✓ finished');
		expect(look({sandbox_status: 'PAUSED', execution_status: null})).toBe('‖ paused');
		expect(look({sandbox_status: 'MISSING', execution_status: null})).toBe('– missing');
		expect(look({sandbox_status: 'ERROR', execution_status: null})).toBe('✗ sandbox');
	});

	it('a sandbox this session started or resumed, ERROR while it boots: starting, until the server\'s 120 s', () => {
		const r = row({sandbox_status: 'ERROR', execution_status: null});
		const boots = new Map([[`local\u0000${r.sandbox_id}`, NOW - 30_000]]);
		expect(lookText(rowLook(r, rowState(r, context(undefined, boots), NOW)))).toBe('◌ starting');
		expect(lookText(rowLook(r, rowState(r, context(undefined, boots), NOW + 90_000)))).toBe('✗ sandbox');
	});
});
