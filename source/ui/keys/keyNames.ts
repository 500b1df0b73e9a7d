/** Key names: what the keymap's `keys` hold, from an Ink key press, and how help and footer write them. */
import type {Key} from 'ink';
import type {Binding} from '../../keymap/keymap.js';

/** One name per key press: a printable character as typed, or a named key. */
export function keyName(input: string, key: Key): string {
	if (key.upArrow) return 'up';
	if (key.downArrow) return 'down';
	if (key.leftArrow) return 'left';
	if (key.rightArrow) return 'right';
	if (key.pageUp) return 'pageup';
	if (key.pageDown) return 'pagedown';
	if (key.home) return 'home';
	if (key.end) return 'end';
	// Alt-Enter arrives as ESC CR; Ctrl-j as a lone LF, which Ink reports as neither return nor ctrl.
	if (key.return) return key.meta ? 'alt-enter' : 'enter';
	if (input === '\n') return 'ctrl-j';
	if (key.escape) return 'esc';
	if (key.tab) return key.shift ? 'shift-tab' : 'tab';
	if (key.backspace) return 'backspace';
	if (key.delete) return 'delete';
	if (key.ctrl && input.length === 1) return `ctrl-${input.toLowerCase()}`;
	return input;
}

const LABELS: Record<string, string> = {
	' ': 'Space',
	up: '↑',
	down: '↓',
	left: '←',
	right: '→',
	pageup: 'PgUp',
	pagedown: 'PgDn',
	home: 'Home',
	end: 'End',
	enter: 'Enter',
	esc: 'Esc',
	tab: 'Tab',
	'shift-tab': 'Shift-Tab',
	'ctrl-r': 'Ctrl-r',
	'ctrl-c': 'Ctrl-c',
	'ctrl-j': 'Ctrl-j',
	'alt-enter': 'Alt-Enter',
};

/** How a key is written in the help and the footer (a remapped `ctrl-n` too). */
export function keyText(key: string): string {
	return LABELS[key] ?? (key.startsWith('ctrl-') ? `Ctrl-${key.slice(5)}` : key);
}

export function keyLabel(binding: Binding): string {
	return binding.keys.map(keyText).join('/');
}
