/**
 * What the events say about the agent now: its execution status, the actions waiting for the
 * user's confirmation (ActionEvents with no following observation while the status is
 * `waiting_for_confirmation`, shared/openhands-api-newer.md 6), and which event answered an action.
 * Scans are bounded: the answer to an action or the last status change is near.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {clean} from '../../text/sanitize.js';
import {obj, str} from './fields.js';
import {summarizeEvent} from './summarize.js';
import {eventEpoch} from '../time.js';

const ANSWERS = new Set(['ObservationEvent', 'UserRejectObservation', 'AgentErrorEvent']);
const SCAN = 500;

/** The observation (or rejection, or tool error) that answered the action at `index`, if loaded. */
export function answerOf(events: readonly ConversationEvent[], index: number): ConversationEvent | undefined {
	const action = events[index];
	if (!action || action.kind !== 'ActionEvent') return undefined;
	const callId = str(action.raw['tool_call_id']);
	for (let i = index + 1; i < events.length && i <= index + SCAN; i++) {
		const e = events[i]!;
		if (!ANSWERS.has(e.kind)) continue;
		if (str(e.raw['action_id']) === action.id || (callId && str(e.raw['tool_call_id']) === callId)) return e;
	}
	return undefined;
}

/** Trailing actions no observation answered yet, oldest first (parallel tool calls come as several). */
export function pendingActions(events: readonly ConversationEvent[]): ConversationEvent[] {
	const answered = new Set<string>();
	const pending: ConversationEvent[] = [];
	for (let i = events.length - 1; i >= 0 && i >= events.length - SCAN; i--) {
		const e = events[i]!;
		if (ANSWERS.has(e.kind)) {
			for (const id of [str(e.raw['action_id']), str(e.raw['tool_call_id'])]) if (id) answered.add(id);
			continue;
		}
		if (e.kind === 'MessageEvent') break;
		if (e.kind !== 'ActionEvent') continue;
		const callId = str(e.raw['tool_call_id']);
		if (answered.has(e.id) || (callId && answered.has(callId))) break;
		if (obj(e.raw['action'])) pending.unshift(e);
	}
	return pending;
}

/** The status the newest state-update event at or before `index` reports, scanning back a bounded way. */
export function statusAt(events: readonly ConversationEvent[], index: number): {status: string; at: number | null} | null {
	for (let i = Math.min(index, events.length - 1); i >= 0 && i > index - SCAN; i--) {
		const e = events[i]!;
		if (e.kind !== 'ConversationStateUpdateEvent') continue;
		const status = summarizeEvent(e).status;
		if (status) return {status, at: eventEpoch(e.timestamp)};
	}
	return null;
}

/**
 * The agent's execution status: the conversation list's value (polled) or the newest state-update
 * event (followed), whichever is newer (`clockOffsetMs`: the server's local time minus UTC). The app server reports none unless the sandbox is RUNNING
 * (`AppConversation.execution_status`, doc 6): then there is no agent status to show.
 */
export function agentStatus(conversation: AppConversation | undefined, events: readonly ConversationEvent[], clockOffsetMs = 0): string | null {
	const listed = conversation?.execution_status ? clean(conversation.execution_status) : null;
	if (conversation && conversation.sandbox_status !== 'RUNNING') return listed;
	const seen = statusAt(events, events.length - 1);
	if (!seen) return listed;
	if (!listed || !conversation) return seen.status;
	// event stamps are the server's local time (agent-server doc 5.3), updated_at is UTC
	return (seen.at ?? 0) - clockOffsetMs >= conversation.updated_at ? seen.status : listed;
}

/** `terminal $ rm -rf build · risk HIGH` for the approval block. */
export function pendingLine(action: ConversationEvent): string {
	const risk = str(action.raw['security_risk']);
	const tool = clean(str(action.raw['tool_name']));
	const gist = summarizeEvent(action).text;
	return `${tool ? `${tool} ` : ''}${gist}${risk ? ` · risk ${clean(risk)}` : ''}`;
}
