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
	flex?: boolean;
	/** drop order when narrow: higher drops first; 0 is never dropped */
	drop: number;
	/** kept only while this much more room is left for the others (extras that must not squeeze the title) */
	room?: number;
	align?: 'left' | 'right';
	/** cut in the middle (ids) instead of at the end */
	middle?: boolean;
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
	const sum = weights.reduce((a, b) => a + b, 0);
	let given = 0;
	let lastGrowing = -1;
	weights.forEach((w, i) => {
		if (w > 0) lastGrowing = i;
	});
	return chosen.map((column, i) => {
		const w = weights[i]!;
		let extra = w > 0 ? Math.floor((spare * w) / sum) : 0;
		if (i === lastGrowing) extra = spare - given;
		given += extra;
		return {column, width: Math.max(1, column.width + extra)};
	});
}

export const COLUMN_GAP = ' '.repeat(GAP);
