/** A list view's body: the windowed table, then one status line (filter input, counts, paging). */
import React from 'react';
import {Box, Text} from 'ink';
import type {ListState} from '../../store/types.js';
import {count} from '../format.js';
import {clean} from '../sanitize.js';
import {useTheme} from '../theme.js';
import {Table} from './Table.js';
import {TextField} from './TextField.js';
import type {useListController} from './useListController.js';

type Props<T> = {
	controller: ReturnType<typeof useListController<T>>;
	list: ListState<T>;
	height: number;
	now: number;
	getKey(row: T): string;
	noun: string;
};

/** Lines a ListPane uses besides data rows: the header and the status line. */
export const LIST_CHROME = 2;

export function ListPane<T>({controller: c, list, height, now, getKey, noun}: Props<T>) {
	const theme = useTheme();
	const empty = list.data === undefined ? (list.error ? 'no data yet' : 'loading…') : c.filter.text ? 'no match' : `no ${noun}`;
	return (
		<Box flexDirection="column">
			<Table rows={c.rows} layout={c.layout} index={c.index} offset={c.offset} height={height - LIST_CHROME} now={now} getKey={getKey} empty={empty} />
			{c.filter.editing ? (
				<Box>
					<Text color={theme.accent}>/ </Text>
					<TextField value={c.filter.text} cursor={c.filterCursor} focused width={c.width - 2} />
				</Box>
			) : (
				<Text color={theme.muted} wrap="truncate">
					{statusLine(c.rows.length, c.loadedCount, c.filter.text, list)}
				</Text>
			)}
		</Box>
	);
}

function statusLine<T>(shown: number, loaded: number, filter: string, list: ListState<T>): string {
	const parts: string[] = [];
	if (filter) parts.push(`filter "${clean(filter)}": ${count(shown)} of ${count(loaded)}`);
	else if (list.data !== undefined) parts.push(`${count(loaded)} loaded`);
	if (list.capped) parts.push(`showing ${count(loaded)} of more`);
	else if (list.loadingMore) parts.push('loading more…');
	else if (list.hasMore) parts.push('more…');
	const unreadable = list.unreadable ?? 0;
	if (unreadable > 0) parts.push(`${count(unreadable)} ${unreadable === 1 ? 'item' : 'items'} could not be read`);
	return parts.join(' · ');
}
