/**
 * Tells the fleet which conversations' newest events the list shows (store/glimpses.ts): the rows
 * on screen that are doing something or need you (their sandbox runs), and the one in the preview
 * (its `focus`, read at the refresh pace). Said again only when that set changes; nothing once the
 * list is gone.
 */
import {useEffect, useMemo} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, type Ref, type Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import type {RowState} from '../../present/states.js';

const DOING: ReadonlySet<RowState> = new Set(['running', 'waiting', 'error', 'stuck']);

type Row = Tagged<AppConversation>;

export function useGlimpseWatch(onScreen: readonly Row[], stateOf: (row: Row) => RowState, focus: Row | null): void {
	const {fleet} = useUi();
	const watched = useMemo(() => onScreen.filter(row => row.sandbox_status === 'RUNNING' && DOING.has(stateOf(row))), [onScreen, stateOf]);
	const key = watched.map(refKey).join(' ') + (focus ? `|${refKey(focus)}` : '');
	useEffect(() => {
		const refs: Ref[] = watched.map(row => ({server: row.server, id: row.id}));
		fleet.watchGlimpses(refs, focus ? {server: focus.server, id: focus.id} : null);
		// the rows and focus are in the key
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fleet, key]);
	useEffect(() => () => fleet.watchGlimpses([], null), [fleet]);
}
