/**
 * One list from the lists of several servers: rows interleaved by time (newest first), each
 * server's own order kept, so a server's rows on screen are always one run of its own indexes and
 * the rows on screen map back to each store's viewport. One server: its list, tagged, nothing else.
 */
import type {ErrorInfo, ListState} from '../store/types.js';
import {memo, type Tagger} from './tag.js';
import type {ServerName, Tagged} from './types.js';

export type ListSource<T> = {name: ServerName; state: ListState<T>; tagger: Tagger};

/** The rows of one server among those asked for, as indexes into its own list. */
export type ServerRange = {name: ServerName; first: number; last: number};

const prefixed = new WeakMap<ErrorInfo, ErrorInfo>();

/** A server's error, named after it (several servers share one footer line). */
export function namedError(error: ErrorInfo, name: ServerName): ErrorInfo {
	let named = prefixed.get(error);
	if (named === undefined) {
		named = {...error, message: `${name}: ${error.message}`};
		prefixed.set(error, named);
	}

	return named;
}

const NO_SERVERS = new Uint16Array(0);
const NO_INDEXES = new Uint32Array(0);

export class ListMerger<T extends object> {
	private readonly mergeData = memo<{rows: readonly Tagged<T>[] | undefined; server: Uint16Array; index: Uint32Array}>();
	private readonly mergeState = memo<ListState<Tagged<T>>>();
	private sources: readonly ListSource<T>[] = [];
	private merged: {rows: readonly Tagged<T>[] | undefined; server: Uint16Array; index: Uint32Array} = {rows: undefined, server: NO_SERVERS, index: NO_INDEXES};

	/** `time`: what rows are interleaved by (epoch ms); null keeps each server's rows together */
	constructor(private readonly time: ((item: T) => number) | null) {}

	merge(sources: readonly ListSource<T>[]): ListState<Tagged<T>> {
		this.sources = sources;
		this.merged = this.mergeData(
			sources.flatMap(s => [s.state.data, s.tagger]),
			() => this.interleave(sources),
		);
		const rows = this.merged.rows;
		return this.mergeState([rows, ...sources.map(s => s.state)], () => combine(sources, rows));
	}

	/** For each server with rows in `first..last` of the merged list: its own first and last index. */
	ranges(first: number, last: number): ServerRange[] {
		const {server, index} = this.merged;
		const found = new Map<number, ServerRange>();
		const end = Math.min(last, server.length - 1);
		for (let i = Math.max(0, first); i <= end; i++) {
			const source = this.sources[server[i]!];
			if (!source) continue;
			const range = found.get(server[i]!);
			if (range) range.last = index[i]!;
			else found.set(server[i]!, {name: source.name, first: index[i]!, last: index[i]!});
		}

		return [...found.values()];
	}

	private interleave(sources: readonly ListSource<T>[]) {
		const lists = sources.map(s => (s.state.data === undefined ? undefined : s.tagger.list(s.state.data as unknown as readonly object[]) as readonly Tagged<T>[]));
		if (lists.every(list => list === undefined)) return {rows: undefined, server: NO_SERVERS, index: NO_INDEXES};
		// one server: its rows as they are (ranges are never asked for: its viewport is passed on as is)
		if (lists.length === 1) return {rows: lists[0]!, server: NO_SERVERS, index: NO_INDEXES};
		const total = lists.reduce((sum, list) => sum + (list?.length ?? 0), 0);
		const server = new Uint16Array(total);
		const index = new Uint32Array(total);

		const rows: Tagged<T>[] = [];
		const heads = lists.map(() => 0);
		const read = this.time;
		for (let n = 0; n < total; n++) {
			let best = -1;
			let bestTime = Number.NEGATIVE_INFINITY;
			for (let s = 0; s < lists.length; s++) {
				const list = lists[s];
				if (!list || heads[s]! >= list.length) continue;
				// without a time, the first server with rows left goes first (each server's rows together)
				const time = read ? read(list[heads[s]!]!) : 0;
				if (best === -1 || time > bestTime) {
					best = s;
					bestTime = time;
				}
			}

			rows.push(lists[best]![heads[best]!]!);
			server[n] = best;
			index[n] = heads[best]!;
			heads[best]! += 1;
		}

		return {rows, server, index};
	}
}

/** The flags of several lists as one: any loading, the newest success, the first error (named). */
function combine<T>(sources: readonly ListSource<T>[], rows: readonly Tagged<T>[] | undefined): ListState<Tagged<T>> {
	if (sources.length === 1) {
		const {state} = sources[0]!;
		return {...state, data: rows};
	}

	const failing = sources.find(s => s.state.error !== null);
	const fetched = sources.map(s => s.state.fetchedAt).filter((at): at is number => at !== null);
	const stale = sources.map(s => s.state.staleSince).find((at): at is number => at != null);
	return {
		data: rows,
		fetchedAt: fetched.length > 0 ? Math.max(...fetched) : null,
		loading: sources.some(s => s.state.loading),
		error: failing ? namedError(failing.state.error!, failing.name) : null,
		retryAt: failing ? failing.state.retryAt : null,
		staleSince: stale ?? null,
		hasMore: sources.some(s => s.state.hasMore),
		capped: sources.some(s => s.state.capped),
		loadingMore: sources.some(s => s.state.loadingMore),
		unreadable: sources.reduce((sum, s) => sum + (s.state.unreadable ?? 0), 0),
	};
}
