/**
 * What a conversation is doing now, in a few words (issue 19 §2): the gist of its newest event
 * (`$ pytest -q → exit 1 · 5 passed, 1 failed`, `edit tokens.py`, `thinking…`), what it waits for
 * (`approve: terminal $ rm -rf build`), and how long it has been in its state. Read from its glimpse
 * (store/glimpses.ts); every string comes cleaned and masked from the event summaries.
 */
import type {ConversationEvent} from '../api/schemas/event.js';
import type {AppConversation} from '../api/schemas/index.js';
import type {Glimpse} from '../store/types.js';
import {answerOf, pendingActions} from './events/pending.js';
import {str} from './events/fields.js';
import {summarizeEvent} from './events/summarize.js';
import {parseServerTime} from '../api/serverTime.js';
import {duration} from './format.js';
import {STATE_SENTENCES, type RowState} from './states.js';

/** Events that say nothing about what the agent does. */
const QUIET = new Set(['ConversationStateUpdateEvent', 'TokenEvent', 'LLMCompletionLogEvent', 'StreamingDeltaEvent', 'SystemPromptEvent', 'HookExecutionEvent']);

/** `approve: $ rm -rf build (+1 more)`, or null when nothing is pending (the preview names the tool and risk). */
export function waitsFor(events: readonly ConversationEvent[]): string | null {
	const pending = pendingActions(events);
	if (pending.length === 0) return null;
	return `approve: ${summarizeEvent(pending[0]!).text}${pending.length > 1 ? ` (+${pending.length - 1} more)` : ''}`;
}

/** The gist of the newest event that shows what the agent does, or null when none is loaded. */
export function gist(events: readonly ConversationEvent[]): string | null {
	for (let i = events.length - 1; i >= 0; i--) {
		const event = events[i]!;
		if (QUIET.has(event.kind)) continue;
		const summary = summarizeEvent(event);
		switch (event.kind) {
			case 'ObservationEvent': {
				const action = actionOf(events, event, i);
				return action ? `${summarizeEvent(action).text} → ${summary.text}` : summary.text;
			}
			case 'ActionEvent':
				return answerOf(events, i) ? summary.text : `${summary.text} …`;
			case 'MessageEvent':
				return event.source === 'user' ? 'thinking…' : summary.text;
			default:
				return summary.text;
		}
	}
	return null;
}

function actionOf(events: readonly ConversationEvent[], observation: ConversationEvent, index: number): ConversationEvent | undefined {
	const id = str(observation.raw['action_id']);
	const call = str(observation.raw['tool_call_id']);
	for (let i = index - 1; i >= 0 && i >= index - 50; i--) {
		const e = events[i]!;
		if (e.kind === 'ActionEvent' && (e.id === id || (call && str(e.raw['tool_call_id']) === call))) return e;
	}
	return undefined;
}

/**
 * Since when the agent waits for what it waits for now: its first pending action's time (issue 26
 * item 14: the age counted from the first wait, across actions accepted since); null when none is
 * loaded. Server time read as UTC, as the status changes are, less `offsetMs`, the server's clock
 * ahead of UTC where it was learned (store/clockOffset.ts): a server in New York read "5h" for seconds.
 */
export function waitingSince(events: readonly ConversationEvent[], offsetMs = 0): number | null {
	const first = pendingActions(events)[0];
	const at = first ? parseServerTime(first.timestamp) : Number.NaN;
	return Number.isFinite(at) ? at - offsetMs : null;
}

/**
 * Since when the agent has been in its state: a waiting one, since its pending action; else the
 * newest status change the events showed when it is the status the row has, else the
 * conversation's last update (server time).
 */
export function stateSince(conversation: AppConversation, glimpse: Glimpse | undefined): number | null {
	const offset = glimpse?.clockOffsetMs ?? 0;
	const waiting = conversation.execution_status === 'waiting_for_confirmation' ? waitingSince(glimpse?.events ?? [], offset) : null;
	if (waiting !== null) return waiting;
	const change = glimpse?.stateSince;
	// the events' times are the server's clock face; `updated_at` is UTC already
	if (change && change.status === conversation.execution_status) return change.at - offset;
	return Number.isFinite(conversation.updated_at) ? conversation.updated_at : null;
}

/**
 * The DOING cell: how long in its state, then what it does (`4m $ pytest -q → exit 1 · 5 passed`):
 * the time first, so a narrow column cuts the gist, not the time. `—` for a state that does nothing.
 */
export function doingText(conversation: AppConversation, state: RowState, glimpse: Glimpse | undefined, now: number): string {
	if (!ACTIVE.has(state)) return '—';
	const since = stateSince(conversation, glimpse);
	const age = since === null || since > now ? '' : duration(now - since);
	const events = glimpse?.events ?? [];
	const what = state === 'waiting' ? (waitsFor(events) ?? STATE_SENTENCES.waiting) : state === 'finished' ? 'finished' : (gist(events) ?? (state === 'running' ? 'working…' : state));
	return age ? `${age.padStart(3)} ${what}` : what;
}

const ACTIVE: ReadonlySet<RowState> = new Set(['running', 'waiting', 'error', 'stuck', 'finished']);
