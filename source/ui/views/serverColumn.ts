/**
 * The SERVER column (issue 16 §2): with several servers in view, each row says which one it came
 * from, in that server's own colour. A server whose list could not be fetched keeps its rows, marked
 * with `?` (its data may be old: the header says why). The first column, dropped last when narrow.
 */
import {useMemo} from 'react';
import type {FleetSnapshot, ServerName} from '../../fleet/types.js';
import type {ListResourceName} from '../../store/types.js';
import {clean} from '../../text/sanitize.js';
import {selectServerNames, useSnapshot} from '../useStore.js';
import type {Column} from '../widgets/columns.js';

/** Dropped after every other column that can go (the title never goes). */
const DROP_LAST = 0.5;
/** `SERVER↑`: the title and its sort marker */
const MIN_WIDTH = 7;
const MAX_WIDTH = 14;

/** Whether a server's rows of this list may be old: its last fetch failed, or none came for too long. */
export function staleList(snapshot: FleetSnapshot['servers'][number]['snapshot'], resource: ListResourceName): boolean {
	const state = snapshot[resource];
	return state.error !== null || state.staleSince != null;
}

/**
 * The servers in view and which of them are stale, as one string: the selector's value does not
 * change while a poll changes rows, so the view is not drawn again for it.
 */
export function serverMarksKey(snapshot: FleetSnapshot, resource: ListResourceName): string {
	if (snapshot.servers.length < 2) return '';
	return JSON.stringify(snapshot.servers.map(server => [server.name, staleList(server.snapshot, resource)]));
}

/** The conversations list's marks (a stable string: see serverMarksKey). */
export const conversationMarks = (snapshot: FleetSnapshot): string => serverMarksKey(snapshot, 'conversations');

/** Whether these marks say the server's rows may be old. */
export function staleIn(marks: string, server: ServerName): boolean {
	return marks !== '' && (JSON.parse(marks) as [ServerName, boolean][]).some(([name, old]) => old && name === server);
}

export function serverColumn<T extends {server: ServerName}>(names: readonly ServerName[], stale: ReadonlySet<ServerName>, shown: readonly ServerName[]): Column<T> {
	const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, ...shown.map(name => clean(name).length + 1)));
	return {
		id: 'server',
		title: 'SERVER',
		width,
		drop: DROP_LAST,
		// seRver: S opens the server picker and E sorts by the repository (keymap.ts SORT_KEYS)
		sortLetter: 'R',
		// by the text, A to Z (a sortKey would start with the largest first); a stale server's rows all
		// carry its `?`, which sorts as the name without it would
		text: row => (stale.has(row.server) ? `${clean(row.server)}?` : clean(row.server)),
		color: (row, theme) => (stale.has(row.server) ? theme.muted : theme.server(names.indexOf(row.server))),
	};
}

/** The SERVER column for a list view; null with one server in view. */
export function useServerColumn<T extends {server: ServerName}>(resource: ListResourceName): Column<T> | null {
	const select = useMemo(() => (snapshot: FleetSnapshot) => serverMarksKey(snapshot, resource), [resource]);
	const key = useSnapshot(select);
	const names = useSnapshot(selectServerNames);
	return useMemo(() => {
		if (!key) return null;
		const entries = JSON.parse(key) as [ServerName, boolean][];
		const stale = new Set(entries.filter(([, old]) => old).map(([name]) => name));
		return serverColumn<T>(names, stale, entries.map(([name]) => name));
	}, [key, names]);
}
