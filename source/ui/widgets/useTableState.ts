/**
 * Headless selection and scrolling of a windowed table. The selection follows the row's key when
 * rows move (a new sandbox appears at the top), and falls back to the same position when the row
 * is gone. The pure functions are tested directly; the hook only holds the state.
 */
import {useCallback, useEffect, useMemo} from 'react';
import {usePersistentState} from '../usePersistentState.js';

export type TableState = {index: number; offset: number; key: string | null};
export type TableAction =
	| {type: 'move'; delta: number}
	| {type: 'first'}
	| {type: 'last'}
	| {type: 'page'; delta: 1 | -1};

export const INITIAL_TABLE: TableState = {index: 0, offset: 0, key: null};

export type TableView = {count: number; height: number; keyAt(index: number): string | null; indexOf(key: string): number};

/** The effective selection for the rows shown now: follows the key, clamps, keeps it on screen. */
export function resolveTable(state: TableState, view: TableView): {index: number; offset: number} {
	const {count} = view;
	const height = Math.max(1, view.height);
	if (count === 0) return {index: 0, offset: 0};
	let index = state.index;
	if (state.key !== null && view.keyAt(index) !== state.key) {
		const found = view.indexOf(state.key);
		if (found >= 0) index = found;
	}
	index = Math.min(Math.max(0, index), count - 1);
	let offset = Math.min(Math.max(0, state.offset), Math.max(0, count - height));
	if (index < offset) offset = index;
	if (index >= offset + height) offset = index - height + 1;
	return {index, offset};
}

export function stepTable(state: TableState, action: TableAction, view: TableView): TableState {
	const {index, offset} = resolveTable(state, view);
	const height = Math.max(1, view.height);
	const last = Math.max(0, view.count - 1);
	let next = index;
	let nextOffset = offset;
	switch (action.type) {
		case 'move':
			next = index + action.delta;
			break;
		case 'first':
			next = 0;
			break;
		case 'last':
			next = last;
			break;
		case 'page':
			next = index + action.delta * height;
			nextOffset = offset + action.delta * height;
			break;
	}
	next = Math.min(Math.max(0, next), last);
	const resolved = resolveTable({index: next, offset: nextOffset, key: null}, view);
	return {...resolved, key: view.keyAt(resolved.index)};
}

export function useTableState(memoryKey: string, view: TableView, settling = false) {
	const [state, setState] = usePersistentState<TableState>(memoryKey, INITIAL_TABLE);
	const resolved = useMemo(() => resolveTable(state, view), [state, view]);
	// The row selected before any key was pressed (the top one) is an item too: it is followed when
	// the list reorders at a poll, so p, r, l, m or Enter act on the row the user saw (issue 21 item
	// 15). Not while the first load is still `settling` (another server's rows still to come): the
	// demo's cursor followed the first server's top row down to the second (issue 26 item 17).
	const shownKey = state.key === null && view.count > 0 && !settling ? view.keyAt(resolved.index) : null;
	useEffect(() => {
		if (shownKey !== null) setState(prev => (prev.key === null ? {...prev, index: resolved.index, offset: resolved.offset, key: shownKey} : prev));
	}, [shownKey, resolved.index, resolved.offset, setState]);
	const dispatch = useCallback(
		(action: TableAction) => setState(prev => stepTable(prev, action, view)),
		[setState, view],
	);
	return {...resolved, dispatch};
}
