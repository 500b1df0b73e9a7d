/**
 * Everything a list view does with its table, headless: column layout, the `/` filter, selection,
 * paging keys, telling the store what is on screen (`setViewport`), loading further pages when the
 * selection nears the end (`loadMore`) and all of them on `G` (`loadAll`).
 */
import {useEffect, useMemo, useRef} from 'react';
import {sameRef, type Ref} from '../../fleet/types.js';
import type {ListResourceName, ListState} from '../../store/types.js';
import {commandFor, sortKeyFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {usePersistentState} from '../usePersistentState.js';
import type {QuickFilter} from '../views/quickFilters.js';
import {nextQuickFilter} from '../views/quickFilters.js';
import {layoutColumns, type Column} from './columns.js';
import {ATTENTION, OWN_ORDER, SERVER_ORDER, sortByColumn, sortRows, sortedTitle, toggleOrder, type SortState} from './sortRows.js';
import {useFilterInput, type FilterState} from './useFilterInput.js';
import {useTableState, type TableView} from './useTableState.js';

/** A row of a list: a server's item, so its own Ref. */
type Row = {readonly id: string; readonly server: string};

type Options<T extends Row> = {
	resource: ListResourceName;
	list: ListState<T>;
	columns: readonly Column<T>[];
	width: number;
	/** data rows that fit (after the header line and status line) */
	height: number;
	/** unique across servers (fleet/types.ts refKey) */
	getKey(row: T): string;
	now: number;
	/** false while a detail pane, form or dialog of the view is open */
	active: boolean;
	onOpen(row: T): void;
	/** the rows each quick status filter (`f`) keeps; null keeps all. Without it `f` does nothing. */
	quick?(filter: QuickFilter): ((row: T) => boolean) | null;
	/** the list's own order, its default (conversations: attention first); without it the server's */
	order?(rows: readonly T[]): readonly T[];
};

const NEAR_END = 10;

const ONE: Record<ListResourceName, string> = {conversations: 'conversation', sandboxes: 'sandbox', specs: 'spec'};

export function useListController<T extends Row>({resource, list, columns, width, height, getKey, now, active, onOpen, quick, order: ownOrder}: Options<T>) {
	const {fleet, copy, notify} = useUi();
	const items = list.data ?? EMPTY;
	const layout = useMemo(() => layoutColumns(columns, width), [columns, width]);
	const [filter, setFilter] = usePersistentState<FilterState>(`${resource}:filter`, {text: '', editing: false});
	// Kept per tab for the session, like the filter (issue 11).
	const own = ownOrder ? OWN_ORDER : SERVER_ORDER;
	const [sort, setSort] = usePersistentState<SortState>(`${resource}:sort`, own);
	const [quickFilter, setQuickFilter] = usePersistentState<QuickFilter>(`${resource}:quick`, 'all');
	const keep = useMemo(() => (quick ? quick(quickFilter) : null), [quick, quickFilter]);

	// Text of the visible, filterable columns per row, cached on row identity: rows keep identity
	// across polls, so filtering 10,000 rows re-reads only the ones that changed.
	const searchCache = useMemo(() => new WeakMap<object, string>(), [layout]);
	const matches = useMemo(() => {
		const needle = filter.text.trim().toLowerCase();
		if (!needle && !keep) return null;
		const found: number[] = [];
		items.forEach((row, i) => {
			if (keep && !keep(row)) return;
			if (!needle) {
				found.push(i);
				return;
			}
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
	}, [items, filter.text, layout, searchCache, keep]);

	// Display order as indexes into the loaded rows: null while nothing filters or sorts.
	const order = useMemo(() => {
		if (sort.column === null || (sort.column === ATTENTION && !ownOrder)) return matches;
		const base = matches ? matches.map(i => items[i]!) : items;
		const index = new Map<T, number>(items.map((row, i) => [row, i]));
		const sorted = sort.column === ATTENTION ? ownOrder!(base) : sortRows(base, columns, sort, now);
		return sorted.map(row => index.get(row)!);
		// `now` is left out on purpose: sortable time columns sort by their timestamps (sortKey).
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [items, matches, sort, columns, ownOrder]);
	const rows = useMemo(() => (order ? order.map(i => items[i]!) : items), [items, order]);
	const shownLayout = useMemo(
		() => (sort.column === null ? layout : layout.map(l => (l.column.id === sort.column ? {...l, column: {...l.column, title: sortedTitle(l.column.title, l.column.id, sort)}} : l))),
		[layout, sort],
	);
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
	// several servers answering one after another: the top row is chosen once they all have
	const table = useTableState(`${resource}:table`, view, list.loading);
	const selected = rows[table.index];

	// Tell the store which loaded rows are on screen, in its (unfiltered, unsorted) indexes, only on
	// change. Sorted, the rows on screen may come from anywhere: the range spans them all.
	const lastViewport = useRef('');
	useEffect(() => {
		if (rows.length === 0) return;
		const lastRow = Math.min(rows.length, table.offset + height) - 1;
		let first = table.offset;
		let last = lastRow;
		if (order) {
			const shown = order.slice(table.offset, lastRow + 1);
			first = Math.min(...shown);
			last = Math.max(...shown);
		}
		const key = `${first}:${last}`;
		if (key === lastViewport.current) return;
		lastViewport.current = key;
		fleet.setViewport(resource, first, last);
	}, [fleet, resource, rows.length, table.offset, height, order]);

	// A row asked for by its Ref (navigation.ts): once the list is loaded and it is not there (newer
	// than the loaded pages, or further down), it is read by id and put on top, where the selection
	// follows it; its store says so when the server does not know it (issue 21 item 19).
	const [wanted, setWanted] = usePersistentState<Ref | null>(`${resource}:wanted`, null);
	useEffect(() => {
		if (wanted === null || list.data === undefined || list.loading) return;
		setWanted(null);
		if (!items.some(row => sameRef(row, wanted))) fleet.reveal(resource, wanted);
	}, [wanted, list.data, list.loading, items, fleet, resource, setWanted]);

	useEffect(() => {
		if (!list.hasMore || list.loadingMore || list.capped) return;
		if (rows.length > 0 && table.index >= rows.length - NEAR_END) fleet.loadMore(resource);
	}, [fleet, resource, list.hasMore, list.loadingMore, list.capped, rows.length, table.index]);

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
					if (list.hasMore && !list.capped) fleet.loadAll(resource);
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
					if (selected !== undefined) copy(selected.id);
					return true;
				case 'sort.default':
					setSort(current => toggleOrder(current, own));
					return true;
				case 'sort.column': {
					const column = layout.find(l => sortKeyFor(l.column.sortLetter) === name)?.column;
					if (column) setSort(current => sortByColumn(current, column));
					else notify('info', `${name} sorts by a column whose header shows it underlined: none here${layout.length < columns.length ? ' (or it is hidden at this width)' : ''}`);
					return true;
				}
				case 'filter.status':
					if (!quick) return false;
					setQuickFilter(nextQuickFilter);
					return true;
				default:
					return false;
			}
		},
		active,
	);

	return {
		layout: shownLayout,
		rows,
		sort,
		/** the list has an order of its own (attention first) */
		ownOrder: ownOrder !== undefined,
		quickFilter: quick ? quickFilter : null,
		index: table.index,
		offset: table.offset,
		/** selects the first row (what is below the start task lines) */
		selectFirst: () => table.dispatch({type: 'first'}),
		selected,
		filter,
		filterCursor: cursor,
		width,
		loadedCount: items.length,
	};
}

const EMPTY: readonly never[] = [];
