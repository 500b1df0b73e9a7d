/**
 * Quick status filters (issues 11, 19): `f` cycles all → running → needs you → paused → error, on top of
 * the `/` text filter.
 */
import type {AppConversation, Sandbox} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {isNeedsYou} from '../../store/attention/needsYou.js';
import type {AttentionItem} from '../../store/types.js';
import {rowLook, type RowState} from '../../present/states.js';

export type QuickFilter = 'all' | 'running' | 'needs you' | 'paused' | 'error';

export const QUICK_FILTERS: readonly QuickFilter[] = ['all', 'running', 'needs you', 'paused', 'error'];

export function nextQuickFilter(current: QuickFilter): QuickFilter {
	return QUICK_FILTERS[(QUICK_FILTERS.indexOf(current) + 1) % QUICK_FILTERS.length]!;
}

/** by refKey: an id of one server says nothing about another's */
function keysOf(items: readonly Tagged<AttentionItem>[], subject: AttentionItem['subject']): Set<string> {
	return new Set(items.filter(i => i.subject === subject).map(i => refKey(i)));
}

/**
 * null: keep every row. Each filter keeps the rows whose STATE cell says so (../attention/rowState.ts),
 * because that is the column a user reads while pressing `f`: "running" is `▶ running` (the agent
 * runs, not merely its sandbox: an idle agent in a running sandbox reads `· idle`), "needs you" the
 * states that need the user (store/needsYou.ts: waiting, error, stuck, finished unseen; the header
 * counts the same), "paused" `‖ paused` (the sandbox's or the agent's), "error" the cells marked ✗
 * (the agent's error, or a failed sandbox). A sandbox booting reads `◌ starting`, none of these.
 */
export function conversationFilter(
	filter: QuickFilter,
	stateOf: (c: Tagged<AppConversation>) => RowState,
	/** an error or a stuck agent acknowledged with `d` in `!` (issue 26 item 2): no longer needs you */
	acknowledged: (c: Tagged<AppConversation>) => boolean = () => false,
): ((c: Tagged<AppConversation>) => boolean) | null {
	switch (filter) {
		case 'all':
			return null;
		case 'running':
			return c => stateOf(c) === 'running';
		case 'needs you':
			return c => {
				const state = stateOf(c);
				return state !== 'starting' && isNeedsYou(state) && !acknowledged(c);
			};
		case 'paused':
			return c => stateOf(c) === 'paused';
		case 'error':
			return c => rowLook(c, stateOf(c)).tone === 'error';
	}
}

/**
 * Like the conversations', by the STATUS cell as shown (`statusOf`, ./sandboxParts.ts shownStatus): a
 * sandbox booting after this session's start or resume reads STARTING while docker still says ERROR,
 * and `error` does not list it.
 */
export function sandboxFilter(
	filter: QuickFilter,
	attention: readonly Tagged<AttentionItem>[],
	statusOf: (s: Tagged<Sandbox>) => string | null | undefined = s => s.status,
): ((s: Tagged<Sandbox>) => boolean) | null {
	switch (filter) {
		case 'all':
			return null;
		case 'running':
			return s => statusOf(s) === 'RUNNING';
		case 'needs you': {
			const listed = keysOf(attention, 'sandbox');
			return s => listed.has(refKey(s));
		}
		case 'paused':
			return s => statusOf(s) === 'PAUSED';
		case 'error':
			return s => {
				const status = statusOf(s);
				return status === 'ERROR' || status === 'MISSING';
			};
	}
}
