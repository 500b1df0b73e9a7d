// The headless text field and the key splitting under it (issue 9 items 12 and 16).
import {describe, expect, it} from 'vitest';
import {NO_KEY, PASTE, pressesOf} from '../../source/ui/keys/splitKeys.js';
import {editText} from '../../source/ui/widgets/textEdit.js';

describe('editText', () => {
	const at = (value: string, cursor = value.length) => ({value, cursor});

	it('inserts typed characters and pastes at the cursor; a pasted line break is a space', () => {
		expect(editText(at('fix', 1), 'X', 'X')).toEqual({value: 'fXix', cursor: 2});
		expect(editText(at('ab'), PASTE, 'c\r\nd\ne')).toEqual({value: 'abc d e', cursor: 7});
		// a copied line brings its newline: it goes
		expect(editText(at(''), PASTE, 'one\rtwo\r\n')).toEqual({value: 'one two', cursor: 7});
		// escape sequences in a paste never reach the value
		expect(editText(at(''), PASTE, 'a\u001B[31mb')).toEqual({value: 'ab', cursor: 2});
	});

	it('moves and deletes like a shell line: arrows, Home/End, Ctrl-a/e/u/k/w/d, Backspace, Delete', () => {
		expect(editText(at('abc'), 'left', '')).toEqual({value: 'abc', cursor: 2});
		expect(editText(at('abc', 0), 'end', '')).toEqual({value: 'abc', cursor: 3});
		expect(editText(at('abc'), 'ctrl-a', 'a')).toEqual({value: 'abc', cursor: 0});
		expect(editText(at('abc', 1), 'backspace', '')).toEqual({value: 'bc', cursor: 0});
		// the Delete key (ESC[3~) deletes forwards: since Ink 7 it is told apart from Backspace (DEL)
		expect(editText(at('abc', 1), 'delete', '')).toEqual({value: 'ac', cursor: 1});
		expect(editText(at('abc', 1), 'ctrl-d', 'd')).toEqual({value: 'ac', cursor: 1});
		expect(editText(at('fix the bug', 7), 'ctrl-u', 'u')).toEqual({value: ' bug', cursor: 0});
		expect(editText(at('fix the bug', 3), 'ctrl-k', 'k')).toEqual({value: 'fix', cursor: 3});
		expect(editText(at('fix the bug'), 'ctrl-w', 'w')).toEqual({value: 'fix the ', cursor: 8});
		// an emoji is one step
		expect(editText(at('a🚀'), 'backspace', '')).toEqual({value: 'a', cursor: 1});
		expect(editText(at('a🚀', 3), 'left', '')).toEqual({value: 'a🚀', cursor: 1});
	});

	it('leaves keys that are not edits to the caller', () => {
		for (const name of ['enter', 'tab', 'esc', 'up', 'ctrl-r']) expect(editText(at('x'), name, '')).toBeNull();
	});
});

describe('pressesOf', () => {
	it('splits a run into one press per character, named as Ink names a lone one', () => {
		const presses = pressesOf('jJ\r\u0012\u007f\t', 'jJ\r\u0012\u007f\t', NO_KEY, 1);
		// DEL (the Backspace key) is `backspace`, as Ink 7 and later name it
		expect(presses.map(p => [p.input, p.key.return, p.key.ctrl, p.key.backspace, p.key.tab, p.key.shift])).toEqual([
			['j', false, false, false, false, false],
			['J', false, false, false, false, true],
			['\r', true, false, false, false, false],
			['r', false, true, false, false, false],
			['', false, false, true, false, false],
			['', false, false, false, true, false],
		]);
	});

	it('ESC then a character in one read is Esc and that key; an escape sequence stays one key', () => {
		const [esc, three] = pressesOf('\u001B3', '3', {...NO_KEY, meta: true}, 1);
		expect(esc?.key.escape).toBe(true);
		expect(three?.input).toBe('3');
		expect(pressesOf('\u001B[A', '', {...NO_KEY, upArrow: true}, 1)).toHaveLength(1);
		expect(pressesOf('🚀', '🚀', NO_KEY, 1)).toHaveLength(1);
	});
});
