import {badRequest} from '../batch.js';
import {json, type Reply, success} from '../errors.js';
import {pyUuid} from '../ids.js';
import {type Ctx, route} from '../router.js';
import type {State} from '../state.js';

/**
 * Deletes a conversation at once and its sandbox later, in the background, only when no other
 * conversation references it any more (shared sandboxes; `_finalize_sandbox_delete`, newer doc 7.1).
 * The response never waits for that; one start-task step stands in for the real archive + stop time.
 */
export function deleteConversation(state: State, id: string): boolean {
	const conversation = state.removeConversation(id);
	if (!conversation) return false;
	const sandboxId = conversation.sandboxId;
	state.later(state.options.stepMs, () => {
		if (!state.sandboxReferenced(sandboxId)) state.removeSandbox(sandboxId);
	});
	return true;
}

/** Current `DELETE /api/v1/app-conversations/{conversation_id}` (newer doc 7.1; `SS@0266a792`). */
function currentDelete(ctx: Ctx): Reply {
	const id = pyUuid(ctx.params['conversation_id']!);
	if (id === null) return badRequest('Invalid conversation ID format');
	if (!ctx.state.conversationById.has(id)) return json(404, {detail: 'Conversation not found'});
	deleteConversation(ctx.state, id);
	return success();
}

/**
 * Legacy `DELETE /api/conversations/{conversation_id}` (`manage_conversations.py`, newer doc 7.1): a
 * bare `true`, or `false` when unknown; an id over 100 characters is refused first.
 */
function legacyDelete(ctx: Ctx): Reply {
	const raw = ctx.params['conversation_id']!;
	if (raw.length > 100) return badRequest('Conversation ID is too long');
	return json(200, deleteConversation(ctx.state, pyUuid(raw) ?? raw));
}

export const deleteRoutes = [
	route('DELETE', '/api/v1/app-conversations/{conversation_id}', currentDelete, 'current'),
	route('DELETE', '/api/conversations/{conversation_id}', legacyDelete, 'legacy'),
];
