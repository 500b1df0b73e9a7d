/**
 * Which events are rows, and in what order, on the screens that list them (the activity, the
 * preview): issue 26 item 17.
 *
 * - `last_user_message_id` state updates come after every message (agent-server doc 4.4: a state
 *   field's change, persisted) and say nothing a person reads: no row.
 * - A `stats` update (the usage line) is stored after its step's observation but stamped when the
 *   LLM answered, before the step's action (agent-server doc 6.2): its row goes up to its time, so
 *   the rows read in time order. Only it moves, and only past the few rows of its step; every
 *   other event keeps the server's storage order, the order the doc says to trust.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import {eventEpoch} from '../time.js';

/** How far back a usage row may move: its step's action and observation, with room to spare. */
const STEP_ROWS = 8;

const stateKey = (event: ConversationEvent): unknown => (event.kind === 'ConversationStateUpdateEvent' ? event.raw['key'] : undefined);

/** An event that is no row on any screen. */
export function isNoiseEvent(event: ConversationEvent): boolean {
	return stateKey(event) === 'last_user_message_id';
}

/**
 * The rows to show, as indexes into `events`: noise left out, usage rows at their time, and only
 * the events `keep` keeps (a filter). Null when that is every event in order (nothing to map).
 */
export function eventRows(events: readonly ConversationEvent[], keep?: (event: ConversationEvent) => boolean): number[] | null {
	const out: number[] = [];
	let mapped = false;
	for (let i = 0; i < events.length; i++) {
		const event = events[i]!;
		if (isNoiseEvent(event) || (keep && !keep(event))) {
			mapped = true;
			continue;
		}
		let at = out.length;
		if (stateKey(event) === 'stats') {
			const time = eventEpoch(event.timestamp);
			while (time !== null && at > 0 && out.length - at < STEP_ROWS && (eventEpoch(events[out[at - 1]!]!.timestamp) ?? time) > time) at--;
		}
		if (at < out.length) mapped = true;
		out.splice(at, 0, i);
	}
	return mapped ? out : null;
}
