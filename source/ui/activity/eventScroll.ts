/**
 * Selection and scrolling of the activity's event rows, like `tail -f`: while following, the
 * selection sits on the newest row and new rows push the older ones up; any move up stops
 * following, `G` (or `f`) starts again. The selection follows its event when older events are
 * prepended, and the screen keeps its place (the rows above grow, nothing jumps).
 */
import {resolveTable, stepTable, type TableAction, type TableView} from '../widgets/useTableState.js';

export type ScrollState = {index: number; offset: number; key: string | null; follow: boolean};

export const INITIAL_SCROLL: ScrollState = {index: 0, offset: 0, key: null, follow: true};

/** Where the selection and the window are for the rows shown now. */
export function resolveScroll(state: ScrollState, view: TableView): {index: number; offset: number} {
	const height = Math.max(1, view.height);
	if (view.count === 0) return {index: 0, offset: 0};
	if (state.follow) return {index: view.count - 1, offset: Math.max(0, view.count - height)};
	let {index, offset} = state;
	if (state.key !== null && view.keyAt(index) !== state.key) {
		const found = view.indexOf(state.key);
		// rows came in above (older events): shift the window with the selected row
		if (found >= 0) {
			offset += found - index;
			index = found;
		}
	}
	return resolveTable({index, offset, key: null}, view);
}

/** The state after a key; `follow` is turned off by any move that leaves the newest row. */
export function stepScroll(state: ScrollState, action: TableAction, view: TableView): ScrollState {
	if (view.count === 0) return state;
	const here = resolveScroll(state, view);
	const from = {...here, key: view.keyAt(here.index)};
	const next = stepTable(from, action, view);
	const atEnd = next.index >= view.count - 1;
	// moving down while following stays following; anything that moves up stops it
	const follow = state.follow ? atEnd && action.type !== 'first' && !(action.type === 'move' && action.delta < 0) && !(action.type === 'page' && action.delta < 0) : false;
	return {...next, follow};
}

/** `G`: the newest row, following. */
export function followScroll(state: ScrollState): ScrollState {
	return {...state, follow: true};
}

/** `f` off: stay on the row shown now, stop following. */
export function pauseScroll(state: ScrollState, view: TableView): ScrollState {
	const here = resolveScroll(state, view);
	return {...here, key: view.keyAt(here.index), follow: false};
}
