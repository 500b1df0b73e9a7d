/**
 * Sorting a table (issue 19 §2): each sortable column has its own key, underlined in the header
 * (`sort.column`; the same key again reverses); `o` goes between the list's own order (the
 * Conversations list: attention first) and the server's order. What is loaded is sorted.
 */
import type {Column} from './columns.js';

export type SortState = {
	/** a column id; ATTENTION: the list's own order; null: the server's order */
	column: string | null;
	descending: boolean;
};

/** The list's own order (the Conversations list's attention first), not a column. */
export const ATTENTION = '@attention';

export const SERVER_ORDER: SortState = {column: null, descending: false};
export const OWN_ORDER: SortState = {column: ATTENTION, descending: false};

/** `o`: from the list's own order to the server's, from anything else back to the list's own. */
export function toggleOrder(state: SortState, own: SortState): SortState {
	if (own.column === null) return SERVER_ORDER;
	return state.column === own.column ? SERVER_ORDER : own;
}

/**
 * A column's key: sorted by it (times, money and counts newest / largest first, text A to Z);
 * pressed again, the other way.
 */
export function sortByColumn<T>(state: SortState, column: Column<T>): SortState {
	if (state.column === column.id) return {column: column.id, descending: !state.descending};
	return {column: column.id, descending: column.sortKey !== undefined};
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
