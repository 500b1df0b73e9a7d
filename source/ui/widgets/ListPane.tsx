/** A list view's body: the windowed table, then one status line (filter input, counts, paging). */
import React from 'react';
import {Box, Text} from 'ink';
import type {ListState} from '../../store/types.js';
import {count} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {ATTENTION} from './sortRows.js';
import {Table} from './Table.js';
import {TextField} from './TextField.js';
import type {useListController} from './useListController.js';

type Props<T extends {readonly id: string; readonly server: string}> = {
	controller: ReturnType<typeof useListController<T>>;
	list: ListState<T>;
	height: number;
	now: number;
	getKey(row: T): string;
	noun: string;
	/** the selection is elsewhere (a start task line above the table): no row is highlighted */
	unselected?: boolean;
};

/** Lines a ListPane uses besides data rows: the header and the status line. */
export const LIST_CHROME = 2;

export function ListPane<T extends {readonly id: string; readonly server: string}>({controller: c, list, height, now, getKey, noun, unselected = false}: Props<T>) {
	const theme = useTheme();
	const narrowed = Boolean(c.filter.text) || (c.quickFilter !== null && c.quickFilter !== 'all');
	const empty = list.data === undefined ? (list.error ? 'no data yet' : 'loading…') : narrowed ? 'no match' : `no ${noun}`;
	return (
		<Box flexDirection="column">
			<Table rows={c.rows} layout={c.layout} index={unselected ? -1 : c.index} offset={c.offset} height={height - LIST_CHROME} now={now} getKey={getKey} empty={empty} />
			{c.filter.editing ? (
				<Box>
					<Text color={theme.accent}>/ </Text>
					<TextField value={c.filter.text} cursor={c.filterCursor} focused width={c.width - 2} />
				</Box>
			) : (
				<Text color={theme.muted} wrap="truncate">
					{statusLine(c, list)}
				</Text>
			)}
		</Box>
	);
}

function statusLine<T extends {readonly id: string; readonly server: string}>(c: Props<T>['controller'], list: ListState<T>): string {
	const shown = c.rows.length;
	const loaded = c.loadedCount;
	const parts: string[] = [];
	const quick = c.quickFilter !== null && c.quickFilter !== 'all' ? c.quickFilter : null;
	if (quick && c.filter.text) parts.push(`${quick}, filter "${clean(c.filter.text)}": ${count(shown)} of ${count(loaded)}`);
	else if (quick) parts.push(`${quick}: ${count(shown)} of ${count(loaded)}`);
	else if (c.filter.text) parts.push(`filter "${clean(c.filter.text)}": ${count(shown)} of ${count(loaded)}`);
	else if (list.data !== undefined) parts.push(`${count(loaded)} loaded`);
	// Sorting and filtering apply to what is loaded: say when the server has more.
	const more = list.hasMore ? ' (the loaded rows; the server has more)' : '';
	if (c.sort.column === ATTENTION) parts.push(`attention first${more}`);
	else if (c.sort.column !== null) parts.push(`sorted by ${c.sort.column}${c.sort.descending ? ' ↓' : ' ↑'}${more}`);
	else if (c.ownOrder) parts.push("the server's order");
	if (list.capped) parts.push(`showing ${count(loaded)} of more`);
	else if (list.loadingMore) parts.push('loading more…');
	else if (list.hasMore) parts.push('more…');
	const unreadable = list.unreadable ?? 0;
	if (unreadable > 0) parts.push(`${count(unreadable)} ${unreadable === 1 ? 'item' : 'items'} could not be read`);
	return parts.join(' · ');
}
