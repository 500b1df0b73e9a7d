/**
 * Everything the activity does with its rows, headless: the `/` filter and the observations
 * toggle (which events are rows), selection and follow (eventScroll.ts), telling the store what is
 * on screen (`setActivityViewport`), whether to follow (`setFollow`), and loading older events
 * when the selection nears the top or the screen is not full yet (`loadOlderEvents`).
 */
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {ActivityState} from '../../store/types.js';
import {useUi} from '../context.js';
import {usePersistentState} from '../usePersistentState.js';
import type {TableAction, TableView} from '../widgets/useTableState.js';
import {useFilterInput, type FilterState} from '../widgets/useFilterInput.js';
import {INITIAL_SCROLL, followScroll, pauseScroll, resolveScroll, stepScroll, type ScrollState} from './eventScroll.js';
import {summarizeEvent} from '../../present/events/summarize.js';
import {eventRows} from '../../present/events/eventRows.js';

type Options = {
	events: readonly ConversationEvent[];
	activity: ActivityState | null;
	/** rows of events on screen */
	height: number;
	/** false while a pager, message box or dialog holds the keys */
	active: boolean;
};

/** Older events are asked for when the selection is this close to the first loaded one. */
const NEAR_TOP = 10;

/** A tool's plain output: what `o` hides (errors stay). Cheap: no summary needed. */
export function isQuietObservation(event: ConversationEvent): boolean {
	if (event.kind !== 'ObservationEvent') return false;
	const observation = event.raw['observation'];
	return !(observation && typeof observation === 'object' && (observation as Record<string, unknown>)['is_error'] === true);
}

const haystacks = new WeakMap<object, string>();
function haystack(event: ConversationEvent): string {
	let text = haystacks.get(event);
	if (text === undefined) {
		const s = summarizeEvent(event);
		text = `${s.who}\u0000${event.kind}\u0000${s.text}`.toLowerCase();
		haystacks.set(event, text);
	}
	return text;
}

export function useEventRows({events, activity, height, active}: Options) {
	const {fleet} = useUi();
	const [filter, setFilter] = useState<FilterState>({text: '', editing: false});
	const [hideObservations, setHideObservations] = usePersistentState('activity:hideObservations', false);
	const [scroll, setScroll] = useState<ScrollState>(INITIAL_SCROLL);

	const needle = filter.text.trim().toLowerCase();
	// no noise rows, usage rows at their time (present/events/eventRows.ts), then the filters
	const rows = useMemo(() => {
		const keep = needle || hideObservations ? (event: ConversationEvent) => !(hideObservations && isQuietObservation(event)) && !(needle && !haystack(event).includes(needle)) : undefined;
		return eventRows(events, keep) ?? (keep ? [] : null);
	}, [events, needle, hideObservations]);

	const count = rows ? rows.length : events.length;
	const view = useMemo<TableView>(() => {
		let positions: Map<string, number> | null = null;
		const eventAt = (i: number) => events[rows ? rows[i]! : i];
		return {
			count,
			height,
			keyAt: i => eventAt(i)?.id ?? null,
			indexOf(key) {
				if (!positions) {
					positions = new Map();
					for (let i = 0; i < count; i++) positions.set(eventAt(i)!.id, i);
				}
				return positions.get(key) ?? -1;
			},
		};
	}, [events, rows, count, height]);
	const {index, offset} = resolveScroll(scroll, view);
	const eventIndex = (i: number) => (rows ? rows[i]! : i);
	const selected = count ? events[eventIndex(index)] : undefined;

	// The store follows (polls for newer events) only while the view does.
	const reportedFollow = useRef(true);
	useEffect(() => {
		if (reportedFollow.current === scroll.follow) return;
		reportedFollow.current = scroll.follow;
		fleet.setFollow(scroll.follow);
	}, [fleet, scroll.follow]);

	const lastViewport = useRef('');
	useEffect(() => {
		if (count === 0) return;
		const lastRow = Math.min(count, offset + height) - 1;
		// a usage row moved up makes the rows on screen a few events wider than their ends
		const onScreen = rows ? rows.slice(offset, lastRow + 1) : null;
		const first = onScreen ? Math.min(...onScreen) : offset;
		const last = onScreen ? Math.max(...onScreen) : lastRow;
		const key = `${first}:${last}`;
		if (key === lastViewport.current) return;
		lastViewport.current = key;
		fleet.setActivityViewport(first, last);
	}, [fleet, rows, count, offset, height]);

	useEffect(() => {
		if (!activity || !activity.hasOlder || activity.loadingOlder || activity.loading) return;
		const nearTop = !scroll.follow && index < NEAR_TOP;
		const unfilled = !needle && count < height;
		if (nearTop || unfilled) fleet.loadOlderEvents();
	}, [fleet, activity, scroll.follow, index, needle, count, height]);

	const filterCursor = useFilterInput(filter, setFilter, active);

	const move = useCallback((action: TableAction) => setScroll(s => stepScroll(s, action, view)), [view]);
	return {
		rows,
		/** a filter or the observations toggle hides some events */
		filtered: needle !== '' || hideObservations,
		count,
		index,
		offset,
		selected,
		follow: scroll.follow,
		move,
		/** `G`: the newest event, following */
		followEnd: () => setScroll(followScroll),
		toggleFollow: () => setScroll(s => (s.follow ? pauseScroll(s, view) : followScroll(s))),
		filter,
		filterCursor,
		editFilter: () => setFilter(f => ({...f, editing: true})),
		clearFilter: () => setFilter({text: '', editing: false}),
		hideObservations,
		toggleObservations: () => setHideObservations(h => !h),
		/** rows below the selection (newer events not on screen while not following) */
		newerBelow: count - 1 - index,
	};
}

export type EventRows = ReturnType<typeof useEventRows>;
