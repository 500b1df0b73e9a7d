/**
 * What a confirmation says goes with an action (issue 11): a conversation's sandbox is deleted by
 * the server only when no other conversation uses it (shared/openhands-api-newer.md 7.1, 8.4), and
 * pausing a shared sandbox pauses every conversation in it. Names come from `conversationsInSandbox`.
 */
import type {AppConversation, Sandbox} from '../../api/schemas/index.js';
import type {FleetSnapshot, Tagged} from '../../fleet/types.js';
import {shortId} from '../../present/format.js';
import {clean} from '../../text/sanitize.js';
import {detailRows} from '../widgets/Confirm.js';
import {maskTitle} from '../../text/secrets.js';

export type Question = {
	message: string;
	/** what else goes with it; null when there is nothing to add */
	detail: string | null;
	/** false while the names are still being looked up: confirming waits */
	ready: boolean;
};

const MAX_NAMES = 3;

export function conversationName(c: AppConversation): string {
	const title = maskTitle(c.title);
	return title ? `"${title}"` : shortId(c.id, 12);
}

/** `"A", "B" and 2 more` */
export function names(conversations: readonly AppConversation[]): string {
	const shown = conversations.slice(0, MAX_NAMES).map(conversationName);
	const rest = conversations.length - shown.length;
	if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
	if (shown.length <= 1) return shown.join('');
	return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

type Found = FleetSnapshot['sandboxConversations'];

type Lookup = {others: readonly AppConversation[]; caveat: string} | {pending: true} | {failed: string};

/** The conversations in `sandboxId` of `server` other than `exceptId`, as far as the lookup got. */
function lookup(found: Found, server: string, sandboxId: string, exceptId: string | null): Lookup {
	if (!found || found.sandboxId !== sandboxId || found.server !== server) return {pending: true};
	if (found.error) return {failed: found.error.message};
	if (!found.conversations) return {pending: true};
	const caveat = found.source === 'loaded' ? ' (among the loaded conversations: this server cannot look up a sandbox\'s conversations)' : '';
	return {others: found.conversations.filter(c => c.id !== exceptId), caveat};
}

export function deleteConversationQuestion(c: Tagged<AppConversation>, found: Found): Question {
	const message = `Delete conversation ${conversationName(c)}?`;
	// an agent server's conversation has no sandbox to go with it (one DELETE, agent-server doc 4.4)
	if (!c.sandbox_id) return {message, detail: 'its events and state go from the agent server; this cannot be undone', ready: true};
	const sandbox = clean(c.sandbox_id);
	const seen = lookup(found, c.server, c.sandbox_id, c.id);
	if ('pending' in seen) return {message, detail: `checking which conversations use sandbox ${sandbox}…`, ready: false};
	if ('failed' in seen) {
		return {message, detail: `could not check who else uses sandbox ${sandbox} (${seen.failed}); the server deletes it only if nobody does`, ready: true};
	}
	if (seen.others.length === 0) return {message, detail: `its sandbox ${sandbox} is deleted too: no other conversation uses it${seen.caveat}`, ready: true};
	return {message, detail: `its sandbox ${sandbox} stays: ${names(seen.others)} still use${seen.others.length === 1 ? 's' : ''} it${seen.caveat}`, ready: true};
}

export function deleteSandboxQuestion(s: Tagged<Sandbox>, found: Found): Question {
	const message = `Delete sandbox ${clean(s.id)}?`;
	const seen = lookup(found, s.server, s.id, null);
	if ('pending' in seen) return {message, detail: 'checking which conversations use it…', ready: false};
	if ('failed' in seen) return {message, detail: `could not check which conversations use it (${seen.failed})`, ready: true};
	if (seen.others.length === 0) return {message, detail: `no conversation uses it${seen.caveat}`, ready: true};
	const n = seen.others.length;
	const what = n === 1 ? `its conversation ${names(seen.others)} loses its runtime` : `its ${n} conversations ${names(seen.others)} lose their runtime`;
	return {message, detail: `${what}${seen.caveat}`, ready: true};
}

/**
 * `p`/`r` on a conversation acts on its sandbox. A pause always asks (issue 26 item 7: `p` on a row
 * paused the whole sandbox without a word, and the pending approval vanished under `‖ paused`):
 * it names what stops with it, the other conversations in the sandbox and the action waiting for
 * the user (`waitsFor`, its line), and that `P` pauses only the agent. A resume asks only when
 * other conversations share the sandbox (null: no question needed), naming them.
 */
export function sandboxActionQuestion(kind: 'pause' | 'resume', c: Tagged<AppConversation>, found: Found, waitsFor: string | null = null): Question | null {
	const message = `${kind === 'pause' ? 'Pause' : 'Resume'} sandbox ${clean(c.sandbox_id)} of ${conversationName(c)}?`;
	const seen = lookup(found, c.server, c.sandbox_id, c.id);
	if ('pending' in seen) return {message, detail: 'checking which conversations share it…', ready: false};
	if (kind === 'resume') {
		if ('failed' in seen) return {message, detail: `could not check which conversations share it (${seen.failed})`, ready: true};
		return seen.others.length === 0 ? null : {message, detail: `it also holds ${names(seen.others)}${seen.caveat}`, ready: true};
	}
	const others =
		'failed' in seen
			? `could not check which other conversations run in it (${seen.failed})`
			: seen.others.length === 0
				? `no other conversation runs in it${seen.caveat}`
				: `${names(seen.others)} stop${seen.others.length === 1 ? 's' : ''} too${waitingNote(seen.others)}${seen.caveat}`;
	const waits = waitsFor ? `; the action it waits for you to approve (${waitsFor}) stays unanswered while paused` : '';
	return {message, detail: `the whole runtime stops: ${others}${waits}. P pauses only the agent`, ready: true};
}

/** `("B" waits for your confirmation)` when conversations that stop wait for the user. */
function waitingNote(others: readonly AppConversation[]): string {
	const waiting = others.filter(o => o.execution_status === 'waiting_for_confirmation');
	if (waiting.length === 0) return '';
	return ` (${names(waiting)} wait${waiting.length === 1 ? 's' : ''} for your confirmation)`;
}

/** Rows a Confirm of this question takes at this width (the detail wraps). */
export function questionHeight(question: Question | null, width: number): number {
	if (!question) return 0;
	return 2 + detailRows(question.detail, width).length;
}
