import {describe, expect, it} from 'vitest';
import {refKey} from '../../source/fleet/types.js';
import {itemsByConversation, rowState} from '../../source/present/rowState.js';
import {lookText, rowLook} from '../../source/present/states.js';
import {conversationFilter, nextQuickFilter, sandboxFilter} from '../../source/ui/views/quickFilters.js';
import type {Column} from '../../source/ui/widgets/columns.js';
import {OWN_ORDER, SERVER_ORDER, sortByColumn, sortRows, sortedTitle, toggleOrder} from '../../source/ui/widgets/sortRows.js';
import {conversation, sandbox, NOW} from './fixtures.js';

type Row = {id: string; name: string; at: number | null};
const columns: Column<Row>[] = [
	{id: 'name', title: 'NAME', width: 5, drop: 0, text: r => r.name},
	{id: 'at', title: 'AT', width: 5, drop: 1, text: r => (r.at === null ? '—' : `${r.at}s ago`), sortKey: r => r.at},
];
const rows: Row[] = [
	{id: '1', name: 'beta', at: 30},
	{id: '2', name: 'alpha 10', at: null},
	{id: '3', name: 'alpha 9', at: 5},
	{id: '4', name: 'Beta', at: 30},
];

describe('sorting', () => {
	it("a column's key sorts by it (times newest first, text A to Z), again reverses; o goes between the list's own order and the server's", () => {
		let state = OWN_ORDER;
		state = sortByColumn(state, columns[0]!);
		expect(state).toEqual({column: 'name', descending: false});
		state = sortByColumn(state, columns[0]!);
		expect(state).toEqual({column: 'name', descending: true});
		state = sortByColumn(state, columns[1]!);
		expect(state).toEqual({column: 'at', descending: true});
		// o: back to the list's own order, then to the server's, then back
		expect(toggleOrder(state, OWN_ORDER)).toBe(OWN_ORDER);
		expect(toggleOrder(OWN_ORDER, OWN_ORDER)).toBe(SERVER_ORDER);
		expect(toggleOrder(SERVER_ORDER, OWN_ORDER)).toBe(OWN_ORDER);
		// a list without an order of its own: o is the server's order
		expect(toggleOrder(state, SERVER_ORDER)).toBe(SERVER_ORDER);
	});

	it('sorts what is loaded: natural text order, numbers by value, empty last, ties in server order', () => {
		const byName = sortRows(rows, columns, {column: 'name', descending: false}, NOW);
		expect(byName.map(r => r.id)).toEqual(['3', '2', '1', '4']);
		const byAt = sortRows(rows, columns, {column: 'at', descending: false}, NOW);
		expect(byAt.map(r => r.id)).toEqual(['3', '1', '4', '2']);
		const byAtDown = sortRows(rows, columns, {column: 'at', descending: true}, NOW);
		expect(byAtDown.map(r => r.id)).toEqual(['1', '4', '3', '2']);
		expect(sortRows(rows, columns, SERVER_ORDER, NOW)).toBe(rows);
		expect(sortedTitle('AT', 'at', {column: 'at', descending: true})).toBe('AT↓');
		expect(sortedTitle('AT', 'at', {column: 'at', descending: false})).toBe('AT↑');
		expect(sortedTitle('NAME', 'name', {column: 'at', descending: false})).toBe('NAME');
	});
});

