/**
 * Where a conversation row stands, as the list shows and sorts it (issue 19 §2): the one predicate's
 * state (store/needsYou.ts; an attention item says it needs you, so "finished" means unseen), or
 * `starting` while its sandbox boots after a start or resume of this session (../views/booting.ts).
 *
 * Each state has its own glyph and word, so waiting, error, stuck and finished read apart without
 * colour (NO_COLOR, TERM=dumb): the colour only repeats what the glyph and word say.
 */
import type {AppConversation} from '../api/schemas/index.js';
import {refKey, type Tagged} from '../fleet/types.js';
import {attentionState, type AttentionState} from '../store/attention/needsYou.js';
import type {AttentionItem} from '../store/types.js';
import type {Tone} from './tone.js';
import {bootLabel} from './booting.js';

export type RowState = AttentionState | 'starting';

export type RowLook = {state: RowState; glyph: string; word: string; tone: Tone; bold: boolean};

/** What the list knows besides the row: the needs-you items and the sandboxes booting, by refKey. */
export type RowContext = {
	/** conversation items by the conversation's refKey */
	items: ReadonlyMap<string, Tagged<AttentionItem>>;
	/** when a start or resume of a sandbox began, by the sandbox's refKey */
	boots: ReadonlyMap<string, number>;
};

export function itemsByConversation(attention: readonly Tagged<AttentionItem>[]): ReadonlyMap<string, Tagged<AttentionItem>> {
	const map = new Map<string, Tagged<AttentionItem>>();
	for (const item of attention) if (item.subject === 'conversation') map.set(refKey(item), item);
	return map;
}

export function rowState(row: Tagged<AppConversation>, context: RowContext, now: number): RowState {
	const item = context.items.get(refKey(row));
	if (item?.reason) return item.reason;
	if (bootLabel(context.boots.get(refKey({server: row.server, id: row.sandbox_id})), row.sandbox_status, now)) return 'starting';
	// no item: whatever finished was seen
	return attentionState(row, true);
}

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

/**
 * The glyph and word of a row: a seen finish reads `· finished`, a missing sandbox `– missing`; a
 * paused sandbox and a paused agent are both `‖ paused` here (the preview and the activity say which).
 */
export function rowLook(row: AppConversation, state: RowState): RowLook {
	const look = {state, ...LOOKS[state]};
	if (state === 'idle' && row.execution_status === 'finished') return {...look, word: 'finished'};
	if (state === 'gone' && row.sandbox_status === 'MISSING') return {...look, word: 'missing'};
	if (state === 'gone' && row.sandbox_status === 'ERROR') return {...look, glyph: '✗', word: 'sandbox', tone: 'error'};
	return look;
}

/** `? waiting`: the STATE cell. */
export function lookText(look: RowLook): string {
	return `${look.glyph} ${look.word}`;
}

export const STATE_WORDS: Readonly<Record<RowState, string>> = {
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
