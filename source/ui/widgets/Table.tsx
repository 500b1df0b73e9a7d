/**
 * A windowed table: only the rows on screen are rendered (10,000 loaded rows cost as much as 20),
 * and each row is memoized on its cell texts so a poll that changes one row redraws one row.
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import {fit} from '../../text/sanitize.js';
import {useTheme, type Theme} from '../theme.js';
import {sortKeyFor} from '../keys/activeKeymap.js';
import {COLUMN_GAP, MARKER_WIDTH, type LaidOut} from './columns.js';

type Cell = {text: string; color: string | undefined; bold: boolean};

export type TableProps<T> = {
	rows: readonly T[];
	layout: readonly LaidOut<T>[];
	/** selected row index (into `rows`) */
	index: number;
	offset: number;
	/** rows of data to show (excluding the header line) */
	height: number;
	now: number;
	getKey(row: T): string;
	/** shown instead of rows when there are none */
	empty: string;
};

export function Table<T>({rows, layout, index, offset, height, now, getKey, empty}: TableProps<T>) {
	const theme = useTheme();
	const visible = rows.slice(offset, offset + Math.max(0, height));
	return (
		<Box flexDirection="column" flexShrink={0}>
			<Header layout={layout} />
			{visible.length === 0 ? (
				<Text color={theme.muted} wrap="truncate">
					{'  '}
					{empty}
				</Text>
			) : (
				visible.map((row, i) => (
					<Row key={getKey(row)} cells={cellsOf(row, layout, now, theme)} selected={offset + i === index} marker={theme.selectMarker} />
				))
			)}
		</Box>
	);
}

/**
 * The column titles, each column's sort key underlined where its title has that letter (issue 19:
 * the header shows the keys); a key the title lacks follows it in brackets when there is room.
 */
const Header = memo(function Header({layout}: {layout: readonly LaidOut<unknown>[]}) {
	return (
		<Text bold wrap="truncate">
			{' '.repeat(MARKER_WIDTH)}
			{layout.map((l, i) => {
				const key = sortKeyFor(l.column.sortLetter);
				let title = l.column.title;
				let at = key ? title.indexOf(key) : -1;
				if (key && at < 0 && title.length + 3 <= l.width) {
					title = `${title}[${key}]`;
					at = title.length - 2;
				}
				const text = fit(title, l.width, l.column.align);
				const offset = at < 0 ? -1 : text.indexOf(title.slice(0, at + 1));
				const start = offset < 0 ? -1 : offset + at;
				return (
					<Text key={l.column.id}>
						{i > 0 ? COLUMN_GAP : ''}
						{start < 0 || text[start] !== key ? (
							text
						) : (
							<>
								{text.slice(0, start)}
								<Text underline>{key}</Text>
								{text.slice(start + 1)}
							</>
						)}
					</Text>
				);
			})}
		</Text>
	);
});

function cellsOf<T>(row: T, layout: readonly LaidOut<T>[], now: number, theme: Theme): Cell[] {
	return layout.map(({column, width}) => ({
		text: fit(column.text(row, now), width, column.align, column.keepEnd ? 'start' : column.middle === true),
		color: column.color?.(row, theme, now),
		bold: column.bold?.(row, now) ?? false,
	}));
}

type RowProps = {cells: Cell[]; selected: boolean; marker: string};

const Row = memo(
	function Row({cells, selected, marker}: RowProps) {
		return (
			<Text wrap="truncate" inverse={selected} bold={selected}>
				{selected ? `${marker} ` : '  '}
				{cells.map((cell, i) => (
					<Text key={i} color={cell.color} bold={cell.bold || undefined}>
						{i > 0 ? COLUMN_GAP : ''}
						{cell.text}
					</Text>
				))}
			</Text>
		);
	},
	(a, b) =>
		a.selected === b.selected &&
		a.marker === b.marker &&
		a.cells.length === b.cells.length &&
		a.cells.every((cell, i) => cell.text === b.cells[i]?.text && cell.color === b.cells[i]?.color && cell.bold === b.cells[i]?.bold),
);
