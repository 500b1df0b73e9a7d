/**
 * Table columns and how they share the width. Narrow terminals drop columns in a fixed order
 * (highest `drop` first) instead of squeezing everything into unreadable slivers.
 */
import type {Theme} from '../theme.js';

export type Column<T> = {
	id: string;
	title: string;
	/** preferred width; for the flex column, the minimum */
	width: number;
	/** share of the width left over (columns without it keep their width); `flex` is grow 1 */
	grow?: number;
	/** a growing column grows no wider than this; what it leaves goes to the others that grow */
	max?: number;
	/** takes what is left once every growing column is at its `max` (a very wide terminal) */
	spill?: boolean;
	flex?: boolean;
	/** drop order when narrow: higher drops first; 0 is never dropped */
	drop: number;
	/** kept only while this much more room is left for the others (extras that must not squeeze the title) */
	room?: number;
	align?: 'left' | 'right';
	/** cut in the middle (ids) instead of at the end */
	middle?: boolean;
	/** cut at the start, keeping the end (an image reference's name and tag) */
	keepEnd?: boolean;
	/** excluded from the `/` filter (relative times change while you type) */
	noFilter?: boolean;
	/** clean display text; `now` is for relative times */
	text(row: T, now: number): string;
	/** what the column sorts by when the text would sort wrong (times, money, counts); default the text */
	sortKey?(row: T): string | number | null;
	/** its sort key (keymap.ts SORT_KEYS), underlined in the header; none: not sortable by key */
	sortLetter?: string;
	color?(row: T, theme: Theme, now: number): string | undefined;
	/** bold cell (what needs the user) */
	bold?(row: T, now: number): boolean;
};

export type LaidOut<T> = {column: Column<T>; width: number};

/** Gutter of the selection marker (`› `) in front of each row. */
export const MARKER_WIDTH = 2;
const GAP = 1;

export function layoutColumns<T>(columns: readonly Column<T>[], total: number): LaidOut<T>[] {
	let chosen = [...columns];
	const need = (cols: readonly Column<T>[]) =>
		MARKER_WIDTH + cols.reduce((sum, c) => sum + c.width, 0) + GAP * Math.max(0, cols.length - 1);
	const needWithRoom = (cols: readonly Column<T>[]) => need(cols) + cols.reduce((sum, c) => sum + (c.room ?? 0), 0);
	while (needWithRoom(chosen) > total) {
		const victim = chosen.reduce<Column<T> | null>(
			(worst, c) => (c.drop > 0 && (!worst || c.drop > worst.drop) ? c : worst),
			null,
		);
		if (!victim) break;
		chosen = chosen.filter(c => c !== victim);
	}
	const spare = total - need(chosen);
	const growOf = (c: Column<T>) => c.grow ?? (c.flex ? 1 : 0);
	let weights = chosen.map(growOf);
	// Nothing grows: the last column takes the slack (or gives up the excess).
	if (weights.every(w => w === 0)) weights = chosen.map((_, i) => (i === chosen.length - 1 ? 1 : 0));
	if (spare < 0) {
		// Even the never-dropped columns do not fit: only growing columns shrink.
		weights = weights.map(w => (w > 0 ? w : 0));
	}
	// a column at its `max` gives up its share and the rest is shared again among the others
	const capped = new Map<number, number>();
	for (;;) {
		let open = weights.map((w, i) => (capped.has(i) ? 0 : w));
		if (capped.size > 0 && open.every(w => w === 0)) open = chosen.map(c => (c.spill ? 1 : 0));
		const extras = share(spare - [...capped.values()].reduce((a, b) => a + b, 0), open);
		const over = chosen.findIndex((c, i) => !capped.has(i) && c.max !== undefined && spare > 0 && c.width + extras[i]! > c.max);
		if (over < 0) return chosen.map((column, i) => ({column, width: Math.max(1, column.width + (capped.get(i) ?? extras[i]!))}));
		capped.set(over, Math.max(0, chosen[over]!.max! - chosen[over]!.width));
	}
}

/** `spare` split by `weights` (the last weighted one takes the rounding); all zero weights: none. */
function share(spare: number, weights: readonly number[]): number[] {
	const sum = weights.reduce((a, b) => a + b, 0);
	if (sum === 0) return weights.map(() => 0);
	let given = 0;
	let lastGrowing = -1;
	weights.forEach((w, i) => {
		if (w > 0) lastGrowing = i;
	});
	return weights.map((w, i) => {
		let extra = w > 0 ? Math.floor((spare * w) / sum) : 0;
		if (i === lastGrowing) extra = spare - given;
		given += extra;
		return extra;
	});
}

export const COLUMN_GAP = ' '.repeat(GAP);
