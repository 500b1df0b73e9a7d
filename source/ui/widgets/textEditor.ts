/**
 * Headless state of a small multi-line text box: the text and a cursor (an index into it), edits,
 * cursor moves, and the layout of the text into rows of a given width with the cursor's row and
 * column. Pure functions, tested directly; the component only maps keys and draws.
 */
import {cleanInput, displayWidth} from '../../text/sanitize.js';

export type EditorState = {text: string; cursor: number};

export type EditorAction =
	| {type: 'insert'; text: string}
	| {type: 'replace'; text: string}
	| {type: 'backspace'}
	| {type: 'delete'}
	| {type: 'left'}
	| {type: 'right'}
	| {type: 'up'}
	| {type: 'down'}
	| {type: 'home'}
	| {type: 'end'}
	| {type: 'killLine'};

export function initialEditor(text: string): EditorState {
	return {text, cursor: text.length};
}

/**
 * What typing or pasting puts into the text: line breaks become `\n` (terminals send CR for the
 * pasted lines), escape sequences and other control characters go, tabs stay.
 */
export function normalizeInput(input: string): string {
	return input
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map(line => cleanInput(line))
		.join('\n');
}

// made at the first edit, not when the TUI loads: a segmenter maps ICU's break rules (~1 MB resident)
let made: Intl.Segmenter | undefined;
const segmenter = {segment: (text: string) => (made ??= new Intl.Segmenter()).segment(text)};

/** Index of the grapheme boundary before / after `at` (a CJK character or emoji moves as one). */
function previousBoundary(text: string, at: number): number {
	if (at <= 0) return 0;
	let last = 0;
	for (const {index} of segmenter.segment(text.slice(Math.max(0, at - 32), at))) last = index;
	return Math.max(0, at - 32) + last;
}

function nextBoundary(text: string, at: number): number {
	if (at >= text.length) return text.length;
	const first = segmenter.segment(text.slice(at, at + 32))[Symbol.iterator]().next();
	return at + (first.done ? 1 : first.value.segment.length);
}

function lineStart(text: string, at: number): number {
	return text.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
	const end = text.indexOf('\n', at);
	return end < 0 ? text.length : end;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
	const {text, cursor} = state;
	switch (action.type) {
		case 'insert': {
			const piece = normalizeInput(action.text);
			if (!piece) return state;
			return {text: text.slice(0, cursor) + piece + text.slice(cursor), cursor: cursor + piece.length};
		}
		case 'replace': {
			const all = normalizeInput(action.text);
			return {text: all, cursor: all.length};
		}
		case 'backspace': {
			if (cursor === 0) return state;
			const from = previousBoundary(text, cursor);
			return {text: text.slice(0, from) + text.slice(cursor), cursor: from};
		}
		case 'delete': {
			if (cursor === text.length) return state;
			return {text: text.slice(0, cursor) + text.slice(nextBoundary(text, cursor)), cursor};
		}
		case 'left':
			return {text, cursor: previousBoundary(text, cursor)};
		case 'right':
			return {text, cursor: nextBoundary(text, cursor)};
		case 'home':
			return {text, cursor: lineStart(text, cursor)};
		case 'end':
			return {text, cursor: lineEnd(text, cursor)};
		case 'up':
		case 'down': {
			const start = lineStart(text, cursor);
			const column = cursor - start;
			if (action.type === 'up') {
				if (start === 0) return {text, cursor: 0};
				const prevStart = lineStart(text, start - 1);
				return {text, cursor: Math.min(prevStart + column, start - 1)};
			}
			const end = lineEnd(text, cursor);
			if (end === text.length) return {text, cursor: text.length};
			return {text, cursor: Math.min(end + 1 + column, lineEnd(text, end + 1))};
		}
		case 'killLine': {
			const start = lineStart(text, cursor);
			return {text: text.slice(0, start) + text.slice(cursor), cursor: start};
		}
	}
}

export type EditorLayout = {rows: string[]; cursorRow: number; cursorColumn: number};

/**
 * The text cut into rows of at most `width` columns (hard wrap, wide characters kept whole, tabs
 * shown as one space), with where the cursor is drawn.
 */
export function layoutEditor(state: EditorState, width: number): EditorLayout {
	const w = Math.max(2, width);
	const rows: string[] = [];
	let cursorRow = 0;
	let cursorColumn = 0;
	let offset = 0;
	for (const line of state.text.split('\n')) {
		let row = '';
		let used = 0;
		const place = (at: number) => {
			if (state.cursor === at) {
				cursorRow = rows.length;
				cursorColumn = used;
			}
		};
		let at = offset;
		for (const {segment} of segmenter.segment(line)) {
			const shown = segment === '\t' ? ' ' : segment;
			const sw = displayWidth(shown);
			// leave the last column for the cursor drawn after the row's text
			if (used + sw > w - 1 && row) {
				rows.push(row);
				row = '';
				used = 0;
			}
			place(at);
			row += shown;
			used += sw;
			at += segment.length;
		}
		place(at);
		rows.push(row);
		offset += line.length + 1;
	}
	return {rows, cursorRow, cursorColumn};
}
