/**
 * Key presses out of what Ink hands `useInput`. Ink's input parser (build/input-parser.js, 6.8 to
 * 8.0) splits escape sequences apart but passes a run of plain characters as one event, and
 * parse-keypress then names only a lone character: "jj" in one read (key repeat over SSH, a busy
 * app, `tmux send-keys`) arrived as the unknown key "jj" and was dropped (issue 9 item 12). Every
 * character of such a run is a key press of its own here, named as Ink names a lone one.
 *
 * Pastes stay pastes: a bracketed paste comes whole from Ink's usePaste (KeyRouter.tsx) as one
 * press named PASTE; a text field also gets a run of printable characters as one PASTE (see
 * takePress.ts), so a paste from a terminal without bracketed paste is not 2,000 presses.
 */
import type {Key} from 'ink';

/** The name of a press that carries text to insert rather than a key. */
export const PASTE = 'paste';

export type Press = {
	/** a key name (./keyNames.ts), or PASTE */
	name: string;
	input: string;
	key: Key;
	/** presses from one read share a number: a line break between two runs of text in one read is a paste */
	chunk: number;
	/** this Esc came with the next press in one read (ESC + key): an Alt chord to a layer that reads them (takePress.ts) */
	alt?: boolean;
};

export const NO_KEY: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

type Split = {input: string; key: Key; chunk: number; alt?: boolean};

/**
 * The presses in one event. `raw` is the event before parse-keypress (null if unknown). ESC then a
 * character in one read is Esc followed by that key (useInput would drop the Esc of `ESC /` without
 * a trace), with the Esc marked `alt`: a layer that reads Alt chords (the message box's Alt-Enter)
 * gets the two as one press instead (takePress.ts). ESC ESC is two presses of Esc.
 */
export function pressesOf(raw: string | null, input: string, key: Key, chunk: number): Split[] {
	if (raw !== null && raw.length >= 2 && raw.startsWith('\u001b') && !/^\u001b[[O]./.test(raw)) {
		const rest = raw.slice(1);
		const esc = {input: '', key: {...NO_KEY, escape: true}, chunk};
		if (rest === '\u001b') return [esc, ...splitRun(rest, chunk)];
		if ([...rest].length === 1) return [{...esc, alt: true}, ...splitRun(rest, chunk)];
	}
	return isRun(input, key) ? splitRun(input, chunk) : [{input, key, chunk}];
}

/** Whether Ink passed this event through as a run of several plain characters. */
export function isRun(input: string, key: Key): boolean {
	if (input.length < 2 || key.meta || key.ctrl) return false;
	// one astral character (an emoji) is two UTF-16 units but one key
	return [...input].length > 1;
}

/** One press per character of a run, each named and flagged as Ink would a lone character. */
export function splitRun(input: string, chunk: number): Array<{input: string; key: Key; chunk: number}> {
	return [...input].map(char => ({...pressOf(char), chunk}));
}

/** Mirrors ink/build/parse-keypress.js (Ink 8) for a single character: since Ink 7, DEL (what the
 * Backspace key sends) is `backspace` like BS, and a lone ESC is no longer `meta`. */
function pressOf(char: string): {input: string; key: Key} {
	switch (char) {
		case '\r':
			return {input: '\r', key: {...NO_KEY, return: true}};
		case '\t':
			return {input: '', key: {...NO_KEY, tab: true}};
		case '\b':
		case '\u007f':
			return {input: '', key: {...NO_KEY, backspace: true}};
		case '\u001b':
			return {input: '', key: {...NO_KEY, escape: true}};
		default:
			break;
	}
	if (char !== '\n' && char < '\u001b') {
		return {input: String.fromCharCode(char.charCodeAt(0) + 96), key: {...NO_KEY, ctrl: true}};
	}
	return {input: char, key: {...NO_KEY, shift: char >= 'A' && char <= 'Z'}};
}

/** A press that types a character into a text field. */
export function isPrintable(press: Press): boolean {
	const {key, input} = press;
	return input !== '' && !key.ctrl && !key.meta && !key.return && !key.tab && !/[\u0000-\u001f\u007f]/.test(input);
}
