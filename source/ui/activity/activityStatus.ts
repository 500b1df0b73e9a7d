/** The line under the activity's rows: follow, counts, filter, loading, the selected event's time. */
import type {ActivityState} from '../../store/types.js';
import {count, relativeTime} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {eventDateTime, eventEpoch} from '../../present/time.js';
import type {EventRows} from './useEventRows.js';

type Input = {activity: ActivityState | null; list: EventRows; now: number};

export function activityStatusLine({activity, list, now}: Input): string {
	if (!activity) return 'opening…';
	if (activity.error) return `events: ${clean(activity.error.message)}`;
	// `follow off`, not `paused`: on this screen that word is the agent's and the sandbox's (issue 19 §4)
	const parts: string[] = [list.follow ? 'following' : list.newerBelow > 0 ? `follow off · ${count(list.newerBelow)} newer below (G follows)` : 'follow off (G follows)'];
	const loaded = activity.events.length;
	if (list.filter.text) parts.push(`filter "${clean(list.filter.text)}": ${count(list.count)} of ${count(loaded)}`);
	else parts.push(`${count(loaded)} event${loaded === 1 ? '' : 's'}${activity.hasOlder ? ' (older on scroll up)' : ''}`);
	const unreadable = activity.unreadable ?? 0;
	if (unreadable > 0) parts.push(`${count(unreadable)} could not be read`);
	const duplicates = activity.duplicates ?? 0;
	if (duplicates > 0) parts.push(`${count(duplicates)} with a repeated id not shown`);
	if (list.hideObservations) parts.push('outputs hidden (o)');
	if (activity.loadingOlder) parts.push('loading older…');
	const selected = list.selected;
	if (selected) {
		const at = selectedAt(activity, list);
		parts.push(`${eventDateTime(selected.timestamp)}${at === null ? '' : ` (${relativeTime(at, now)})`}`);
	}
	return parts.join(' · ');
}

/** When the selected event happened (UTC epoch ms), for its age in the line; null when unreadable. */
export function selectedAt(activity: ActivityState | null, list: EventRows): number | null {
	const at = list.selected ? eventEpoch(list.selected.timestamp) : null;
	// the server's wall time as sent; how long ago, from its offset to UTC when learned (store/activityAgent.ts)
	return at === null ? null : at - (activity?.agent?.clockOffsetMs ?? 0);
}
