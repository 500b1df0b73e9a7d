/**
 * The one meaning of "needs you" (issue 19 §1, PLAN.md decision 7), as pure functions: the state a
 * conversation is in now, whether that asks for the user, and the attention-first order. The TUI's
 * header count, `!`, `f` and sort, and the commands' `ls --needs-you`, `wait --until needs-you` and
 * `status` all read these, so they cannot disagree.
 *
 * The store keeps the states; how they read (glyphs, words, sentences) is present/states.ts.
 *
 * Needs you = waiting for confirmation, error, stuck, or finished since the user last looked at it
 * ("seen": ./seenStore.ts). The state is read from what the server says now, never from a transition
 * this process happened to watch, so what was already waiting when ohtui started counts at once.
 * An error or a stuck agent the user acknowledged (`d` in `!`, ./acknowledgements.ts) keeps its state
 * but needs you no more until that state changes again.
 */
import type {AppConversation} from '../../api/schemas/index.js';

/** Most urgent first: the attention-first order (issue 19 §2). */
export const ATTENTION_ORDER = ['waiting', 'error', 'stuck', 'finished', 'running', 'idle', 'paused', 'gone'] as const;
export type AttentionState = (typeof ATTENTION_ORDER)[number];

/** The states that need the user. */
export type NeedsYouReason = 'waiting' | 'error' | 'stuck' | 'finished';
const NEEDS: ReadonlySet<AttentionState> = new Set<AttentionState>(['waiting', 'error', 'stuck', 'finished']);

/** The fields the verdict reads (an agent-server conversation has them too: PLAN.md decision 3). */
export type ConversationState = Pick<AppConversation, 'execution_status' | 'sandbox_status'>;

/**
 * Where a conversation stands. The sandbox comes first when it is not there to run anything: a
 * paused sandbox's agent waits for the resume whatever it last said, and a missing one is gone. A
 * sandbox in ERROR with no agent state is gone too: docker reports ERROR while an agent server boots
 * (shared/openhands-api.md 4.1), so it is no verdict on the conversation by itself. `finished`
 * counts only until the user has seen it (`seen`); after that it is idle, waiting for a message.
 */
export function attentionState(conversation: ConversationState, seen: boolean): AttentionState {
	const sandbox = conversation.sandbox_status;
	if (sandbox === 'PAUSED') return 'paused';
	if (sandbox === 'MISSING') return 'gone';
	switch (conversation.execution_status) {
		case 'waiting_for_confirmation':
			return 'waiting';
		case 'error':
			return 'error';
		case 'stuck':
			return 'stuck';
		case 'finished':
			return seen ? 'idle' : 'finished';
		case 'running':
			return 'running';
		case 'paused':
			return 'paused';
		case 'deleting':
			return 'gone';
		case 'idle':
			return 'idle';
		default:
			// no agent state (the sandbox is not running) or one this version does not know
			if (sandbox === 'STARTING') return 'running';
			if (sandbox === 'ERROR') return 'gone';
			return 'idle';
	}
}

/** Why the conversation needs the user now, or null when it does not (`acknowledged`: an error or stuck state acknowledged). */
export function needsYou(conversation: ConversationState, seen: boolean, acknowledged = false): NeedsYouReason | null {
	return needsYouIn(attentionState(conversation, seen), acknowledged);
}

/** The same from a state already judged: an acknowledged error or stuck agent does not need you. */
export function needsYouIn(state: AttentionState, acknowledged: boolean): NeedsYouReason | null {
	if (!NEEDS.has(state)) return null;
	return acknowledged && (state === 'error' || state === 'stuck') ? null : (state as NeedsYouReason);
}

export function isNeedsYou(state: AttentionState): state is NeedsYouReason {
	return NEEDS.has(state);
}

/** 0 for the most urgent state. */
export function attentionRank(state: AttentionState): number {
	return ATTENTION_ORDER.indexOf(state);
}

/**
 * Attention first, then most recent first within a state (by `updatedAt`, ms; an unknown time
 * last), then as given: a stable order for the same input.
 */
export function sortByAttention<T>(items: readonly T[], stateOf: (item: T) => AttentionState, updatedAt: (item: T) => number | null): T[] {
	const keyed = items.map((item, index) => ({item, index, rank: attentionRank(stateOf(item)), at: updatedAt(item) ?? Number.NEGATIVE_INFINITY}));
	keyed.sort((a, b) => a.rank - b.rank || (b.at === a.at ? 0 : b.at > a.at ? 1 : -1) || a.index - b.index);
	return keyed.map(k => k.item);
}