describe('quick filters', () => {
	it('f cycles all, running, needs you, paused, error', () => {
		const seen = ['all'];
		let f = nextQuickFilter('all');
		while (f !== 'all') {
			seen.push(f);
			f = nextQuickFilter(f);
		}
		expect(seen).toEqual(['all', 'running', 'needs you', 'paused', 'error']);
	});

	it('conversations by what their STATE cell says; sandboxes by status; needs you from the attention list', () => {
		const running = conversation({id: 'a'.repeat(32), sandbox_status: 'RUNNING', execution_status: 'running'});
		const waiting = conversation({id: 'b'.repeat(32), sandbox_status: 'RUNNING', execution_status: 'waiting_for_confirmation'});
		const finished = conversation({id: 'c'.repeat(32), sandbox_status: 'RUNNING', execution_status: 'finished'});
		const paused = conversation({id: 'd'.repeat(32), sandbox_status: 'PAUSED', execution_status: null});
		// an idle agent in a running sandbox reads `· idle`: not running (the filter once kept it, by its sandbox)
		const idle = conversation({id: 'e'.repeat(32), sandbox_status: 'RUNNING', execution_status: 'idle'});
		const failedSandbox = conversation({id: 'f'.repeat(32), sandbox_id: 'sb-failed', sandbox_status: 'ERROR', execution_status: null});
		const missing = conversation({id: 'g'.repeat(32), sandbox_id: 'sb-gone', sandbox_status: 'MISSING', execution_status: null});
		const stuck = conversation({id: 'h'.repeat(32), sandbox_status: 'RUNNING', execution_status: 'stuck'});
		// docker's ERROR while a sandbox this session resumed boots reads `◌ starting`
		const booting = conversation({id: 'i'.repeat(32), sandbox_id: 'sb-boot', sandbox_status: 'ERROR', execution_status: null});
		const all = [running, waiting, finished, paused, idle, failedSandbox, missing, stuck, booting].map(c => ({...c, server: 'local'}));
		// the store holds an item for each that needs you (store/needsYouItems.ts)
		const attention = [waiting, finished, stuck].map(c => ({key: `k${c.id}`, subject: 'conversation' as const, id: c.id, state: c.execution_status!, title: 't', at: NOW, server: 'local', reason: c.execution_status === 'waiting_for_confirmation' ? ('waiting' as const) : (c.execution_status as 'finished' | 'stuck')}));
		const context = {items: itemsByConversation(attention), boots: new Map([[refKey({server: 'local', id: 'sb-boot'}), NOW - 10_000]])};
		const stateOf = (c: (typeof all)[number]) => rowState(c, context, NOW);
		const cells = Object.fromEntries(all.map(c => [c.id[0], lookText(rowLook(c, stateOf(c)))]));
		expect(cells).toEqual({a: '▶ running', b: '? waiting', c: '✓ finished', d: '‖ paused', e: '· idle', f: '✗ sandbox', g: '– missing', h: '! stuck', i: '◌ starting'});
		const keep = (f: Parameters<typeof conversationFilter>[0]) => all.filter(conversationFilter(f, stateOf) ?? (() => true)).map(c => c.id[0]);
		expect(keep('all')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
		expect(keep('running')).toEqual(['a']);
		expect(keep('needs you')).toEqual(['b', 'c', 'h']);
		// the stuck one acknowledged with d in ! (issue 26 item 2): its cell still says stuck, it needs you no more
		const acknowledged = (c: (typeof all)[number]) => c.id === stuck.id;
		expect(all.filter(conversationFilter('needs you', stateOf, acknowledged)!).map(c => c.id[0])).toEqual(['b', 'c']);
		expect(keep('paused')).toEqual(['d']);
		expect(keep('error')).toEqual(['f']);
		// an agent server's rows (no sandbox): running is the agent's state, as its cell says
		const own = (id: string, execution: string) => ({...conversation({id: id.repeat(32), sandbox_id: '', sandbox_status: 'RUNNING', execution_status: execution}), server: 'agent'});
		const agentRows = [own('e', 'running'), own('f', 'idle'), own('g', 'error')];
		const agentState = (c: (typeof agentRows)[number]) => rowState(c, {items: new Map(), boots: new Map()}, NOW);
		expect(agentRows.filter(conversationFilter('running', agentState)!).map(c => c.id[0])).toEqual(['e']);
		expect(agentRows.filter(conversationFilter('error', agentState)!).map(c => c.id[0])).toEqual(['g']);

		const sandboxes = [sandbox({id: 's1', status: 'RUNNING'}), sandbox({id: 's2', status: 'ERROR'}), sandbox({id: 's3', status: 'PAUSED'})].map(s => ({...s, server: 'local'}));
		const sandboxAttention = [{key: 'k', subject: 'sandbox' as const, id: 's2', state: 'ERROR', title: 't', at: NOW, server: 'local'}];
		// an item of another server with the same id says nothing about this one
		expect(sandboxes.filter(sandboxFilter('needs you', [{...sandboxAttention[0]!, server: 'other'}])!)).toEqual([]);
		const keepSandbox = (f: Parameters<typeof sandboxFilter>[0]) => sandboxes.filter(sandboxFilter(f, sandboxAttention) ?? (() => true)).map(s => s.id);
		expect(keepSandbox('running')).toEqual(['s1']);
		expect(keepSandbox('needs you')).toEqual(['s2']);
		expect(keepSandbox('paused')).toEqual(['s3']);
		expect(keepSandbox('error')).toEqual(['s2']);
	});
});
