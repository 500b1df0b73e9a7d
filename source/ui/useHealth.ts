/**
 * Connection health of the visible resource, for the header. The store moves `fetchedAt` only
 * when data changes (an unchanged poll notifies nobody, source/store/createStore.ts), so the age of
 * healthy data is unknown here and not shown; after a failed fetch `fetchedAt` is the last success,
 * and the header shows how stale the data is; the store also sets `staleSince` when the visible
 * resource went two intervals without a success and no error says why. A healthy screen runs no
 * timer at all; only while a fetch is failing or the data is stale does a 1 s interval keep
 * "stale for 12s" and "retrying in 4s" current.
 */
import {useEffect, useMemo, useState} from 'react';
import type {ErrorInfo, ResourceState, StoreSnapshot} from '../store/types.js';
import {seconds} from '../present/format.js';

export type Health = {level: 'ok' | 'loading' | 'stale' | 'offline'; text: string};

// Network-level failures mean the server is out of reach; anything else answered but failed.
export const OFFLINE = new Set<ErrorInfo['kind']>(['unreachable', 'timeout', 'aborted']);
/** a failure's word, in the header (here and ./serverHealth.ts) */
export const KIND_WORDS: Partial<Record<ErrorInfo['kind'], string>> = {
	unauthorized: 'unauthorized',
	rate_limited: 'rate limited',
	server: 'server error',
	bad_response: 'bad response',
	not_found: 'not found',
	validation: 'rejected',
	not_openhands: 'not an OpenHands server',
};

/**
 * While an activity is open it is what polls (the lists wait): its search that could not reach the
 * server says the server is out of reach, as a list's would (issue 26 item 8: the header said `ok`
 * while only the activity's status line knew). Part of the snapshot, so a selector may return it.
 */
export function activityOutage(snapshot: StoreSnapshot): ErrorInfo | null {
	const error = snapshot.activity?.error ?? null;
	return error && OFFLINE.has(error.kind) ? error : null;
}

/** The visible list's state, with the open activity's outage when the list itself has no error. */
export function withOutage<S extends ResourceState<unknown>>(state: S, outage: ErrorInfo | null): S {
	return outage && !state.error ? {...state, error: outage, retryAt: null} : state;
}

export function healthOf(state: ResourceState<unknown>, now: number): Health {
	// what this server does not have is no failure: the view says it in one line
	if (state.error?.kind === 'unsupported') return {level: 'ok', text: 'n/a'};
	if (state.error) {
		const retry = state.retryAt !== null ? `retrying in ${seconds(Math.max(0, state.retryAt - now))}` : '';
		const age = state.data !== undefined && state.fetchedAt !== null ? `stale for ${seconds(now - state.fetchedAt)}` : '';
		if (OFFLINE.has(state.error.kind)) {
			return {level: 'offline', text: [['offline', retry].filter(Boolean).join(', '), age].filter(Boolean).join(' · ')};
		}
		const word = KIND_WORDS[state.error.kind] ?? 'error';
		return {level: 'stale', text: [age, [word, retry].filter(Boolean).join(', ')].filter(Boolean).join(' · ')};
	}
	if (state.data === undefined) return {level: 'loading', text: 'loading…'};
	// no error, but no success for more than two intervals either (a hung request, a starved poll)
	if (state.staleSince != null) return {level: 'stale', text: `stale for ${seconds(now - state.staleSince)}`};
	return {level: 'ok', text: 'ok'};
}

export function useHealth(state: ResourceState<unknown>, clock: () => number): Health {
	const [tick, setTick] = useState(0);
	// The clock is read when this resource's state changes or the timer fired, never on its own.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	const now = useMemo(() => clock(), [state, tick, clock]);
	const health = healthOf(state, now);
	const failing = state.error !== null || state.staleSince != null;

	useEffect(() => {
		if (!failing) return;
		const id = setInterval(() => setTick(t => t + 1), 1000);
		return () => clearInterval(id);
	}, [failing]);

	return health;
}
