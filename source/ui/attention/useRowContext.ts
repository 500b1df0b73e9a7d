/**
 * The Conversations list's view of attention (issue 19 §2): each row's state (rowState.ts), the
 * attention-first order (store/needsYou.ts `sortByAttention`: waiting, error, stuck, finished
 * unseen, running, idle, paused, gone; most recent first within each), and the context the
 * columns read. Memoized on the fleet's parts, so an unchanged poll changes nothing here, and the
 * order and the states on what they read (not the glimpses).
 */
import {useCallback, useMemo} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, type Tagged} from '../../fleet/types.js';
import {sortByAttention} from '../../store/attention/needsYou.js';
import {useUi} from '../context.js';
import {selectAcknowledged, selectAttention, selectGlimpses, selectPending, useSnapshot} from '../useStore.js';
import {bootsOf} from '../../present/booting.js';
import type {ConversationContext} from '../views/conversationColumns.js';
import {itemsByConversation, rowState, type RowContext} from '../../present/rowState.js';
import type {RowState} from '../../present/states.js';

type Row = Tagged<AppConversation>;

export function useRowContext(): {
	context: ConversationContext;
	stateOf(row: Row): RowState;
	order(rows: readonly Row[]): readonly Row[];
	/** an error or a stuck agent acknowledged with `d` in `!` (issue 26 item 2): it needs you no more */
	acknowledged(row: Row): boolean;
} {
	const {now} = useUi();
	const attention = useSnapshot(selectAttention);
	const acked = useSnapshot(selectAcknowledged);
	const ackedKeys = useMemo(() => new Set(acked.map(item => refKey(item))), [acked]);
	const acknowledged = useCallback((row: Row) => ackedKeys.has(refKey(row)), [ackedKeys]);
	const pending = useSnapshot(selectPending);
	const glimpses = useSnapshot(selectGlimpses);
	const items = useMemo(() => itemsByConversation(attention), [attention]);
	const boots = useMemo(() => bootsOf(pending), [pending]);
	// a row's state does not depend on its glimpse: a glimpse that came (the selected row's events,
	// read when the selection moves) sorts nothing again (issue 29 item 2)
	const rowContext = useMemo<RowContext>(() => ({items, boots}), [items, boots]);
	const context = useMemo<ConversationContext>(() => ({...rowContext, glimpses, clock: now}), [rowContext, glimpses, now]);
	const stateOf = useCallback((row: Row) => rowState(row, rowContext, now()), [rowContext, now]);
	const order = useCallback(
		(rows: readonly Row[]) =>
			sortByAttention(
				rows,
				row => {
					const state = stateOf(row);
					return state === 'starting' ? 'running' : state;
				},
				row => (Number.isFinite(row.updated_at) ? row.updated_at : null),
			),
		[stateOf],
	);
	return {context, stateOf, order, acknowledged};
}
