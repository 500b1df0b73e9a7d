import {describe, expect, it} from 'vitest';
import {osc52, tmuxPassthrough} from '../../source/terminal/clipboard.js';
import {count, maskSecret, maskUrl, relativeTime, shortId} from '../../source/present/format.js';
import {KEYMAP} from '../../source/keymap/keymap.js';
import {commandFor} from '../../source/ui/keys/activeKeymap.js';
import {hintsFor} from '../../source/ui/keys/footerHints.js';
import {keyName} from '../../source/ui/keys/keyNames.js';
import {healthOf} from '../../source/ui/useHealth.js';
import {layoutColumns, type Column} from '../../source/ui/widgets/columns.js';
import {resolveTable, stepTable, type TableView} from '../../source/ui/widgets/useTableState.js';
import {NOW, SESSION_KEY, resource} from './fixtures.js';

describe('format', () => {
	it('relative times', () => {
		expect(relativeTime(NOW - 2000, NOW)).toBe('just now');
		expect(relativeTime(NOW - 12_000, NOW)).toBe('12s ago');
		expect(relativeTime(NOW - 3 * 60_000, NOW)).toBe('3m ago');
		expect(relativeTime(NOW - 5 * 3_600_000, NOW)).toBe('5h ago');
		expect(relativeTime(NOW - 2 * 86_400_000, NOW)).toBe('2d ago');
		expect(relativeTime(NOW + 60_000, NOW)).toBe('just now');
		expect(relativeTime(null, NOW)).toBe('—');
	});

	it('masks secrets and url credentials', () => {
		expect(maskSecret(SESSION_KEY)).not.toContain(SESSION_KEY.slice(0, 4));
		expect(maskSecret(null)).toBe('not set');
		const url = maskUrl(`http://localhost:41877/?tkn=${SESSION_KEY}&folder=/workspace/project`);
		expect(url).not.toContain(SESSION_KEY);
		expect(url).toContain('folder=/workspace/project');
		expect(maskUrl('https://user:hunter2@example.com/x?api_key=abc')).toBe("https://user:••••@example.com/x?api_key=••••");
	});

	it('shortens ids in the middle', () => {
		expect(shortId('ca3b40cdc88c4d06b14b1cff914b81cb', 10)).toBe('ca3b4…81cb');
	});
});

describe('clipboard', () => {
	it('builds OSC 52 with base64', () => {
		expect(osc52('abc')).toBe(`\x1b]52;c;${Buffer.from('abc').toString('base64')}\x07`);
	});

	it('wraps for tmux as DCS passthrough with ESC doubled', () => {
		const seq = tmuxPassthrough(osc52('abc'));
		expect(seq).toBe(`\x1bPtmux;\x1b\x1b]52;c;YWJj\x07\x1b\\`);
	});
});

describe('keymap', () => {
	const key = (over: Record<string, boolean> = {}) =>
		({upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...over});

	it('names keys', () => {
		expect(keyName('j', key())).toBe('j');
		expect(keyName('', key({downArrow: true}))).toBe('down');
		expect(keyName('', key({tab: true, shift: true}))).toBe('shift-tab');
		expect(keyName('r', key({ctrl: true}))).toBe('ctrl-r');
		expect(keyName('', key({return: true}))).toBe('enter');
	});

	it('resolves commands per scope', () => {
		expect(commandFor('global', '2')).toBe('tab.conversations');
		expect(commandFor('list', 'G')).toBe('move.last');
		expect(commandFor('sandboxes', 'p')).toBe('sandbox.pause');
		expect(commandFor('confirm', 'enter')).toBe('confirm');
		expect(commandFor('list', 'p')).toBeUndefined();
	});

	it('has no key bound twice in one scope', () => {
		const seen = new Set<string>();
		for (const b of KEYMAP) {
			for (const k of b.keys) {
				const id = `${b.scope}:${k}`;
				expect(seen.has(id), id).toBe(false);
				seen.add(id);
			}
		}
	});

	it('builds footer hints from the table', () => {
		expect(hintsFor(['sandboxes', 'global'])).toBe('n start  p pause  r resume  c conversations  Ctrl-r refresh  ? help  q quit');
	});
});

