import {describe, expect, it} from 'vitest';
import type {Key} from 'ink';
import {INITIAL_SCROLL, followScroll, pauseScroll, resolveScroll, stepScroll, type ScrollState} from '../../../source/ui/activity/eventScroll.js';
import {keyName} from '../../../source/ui/keys/keyNames.js';
import {displayWidth} from '../../../source/text/sanitize.js';
import {editorReducer, initialEditor, layoutEditor, normalizeInput, type EditorAction, type EditorState} from '../../../source/ui/widgets/textEditor.js';
import type {TableView} from '../../../source/ui/widgets/useTableState.js';

const view = (keys: readonly string[], height = 5): TableView => ({count: keys.length, height, keyAt: i => keys[i] ?? null, indexOf: k => keys.indexOf(k)});
const ids = (from: number, to: number) => Array.from({length: to - from}, (_, i) => `e${from + i}`);

describe('event scroll (tail -f)', () => {
	it('follows the newest row; new rows keep it at the end', () => {
		expect(resolveScroll(INITIAL_SCROLL, view(ids(0, 20)))).toEqual({index: 19, offset: 15});
		expect(resolveScroll(INITIAL_SCROLL, view(ids(0, 25)))).toEqual({index: 24, offset: 20});
		expect(resolveScroll(INITIAL_SCROLL, view([]))).toEqual({index: 0, offset: 0});
	});
	it('moving up stops following; moving down at the end keeps it', () => {
		const v = view(ids(0, 20));
		expect(stepScroll(INITIAL_SCROLL, {type: 'move', delta: 1}, v).follow).toBe(true);
		const up = stepScroll(INITIAL_SCROLL, {type: 'move', delta: -1}, v);
		expect(up).toEqual({index: 18, offset: 15, key: 'e18', follow: false});
		expect(stepScroll(INITIAL_SCROLL, {type: 'page', delta: -1}, v).follow).toBe(false);
		expect(stepScroll(INITIAL_SCROLL, {type: 'first'}, v)).toMatchObject({index: 0, follow: false});
		// new rows while paused: the selection stays on its event
		expect(resolveScroll(up, view(ids(0, 30)))).toEqual({index: 18, offset: 15});
		expect(followScroll(up).follow).toBe(true);
		expect(pauseScroll(INITIAL_SCROLL, v)).toEqual({index: 19, offset: 15, key: 'e19', follow: false});
	});
	it('older rows prepended: the selected event and its place on screen stay', () => {
		const paused: ScrollState = {index: 2, offset: 0, key: 'e102', follow: false};
		expect(resolveScroll(paused, view(ids(100, 120)))).toEqual({index: 2, offset: 0});
		// 100 older events arrive above
		expect(resolveScroll(paused, view(ids(0, 120)))).toEqual({index: 102, offset: 100});
	});
	it('no rows yet: keys change nothing (following stays on)', () => {
		expect(stepScroll(INITIAL_SCROLL, {type: 'move', delta: -1}, view([]))).toBe(INITIAL_SCROLL);
	});
});

const key = (overrides: Partial<Key> = {}) => ({upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...overrides}) as Key;

describe('key names for the message box', () => {
	it('Enter, Alt-Enter (ESC CR) and Ctrl-j (LF) are told apart', () => {
		expect(keyName('\r', key({return: true}))).toBe('enter');
		expect(keyName('\r', key({return: true, meta: true}))).toBe('alt-enter');
		expect(keyName('\n', key())).toBe('ctrl-j');
		expect(keyName('P', key({shift: true}))).toBe('P');
	});
});

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('text editor state', () => {
	it('inserts at the cursor, pasted line breaks become \\n, control characters go', () => {
		expect(normalizeInput('a\r\nb\rc\x1b[2J\x07d')).toBe('a\nb\ncd');
		expect(normalizeInput('tab\there')).toBe('tab\there');
		const s = run(initialEditor('ac'), {type: 'left'}, {type: 'insert', text: 'b'});
		expect(s).toEqual({text: 'abc', cursor: 2});
	});
	it('moves by graphemes and lines; Backspace deletes a whole wide character or emoji', () => {
		const s = initialEditor('開🚀');
		expect(run(s, {type: 'backspace'})).toEqual({text: '開', cursor: 1});
		expect(run(s, {type: 'left'}, {type: 'left'})).toEqual({text: '開🚀', cursor: 0});
		const lines = initialEditor('first line\nab\nlast one');
		expect(run(lines, {type: 'up'}).cursor).toBe('first line\nab'.length);
		expect(run(lines, {type: 'up'}, {type: 'up'}).cursor).toBe(2);
		expect(run(lines, {type: 'home'}).cursor).toBe('first line\nab\n'.length);
		expect(run(lines, {type: 'up'}, {type: 'up'}, {type: 'down'}).cursor).toBe('first line\nab'.length);
		expect(run(lines, {type: 'killLine'}).text).toBe('first line\nab\n');
		expect(run(initialEditor(''), {type: 'backspace'}, {type: 'left'}, {type: 'up'})).toEqual({text: '', cursor: 0});
	});
	it('lays text out in rows of the width, wide characters whole, with the cursor placed', () => {
		const layout = layoutEditor({text: 'abcdefgh\n開開開開', cursor: 9}, 5);
		expect(layout.rows).toEqual(['abcd', 'efgh', '開開', '開開']);
		for (const row of layout.rows) expect(displayWidth(row)).toBeLessThanOrEqual(4);
		expect([layout.cursorRow, layout.cursorColumn]).toEqual([2, 0]);
		const end = layoutEditor({text: 'ab\n', cursor: 3}, 10);
		expect([end.rows, end.cursorRow, end.cursorColumn]).toEqual([['ab', ''], 1, 0]);
	});
});
