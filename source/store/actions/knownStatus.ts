import {parseServerTime} from '../../api/serverTime.js';
import type {Activity} from '../activity/activity.js';
import {latestStatusEvent} from '../activity/activityWindow.js';
import type {Core} from '../core.js';

/**
 * The agent's status now, as the activity view shows it: the newest state update among the open
 * activity's events when it is newer than the conversation's own status, else the conversation's
 * (a poll or a batch get may be a step behind the events, or ahead of them). The agent commands
 * decide with it what is worth sending, and a message whether actions may wait (./safeSend.ts).
 */
export function knownStatus(core: Core, activity: Activity, id: string): string | null {
	const conversation = activity.conversation(id);
	const listed = conversation?.execution_status ?? null;
	const open = core.get().activity;
	if (open?.conversationId !== id) return listed;
	const seen = latestStatusEvent(open.events);
	if (!seen) return listed;
	if (!conversation || listed === null) return seen.status;
	return parseServerTime(seen.timestamp) >= conversation.updated_at ? seen.status : listed;
}