describe('table state', () => {
	const view = (keys: string[], height: number): TableView => ({
		count: keys.length,
		height,
		keyAt: i => keys[i] ?? null,
		indexOf: k => keys.indexOf(k),
	});
	const keys = Array.from({length: 50}, (_, i) => `k${i}`);

	it('moves, pages and clamps, keeping the selection on screen', () => {
		let s = {index: 0, offset: 0, key: null as string | null};
		s = stepTable(s, {type: 'move', delta: 1}, view(keys, 10));
		expect(s).toMatchObject({index: 1, offset: 0, key: 'k1'});
		s = stepTable(s, {type: 'move', delta: -5}, view(keys, 10));
		expect(s.index).toBe(0);
		s = stepTable(s, {type: 'page', delta: 1}, view(keys, 10));
		expect(s).toMatchObject({index: 10, offset: 10});
		s = stepTable(s, {type: 'last'}, view(keys, 10));
		expect(s).toMatchObject({index: 49, offset: 40});
		s = stepTable(s, {type: 'first'}, view(keys, 10));
		expect(s).toMatchObject({index: 0, offset: 0});
	});

	it('follows the selected row when rows are inserted above it', () => {
		const s = {index: 3, offset: 0, key: 'k3'};
		expect(resolveTable(s, view(['new', ...keys], 10)).index).toBe(4);
		// the row is gone: keep the position
		expect(resolveTable(s, view(keys.filter(k => k !== 'k3'), 10)).index).toBe(3);
		expect(resolveTable(s, view([], 10))).toEqual({index: 0, offset: 0});
	});
});

describe('columns', () => {
	const col = (id: string, width: number, drop: number, flex = false): Column<unknown> => ({id, title: id, width, drop, flex, text: () => id});

	it('drops columns in their set order when narrow and gives the flex column the rest', () => {
		const cols = [col('title', 10, 0, true), col('a', 20, 1), col('b', 20, 3), col('c', 20, 2)];
		expect(layoutColumns(cols, 200).map(l => l.column.id)).toEqual(['title', 'a', 'b', 'c']);
		expect(layoutColumns(cols, 60).map(l => l.column.id)).toEqual(['title', 'a', 'c']);
		expect(layoutColumns(cols, 50).map(l => l.column.id)).toEqual(['title', 'a']);
		const laid = layoutColumns(cols, 50);
		expect(laid.reduce((s, l) => s + l.width, 0) + 2 + (laid.length - 1)).toBe(50);
		expect(laid[0]!.width).toBe(50 - 2 - 1 - 20);
	});

	it('a growing column stops at its max and leaves the rest to the others; past every max, to the spill column', () => {
		const cols: Column<unknown>[] = [
			{id: 'title', title: 'T', width: 10, grow: 2, max: 40, drop: 0, text: () => ''},
			{id: 'doing', title: 'D', width: 10, grow: 1, max: 30, drop: 0, text: () => ''},
			{id: 'repo', title: 'R', width: 10, spill: true, drop: 0, text: () => ''},
		];
		const widths = (total: number) => layoutColumns(cols, total).map(l => l.width);
		// 2 marker + 30 + 2 gaps = 34: 30 spare, 2:1
		expect(widths(64)).toEqual([30, 20, 10]);
		// the title stops at 40, the doing column takes the rest up to 30, then the repository
		expect(widths(84)).toEqual([40, 30, 10]);
		expect(widths(94)).toEqual([40, 30, 20]);
	});
});

describe('health', () => {
	it('is ok while fetches succeed, however old the data (the store keeps fetchedAt while nothing changes)', () => {
		expect(healthOf(resource([1], {fetchedAt: NOW - 600_000}), NOW).text).toBe('ok');
		expect(healthOf(resource(undefined), NOW).text).toBe('loading…');
	});

	it('is offline with the retry countdown and the data age after a network failure', () => {
		const offline = healthOf(
			resource([1], {fetchedAt: NOW - 12_000, error: {kind: 'unreachable', message: 'x', at: NOW - 1000}, retryAt: NOW + 4000}),
			NOW,
		);
		expect(offline).toEqual({level: 'offline', text: 'offline, retrying in 4s · stale for 12s'});
	});

	it('is stale when the server answers with an error', () => {
		const stale = healthOf(resource([1], {fetchedAt: NOW - 30_000, error: {kind: 'rate_limited', message: 'x', at: NOW}, retryAt: NOW + 2000}), NOW);
		expect(stale).toEqual({level: 'stale', text: 'stale for 30s · rate limited, retrying in 2s'});
	});
});

describe('count', () => {
	it('groups digits as en-US does, without Intl (its number data costs resident memory)', () => {
		const cases: Array<[number, string]> = [[0, '0'], [999, '999'], [1000, '1,000'], [-1000, '-1,000'], [1_234_567, '1,234,567'], [12.5, '12.5'], [1234.56789, '1,234.568'], [-0.0001, '0'], [Number.NaN, 'NaN']];
		for (const [n, text] of cases) expect(count(n)).toBe(text);
	});
});
