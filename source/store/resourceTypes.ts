/**
 * The state of each server resource the store polls (settings and the three lists) as the UI
 * reads it from the snapshot (./types.ts): data, freshness, failures, paging.
 */
import type {ApiErrorKind} from '../api/errors.js';

export type ResourceName = 'settings' | 'conversations' | 'sandboxes' | 'specs';
export type ListResourceName = Exclude<ResourceName, 'settings'>;

export type ErrorInfo = {
	kind: ApiErrorKind;
	/** one line, safe to show (no key, no control characters beyond what the UI strips) */
	message: string;
	/** epoch ms */
	at: number;
};

export type ResourceState<T> = {
	/** undefined until the first successful fetch */
	data: T | undefined;
	/**
	 * epoch ms of the last successful fetch that changed this state. A poll that brings nothing new
	 * leaves it alone (so nobody is notified); when a fetch fails it is set to the true time of the
	 * last successful fetch, so "stale since" is exact whenever `error` is set.
	 */
	fetchedAt: number | null;
	/**
	 * a fetch the user is waiting for is in flight: the first load (no data yet) or a `refresh()`.
	 * Background polls over existing data never flip it (zero notifications for an unchanged poll).
	 */
	loading: boolean;
	/** the last failed fetch; null once a fetch succeeds again */
	error: ErrorInfo | null;
	/** epoch ms when the next retry after a failure is due (null when healthy) */
	retryAt: number | null;
	/**
	 * epoch ms of the last successful fetch, set only while the visible resource has gone more than two
	 * intervals without one (a hung request, a starved poll) and has no `error` to say so; null (or
	 * absent) otherwise. Set once, when it happens: a healthy screen is not notified every second.
	 */
	staleSince?: number | null;
};

export type ListState<T> = ResourceState<readonly T[]> & {
	/** the server has more items beyond what is loaded */
	hasMore: boolean;
	/** loading stopped at the configured cap (`maxItems`) while more exist */
	capped: boolean;
	/** a further page is being fetched */
	loadingMore: boolean;
	/**
	 * items on the loaded pages that could not be read (a bad date, a missing id) and are left out;
	 * the list shows the rest and says how many (0 or absent: none)
	 */
	unreadable?: number;
};
