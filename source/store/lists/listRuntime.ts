import {Lane} from '../lane.js';
import type {ResourceName} from '../types.js';

/** What ./resources.ts keeps of each resource to plan its polls: freshness, failures, timers. */
export type Runtime = {
	name: ResourceName;
	lane: Lane;
	/** internal freshness: the last successful fetch, changed or not */
	lastSuccessAt: number | null;
	failures: number;
	retryAt: number | null;
	cancelTimer: (() => void) | null;
	/** the check that marks the visible resource stale when two intervals pass without a success */
	cancelStaleCheck: (() => void) | null;
	/** when it was last made visible (a shown tab's first fetch gets one interval of grace) */
	shownAt: number;
	/** the server cannot serve it (`unsupported`): not polled again until the server changes */
	final: boolean;
};

/** A resource not fetched yet; `idle` runs after each job of its lane (the next poll is planned there). */
export function newRuntime(name: ResourceName, idle: () => void): Runtime {
	return {
		name,
		lane: new Lane(idle),
		lastSuccessAt: null,
		failures: 0,
		retryAt: null,
		cancelTimer: null,
		cancelStaleCheck: null,
		shownAt: 0,
		final: false,
	};
}
