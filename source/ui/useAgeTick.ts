/**
 * Draws again when an age on screen (`relativeTime(at)`) would read differently, and not otherwise:
 * the activity's footer said "8s ago" after 64 s while its socket was live and idle, since nothing
 * else drew it (issue 26 item 14). One timer, for the next change: a second under a minute, then a
 * minute, an hour; a quiet screen writes a few bytes when the text moves, nothing in between.
 */
import {useEffect, useReducer} from 'react';
import {relativeTimeChangesIn} from '../present/format.js';

export function useAgeTick(at: number | null, now: () => number): void {
	const [ticks, tick] = useReducer((n: number) => n + 1, 0);
	const wait = at === null ? null : relativeTimeChangesIn(at, now());
	useEffect(() => {
		if (wait === null) return;
		// a little after the boundary, so the draw reads the new text
		const timer = setTimeout(tick, wait + 20);
		return () => clearTimeout(timer);
	}, [at, wait, ticks]);
}
