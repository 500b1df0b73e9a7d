/**
 * Editing one line of text with the presses KeyRouter hands a text layer: the headless half of
 * TextField. Replaces ink-text-input, which read stdin with its own useInput (so a read of several
 * keys reached it as one insert while the form saw them as keys) and drew its cursor and
 * placeholder with its own chalk, invisible under NO_COLOR (issue 9 items 12 and 16).
 */
import {cleanInput} from '../../text/sanitize.js';
import {PASTE} from '../keys/splitKeys.js';

export type TextState = {value: string; cursor: number};

/** The new state, or null when the press is not an edit (the caller may use it as a key). */
export function editText(state: TextState, name: string, input: string): TextState | null {
	const {value} = state;
	const cursor = Math.min(Math.max(0, state.cursor), value.length);
	switch (name) {
		case 'left':
			return {value, cursor: stepBack(value, cursor)};
		case 'right':
			return {value, cursor: stepForward(value, cursor)};
		case 'home':
		case 'ctrl-a':
			return {value, cursor: 0};
		case 'end':
		case 'ctrl-e':
			return {value, cursor: value.length};
		// \x7f (what the Backspace key sends) reaches Ink as "delete": both delete backwards, as
		// ink-text-input did
		case 'backspace':
		case 'delete': {
			const from = stepBack(value, cursor);
			return {value: value.slice(0, from) + value.slice(cursor), cursor: from};
		}
		case 'ctrl-d':
			return {value: value.slice(0, cursor) + value.slice(stepForward(value, cursor)), cursor};
		case 'ctrl-u':
			return {value: value.slice(cursor), cursor: 0};
		case 'ctrl-k':
			return {value: value.slice(0, cursor), cursor};
		case 'ctrl-w': {
			const from = value.slice(0, cursor).replace(/\S+\s*$|\s+$/, '').length;
			return {value: value.slice(0, from) + value.slice(cursor), cursor: from};
		}
		default:
			break;
	}
	// One line: pasted line breaks are spaces, and the last one of a copied line goes.
	const text = name === PASTE ? input.replace(/[\r\n]+$/, '').replace(/\r\n?|\n/g, ' ') : typedCharacter(name, input);
	if (text === null) return null;
	const inserted = cleanInput(text);
	return {value: value.slice(0, cursor) + inserted + value.slice(cursor), cursor: cursor + inserted.length};
}

/** A typed character (its key name is the character itself), or null for any other key. */
export function typedCharacter(name: string, input: string): string | null {
	if (name !== input || input === '' || /[\u0000-\u001f\u007f]/.test(input)) return null;
	return input;
}

function stepBack(value: string, cursor: number): number {
	if (cursor <= 0) return 0;
	const low = value.charCodeAt(cursor - 1);
	return low >= 0xdc00 && low <= 0xdfff && cursor >= 2 ? cursor - 2 : cursor - 1;
}

function stepForward(value: string, cursor: number): number {
	if (cursor >= value.length) return value.length;
	const high = value.charCodeAt(cursor);
	return high >= 0xd800 && high <= 0xdbff && cursor + 2 <= value.length ? cursor + 2 : cursor + 1;
}
