/**
 * `P` on a conversation row or its details (issue 26 item 7): the agent pauses, not its sandbox
 * (that is `p`, and it asks first). What the key does where it cannot, said instead of sent.
 */
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {clean} from '../../text/sanitize.js';
import {pendingLine} from '../../present/events/pending.js';
import {agentOutOfReach} from '../activity/useActivityKeys.js';

/** Why `P` cannot pause this conversation's agent now, or null when it can. */
export function agentPauseRefusal(c: AppConversation): string | null {
	const out = agentOutOfReach(c);
	if (out) return out;
	if (c.execution_status === 'running') return null;
	return `the agent is ${clean(c.execution_status) || 'not running'}: nothing to pause`;
}

/** What a pause of the sandbox leaves unanswered: the first pending action's line (`+N more`). */
export function waitingLine(pending: readonly ConversationEvent[]): string {
	if (pending.length === 0) return 'an action';
	return `${pendingLine(pending[0]!)}${pending.length > 1 ? ` (+${pending.length - 1} more)` : ''}`;
}
