/**
 * The one vocabulary of a conversation's state (issue 26 item 6): the glyphs and words the app's
 * STATE column, its preview, `ohtui ls`, `show`, `wait`, `status`, `--status` and completion all
 * say. The store decides the state (store/attention/needsYou.ts); this file names it, and nothing
 * else does.
 *
 * Each state has its own glyph and word, so they read apart without colour (NO_COLOR, TERM=dumb):
 * the colour only repeats them. The word may say more for one row: a finish you have seen is
 * `· finished` (idle: it waits for a message), a conversation whose sandbox is missing `– missing`,
 * one whose sandbox failed `✗ sandbox` (both gone; the failure keeps error's glyph and colour, for
 * the eye and the `f` filter). `--json` and a pipe give the state's name, which never changes;
 * `--status` takes the states' names and every word shown.
 */
import type {AppConversation} from '../api/schemas/index.js';
import {ATTENTION_ORDER, type AttentionState} from '../store/attention/needsYou.js';
import type {Tone} from './tone.js';

/** A row's state: the store's, or `starting` while a sandbox this session started still boots (app only). */
export type RowState = AttentionState | 'starting';

export type RowLook = {state: RowState; glyph: string; word: string; tone: Tone; bold: boolean};

const LOOKS: Record<RowState, Omit<RowLook, 'state'>> = {
	waiting: {glyph: '?', word: 'waiting', tone: 'warn', bold: true},
	error: {glyph: '✗', word: 'error', tone: 'error', bold: true},
	stuck: {glyph: '!', word: 'stuck', tone: 'stuck', bold: true},
	finished: {glyph: '✓', word: 'finished', tone: 'ok', bold: true},
	running: {glyph: '▶', word: 'running', tone: 'info', bold: false},
	idle: {glyph: '·', word: 'idle', tone: 'muted', bold: false},
	paused: {glyph: '‖', word: 'paused', tone: 'muted', bold: false},
	gone: {glyph: '–', word: 'gone', tone: 'muted', bold: false},
	starting: {glyph: '◌', word: 'starting', tone: 'warn', bold: false},
};

/** The words only some rows of a state show (rowLook): a gone conversation's missing or failed sandbox. */
const ROW_WORDS = ['missing', 'sandbox'] as const;

/**
 * What needs you, where a mark stands for it (`ohtui status`'s `⚑2`): not a state's glyph, so it
 * never reads as one (`!` is stuck; the `!` key opens the list of what needs you).
 */
export const NEEDS_YOU_MARK = '⚑';
/** Running, in `ohtui status`'s line: the state's own glyph. */
export const RUNNING_MARK = LOOKS.running.glyph;

/** A state's own glyph (`?` waiting), where a mark without colour stands for it. */
export function stateGlyph(state: RowState): string {
	return LOOKS[state].glyph;
}

/** The glyph and word of a row in its state (`conversation` says which word a state's row shows). */
export function rowLook(conversation: Pick<AppConversation, 'execution_status' | 'sandbox_status'>, state: RowState): RowLook {
	const look = {state, ...LOOKS[state]};
	if (state === 'idle' && conversation.execution_status === 'finished') return {...look, word: 'finished'};
	if (state === 'gone' && conversation.sandbox_status === 'MISSING') return {...look, word: 'missing'};
	if (state === 'gone' && conversation.sandbox_status === 'ERROR') return {...look, glyph: '✗', word: 'sandbox', tone: 'error'};
	return look;
}

/** `? waiting`: the STATE cell, in the app and in `ohtui ls`. */
export function lookText(look: Pick<RowLook, 'glyph' | 'word'>): string {
	return `${look.glyph} ${look.word}`;
}

/** A state in a sentence (`“Fix the tests” waits for your confirmation`): notifications, messages, `wait`. */
export const STATE_SENTENCES: Readonly<Record<RowState, string>> = {
	waiting: 'waits for your confirmation',
	error: 'stopped with an error',
	stuck: 'is stuck',
	finished: 'finished',
	running: 'is running',
	idle: 'is idle',
	paused: 'is paused',
	gone: 'is gone',
	starting: 'is starting',
};

/** What `ls --status` and `wait --until` take besides the states: the states that need you. */
export const NEEDS_YOU_WORD = 'needs-you';

/** What `wait --until` takes (commands/wait.ts says what each reaches). */
export const UNTIL_WORDS = [NEEDS_YOU_WORD, 'finished', 'idle', 'error', 'any'] as const;

/** Every word `ls --status` takes, as completion offers them: the states (most urgent first), the row words, needs-you. */
export const STATUS_WORDS: readonly string[] = [...ATTENTION_ORDER, ...ROW_WORDS, NEEDS_YOU_WORD];

export function isStatusWord(word: string): boolean {
	return STATUS_WORDS.includes(word);
}

/**
 * Whether a row answers `--status WORD`: a state's name takes its whole state (`gone` includes
 * `missing`), a word the rows show takes the rows that show it (`finished` includes a finish you
 * have seen), `needs-you` what needs you.
 */
export function matchesStatus(word: string, look: RowLook, needsYou: boolean): boolean {
	if (word === NEEDS_YOU_WORD) return needsYou;
	return look.state === word || look.word === word;
}
