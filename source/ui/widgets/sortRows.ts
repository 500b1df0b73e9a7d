/**
 * Sorting a table by any column (issue 11): `o` moves to the next column (after the last, back to
 * the server's order), `O` reverses. What is loaded is sorted; the server's order is the default.
 */
import type {Column} from './columns.js';

export type SortState = {
	/** column id; null: the server's order */
	column: string | null;
	descending: boolean;
};

export const SERVER_ORDER: SortState = {column: null, descending: false};

/** `o`: the next of `ids` (the columns shown), then the server's order again. */
export function nextSortColumn(state: SortState, ids: readonly string[]): SortState {
	if (ids.length === 0) return SERVER_ORDER;
	const at = state.column === null ? -1 : ids.indexOf(state.column);
	const next = ids[at + 1];
	return next === undefined ? SERVER_ORDER : {column: next, descending: false};
}

/** `O`: the other direction; from the server's order, the first column descending. */
export function reverseSort(state: SortState, ids: readonly string[]): SortState {
	if (state.column === null) return ids[0] === undefined ? SERVER_ORDER : {column: ids[0], descending: true};
	return {...state, descending: !state.descending};
}

/** Made at the first sort: a collator maps ~3 MB of ICU collation data into resident memory. */
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) => (collator ??= new Intl.Collator(undefined, {numeric: true, sensitivity: 'base'})).compare(a, b);

type Key = string | number | null;

const isEmpty = (key: Key) => key === null || key === '' || key === '—';

/**
 * The rows in the chosen order (the same array for the server's order or an unknown column); empty
 * values last in either direction, and ties keep the server's order (a stable sort), so equal rows
 * do not jump between polls.
 */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], state: SortState, now: number): readonly T[] {
	const column = state.column === null ? undefined : columns.find(c => c.id === state.column);
	if (!column) return rows;
	const keyOf = (row: T): Key => (column.sortKey ? column.sortKey(row) : column.text(row, now));
	const keyed = rows.map((row, index) => ({row, index, key: keyOf(row)}));
	const sign = state.descending ? -1 : 1;
	keyed.sort((a, b) => {
		const aEmpty = isEmpty(a.key);
		if (aEmpty !== isEmpty(b.key)) return aEmpty ? 1 : -1;
		let byKey = 0;
		if (!aEmpty) {
			byKey = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : compareText(String(a.key), String(b.key));
		}
		return sign * byKey || a.index - b.index;
	});
	return keyed.map(k => k.row);
}

/** The header title of a column with the sort marker, e.g. `UPDATED↓`. */
export function sortedTitle(title: string, id: string, state: SortState): string {
	if (state.column !== id) return title;
	return `${title}${state.descending ? '↓' : '↑'}`;
}
