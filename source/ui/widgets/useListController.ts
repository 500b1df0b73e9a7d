/**
 * Everything a list view does with its table, headless: column layout, the `/` filter, selection,
 * paging keys, telling the store what is on screen (`setViewport`), loading further pages when the
 * selection nears the end (`loadMore`) and all of them on `G` (`loadAll`).
 */
import {useEffect, useMemo, useRef} from 'react';
import type {ListResourceName, ListState} from '../../store/types.js';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {usePersistentState} from '../usePersistentState.js';
import {layoutColumns, type Column} from './columns.js';
import {useFilterInput, type FilterState} from './useFilterInput.js';
import {useTableState, type TableView} from './useTableState.js';

type Options<T> = {
	resource: ListResourceName;
	list: ListState<T>;
	columns: readonly Column<T>[];
	width: number;
	/** data rows that fit (after the header line and status line) */
	height: number;
	getKey(row: T): string;
	now: number;
	/** false while a detail pane, form or dialog of the view is open */
	active: boolean;
	onOpen(row: T): void;
};

const NEAR_END = 10;

export function useListController<T>({resource, list, columns, width, height, getKey, now, active, onOpen}: Options<T>) {
	const {store, copy} = useUi();
	const items = list.data ?? EMPTY;
	const layout = useMemo(() => layoutColumns(columns, width), [columns, width]);
	const [filter, setFilter] = usePersistentState<FilterState>(`${resource}:filter`, {text: '', editing: false});

	// Text of the visible, filterable columns per row, cached on row identity: rows keep identity
	// across polls, so filtering 10,000 rows re-reads only the ones that changed.
	const searchCache = useMemo(() => new WeakMap<object, string>(), [layout]);
	const matches = useMemo(() => {
		const needle = filter.text.trim().toLowerCase();
		if (!needle) return null;
		const found: number[] = [];
		items.forEach((row, i) => {
			const keyObj = row as object;
			let hay = searchCache.get(keyObj);
			if (hay === undefined) {
				hay = layout
					.filter(l => !l.column.noFilter)
					.map(l => l.column.text(row, now))
					.join('\u0000')
					.toLowerCase();
				searchCache.set(keyObj, hay);
			}
			if (hay.includes(needle)) found.push(i);
		});
		return found;
		// `now` is left out on purpose: filterable columns do not depend on it.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [items, filter.text, layout, searchCache]);

	const rows = useMemo(() => (matches ? matches.map(i => items[i]!) : items), [items, matches]);
	const view = useMemo<TableView>(() => {
		let positions: Map<string, number> | null = null;
		return {
			count: rows.length,
			height,
			keyAt: i => (rows[i] === undefined ? null : getKey(rows[i]!)),
			indexOf(key) {
				positions ??= new Map(rows.map((r, i) => [getKey(r), i]));
				return positions.get(key) ?? -1;
			},
		};
	}, [rows, height, getKey]);
	const table = useTableState(`${resource}:table`, view);
	const selected = rows[table.index];

	// Tell the store which loaded rows are on screen, in its (unfiltered) indexes, only on change.
	const lastViewport = useRef('');
	useEffect(() => {
		if (rows.length === 0) return;
		const lastRow = Math.min(rows.length, table.offset + height) - 1;
		const first = matches ? matches[table.offset]! : table.offset;
		const last = matches ? matches[lastRow]! : lastRow;
		const key = `${first}:${last}`;
		if (key === lastViewport.current) return;
		lastViewport.current = key;
		store.setViewport(resource, first, last);
	}, [store, resource, rows.length, table.offset, height, matches]);

	useEffect(() => {
		if (!list.hasMore || list.loadingMore || list.capped) return;
		if (rows.length > 0 && table.index >= rows.length - NEAR_END) store.loadMore(resource);
	}, [store, resource, list.hasMore, list.loadingMore, list.capped, rows.length, table.index]);

	const cursor = useFilterInput(filter, setFilter, active);

	useKeys(
		'view',
		name => {
			const command = commandFor('list', name);
			switch (command) {
				case 'move.down':
					table.dispatch({type: 'move', delta: 1});
					return true;
				case 'move.up':
					table.dispatch({type: 'move', delta: -1});
					return true;
				case 'move.first':
					table.dispatch({type: 'first'});
					return true;
				case 'move.last':
					table.dispatch({type: 'last'});
					if (list.hasMore && !list.capped) store.loadAll(resource);
					return true;
				case 'page.down':
					table.dispatch({type: 'page', delta: 1});
					return true;
				case 'page.up':
					table.dispatch({type: 'page', delta: -1});
					return true;
				case 'filter':
					setFilter(f => ({...f, editing: true}));
					return true;
				case 'filter.clear':
					if (!filter.text) return false;
					setFilter({text: '', editing: false});
					return true;
				case 'open':
					if (selected !== undefined) onOpen(selected);
					return true;
				case 'copy':
					if (selected !== undefined) copy(getKey(selected));
					return true;
				default:
					return false;
			}
		},
		active,
	);

	return {
		layout,
		rows,
		index: table.index,
		offset: table.offset,
		selected,
		filter,
		filterCursor: cursor,
		width,
		setFilterText: (text: string) => setFilter(f => ({...f, text})),
		loadedCount: items.length,
	};
}

const EMPTY: readonly never[] = [];
