/**
 * When the activity lane's next job is due and which it is (./activity.ts runs it): a pure rule, so
 * the transport's effect on it (issue 18) is in one place.
 *
 * - After a failure: the retry, at its backoff time (the first page again if it never came).
 * - Following, the window away from the newest events (`G`): the newest page again.
 * - Follow off and the window away from the newest events: a read of the conversation for the
 *   header, each interval (§3: the header never freezes).
 * - Otherwise a follow search, an interval after the last success. While the socket is up none
 *   of these (its state updates keep the header current), except the silent check (`silentAt`: the
 *   socket said nothing for an interval while the agent runs) when the window reaches the newest events.
 *   An empty window is followed like any other, socket or not: a socket that cannot replay brings
 *   nothing of what happened before it came up (issue 27 item 7).
 */
import type {Run} from './activityRun.js';

export type Tick = {due: number; job: 'newest' | 'follow' | 'header' | 'silent'};

export function nextTick(run: Run, now: number, refreshMs: number, silentAt: number | null): Tick | null {
	const interval = run.lastFollowAt + refreshMs;
	if (run.failures > 0) return {due: run.retryAt ?? now, job: !run.loaded || (run.hasNewer && run.following) ? 'newest' : run.hasNewer ? 'header' : 'follow'};
	if (!run.loaded || (run.hasNewer && run.following)) return {due: interval, job: 'newest'};
	// the socket's state updates keep the header current even far back
	if (run.live && run.events.length > 0) return run.hasNewer || silentAt === null ? null : {due: silentAt, job: 'silent'};
	if (run.hasNewer) return {due: interval, job: 'header'};
	return {due: interval, job: 'follow'};
}
