import type {CallOptions, OpenHandsClient} from '../../api/client.js';
import {ApiError, isApiError} from '../../api/errors.js';
import type {AppConversation, ConfirmationPolicy} from '../../api/schemas/index.js';
import {type Actions, outcomeUnknown} from './actions.js';
import type {Activity} from '../activity/activity.js';
import {policyText, targetOf} from './agentTarget.js';
import {knownStatus} from './knownStatus.js';
import {CannotReject, type PendingAnswer, type SafeSendOutcome, StatusUnread, SUPERSEDED, sendSafely, StepFailed, StillWaiting, WAITING} from './safeSend.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage, isAbort} from '../oneLine.js';
import type {MessageOptions, PendingAction} from '../types.js';

/**
 * Drafts, messages and the confirmation policy (issue 10, section 2); the agent commands are
 * ./agentCommands.ts.
 *
 * - Drafts live until the app quits; a failed send keeps its draft, a sent message clears it
 *   (unless the user has typed a new one meanwhile).
 * - A message is exactly one POST. With `resumeFirst`, the sandbox goes through the store's own
 *   resume path (call, then a watch to RUNNING), the conversation is read again (a resumed sandbox
 *   may have a new agent address and key), and only then the message goes.
 * - A message never approves (issue 26 item 1, ./safeSend.ts): right before it, the agent's status is
 *   read from its agent server; actions that wait are rejected first ("superseded by a new message"),
 *   or, where the agent server cannot reject (before SDK 1.6.0), nothing is sent and the draft is kept,
 *   unless the user chose `acceptFirst` in the message box.
 * - Every send and agent command ends in a notice: done, refused (with the server's reason),
 *   unreachable, or, when the call timed out after it was sent, "outcome unknown" (it may have
 *   happened: the activity's next events tell; a message keeps its draft). One of each at a time per
 *   conversation (PendingAction `message:`/`agent:`).
 * - The calls get `actionDeadlineMs`, as the sandbox actions do: the app server's send-message
 *   forwards to the agent server with a 30 s time-out of its own (shared/openhands-api-newer.md 5.1),
 *   the reads' 30 s deadline would give up just as it answers.
 */
export class Messages {
	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly actions: Actions,
		private readonly activity: Activity,
	) {}

	saveDraft(conversationId: string, text: string): void {
		const snapshot = this.core.get();
		const current = snapshot.drafts[conversationId];
		if (text === '' ? current === undefined : current === text) return;
		const drafts = {...snapshot.drafts};
		if (text === '') delete drafts[conversationId];
		else drafts[conversationId] = text;
		this.core.set({...snapshot, drafts});
	}

	send(conversationId: string, text: string, options: MessageOptions = {}): void {
		if (text.trim() === '') {
			this.core.notice('info', 'nothing to send: the message is empty');
			return;
		}
		const key = `message:${conversationId}`;
		if (this.core.get().pending.some(p => p.key === key)) {
			this.core.notice('info', 'a message to this conversation is already on its way');
			return;
		}
		this.saveDraft(conversationId, text);
		// an accept or reject of the same actions in flight: a reject here would cross it
		const agentBusy = this.core.get().pending.some(p => p.key === `agent:${conversationId}`);
		if (agentBusy && knownStatus(this.core, this.activity, conversationId) === WAITING) {
			this.core.notice('error', 'message not sent: an answer to the pending action is still on its way; the draft is kept');
			return;
		}
		const entry = this.pending(key, 'message', conversationId, options.resumeFirst ? 'watching' : 'calling', options.resumeFirst ? 'RUNNING' : 'sent');
		void this.deliver(entry, conversationId, text, options.resumeFirst === true, options.acceptFirst ? 'accept' : 'reject');
	}

	/** One request; the new policy shows at once (the conversation is read again after it). */
	setPolicy(conversationId: string, policy: ConfirmationPolicy): void {
		const key = `agent:${conversationId}`;
		if (this.core.get().pending.some(p => p.key === key)) {
			this.core.notice('info', 'an agent command is still in progress');
			return;
		}
		const entry = this.pending(key, 'agent', conversationId, 'calling', 'policy');
		void (async () => {
			try {
				const conversation = await this.target(conversationId, false);
				await this.act(o => this.client.setConfirmationPolicy(targetOf(conversation), policy, o));
				this.activity.policyChanged(conversationId, policy);
				this.done(entry, 'info', `confirmation: ${policyText(policy)}: ${titleOf(conversation)}`);
			} catch (error) {
				this.failed(entry, error, 'switching the confirmation policy');
			}
		})();
	}

	private async deliver(entry: PendingAction, conversationId: string, text: string, resumeFirst: boolean, answer: PendingAnswer): Promise<void> {
		try {
			// resuming needs only the sandbox id: a listed copy will do (the address and key come after)
			const listed = resumeFirst ? this.activity.conversation(conversationId) : null;
			let conversation = listed ?? (await this.target(conversationId, false));
			if (resumeFirst && conversation.sandbox_status !== 'RUNNING') {
				const why = await this.resume(conversation.sandbox_id);
				if (!this.mine(entry)) return;
				conversation = await this.target(conversationId, true);
				if (conversation.sandbox_status !== 'RUNNING') {
					throw new ApiError({kind: 'server', message: why ?? `the sandbox did not come back (it is ${conversation.sandbox_status})`});
				}
				this.core.setPending(entry.key, {...entry, phase: 'calling', targetState: 'sent'});
			} else if (listed) {
				conversation = await this.target(conversationId, false);
			}
			const outcome = await sendSafely(this.client, targetOf(conversation), text, {
				answer,
				read: call => this.core.send(PRIORITY.action, call),
				act: (_step, call) => this.act(call),
			});
			if (this.core.get().drafts[conversationId] === text) this.saveDraft(conversationId, '');
			this.done(entry, 'info', sentText(outcome, titleOf(conversation)));
		} catch (error) {
			if (error instanceof StatusUnread) return this.done(entry, 'error', `message not sent: ${error.message}; the draft is kept`);
			if (error instanceof CannotReject || error instanceof StillWaiting) return this.done(entry, 'error', `message not sent: ${error.message}; the draft is kept`);
			if (error instanceof StepFailed) {
				const cause = error.cause instanceof UnknownOutcome ? error.cause.cause : error.cause;
				const unknown = error.cause instanceof UnknownOutcome ? 'no answer in time (it may have happened, the events will tell)' : errorMessage(cause);
				return this.done(entry, 'error', `message not sent: ${error.step === 'reject' ? 'rejecting' : 'accepting'} the pending action first failed: ${unknown}; the draft is kept`);
			}
			this.failed(entry, error, 'message not sent');
		}
	}

	/**
	 * The conversation as the store knows it, or read again (action priority) when asked, when it
	 * is not loaded, or when it lacks what the agent server needs (address, key: only while RUNNING).
	 */
	private async target(conversationId: string, fresh: boolean): Promise<AppConversation> {
		const known = this.activity.conversation(conversationId);
		// a server without sandboxes (an agent server) serves its conversations itself: no address needed
		const reachable = known?.conversation_url || this.core.get().server?.capabilities.sandboxes === false;
		if (known && !fresh && known.sandbox_status === 'RUNNING' && reachable) return known;
		const sentAt = this.core.now();
		const [conversation] = await this.core.send(PRIORITY.action, o => this.client.getConversations([conversationId], o));
		if (!conversation) throw new ApiError({kind: 'not_found', message: 'the server no longer knows this conversation'});
		this.activity.putConversation(conversation, sentAt);
		return conversation;
	}

	/** An action call: action priority, the action deadline; a time-out after sending is an unknown outcome. */
	private async act<T>(call: (options: CallOptions) => Promise<T>): Promise<T> {
		try {
			return await this.core.send(PRIORITY.action, options => call({...options, deadlineMs: this.core.config.actionDeadlineMs}));
		} catch (error) {
			throw outcomeUnknown(error) ? new UnknownOutcome(error) : error;
		}
	}

	/** The store's resume path; resolves when it is over, with the error it reported if any. */
	private async resume(sandboxId: string): Promise<string | null> {
		const before = this.core.get().notice;
		this.actions.resume(sandboxId);
		const busy = () => this.core.get().pending.some(p => (p.kind === 'resume' || p.kind === 'pause') && p.targetId === sandboxId);
		await new Promise<void>(resolve => {
			if (!busy()) return resolve();
			const stop = this.core.subscribe(() => {
				if (busy() && !this.core.disposed) return;
				stop();
				resolve();
			});
		});
		const after = this.core.get().notice;
		return after && after !== before && after.level === 'error' ? after.text : null;
	}

	private pending(key: string, kind: 'message' | 'agent', targetId: string, phase: PendingAction['phase'], targetState: string): PendingAction {
		const entry: PendingAction = {key, kind, targetId, phase, targetState, startedAt: this.core.now()};
		this.core.setPending(key, entry);
		return entry;
	}

	private mine(entry: PendingAction): boolean {
		return !this.core.disposed && this.core.get().pending.some(p => p.key === entry.key && p.startedAt === entry.startedAt);
	}

	private done(entry: PendingAction, level: 'info' | 'error', text: string): void {
		if (this.core.disposed) return;
		this.core.setPending(entry.key, null);
		this.core.notice(level, text);
	}

	/** `refused: <the server's reason>` or `failed: <why it could not be reached>`, one line. */
	private failed(entry: PendingAction, error: unknown, what: string): void {
		if (this.core.disposed || isAbort(error)) return;
		if (error instanceof UnknownOutcome) {
			const subject = what === 'message not sent' ? 'the message' : what;
			const kept = entry.kind === 'message' ? '; the draft is kept' : '';
			// what to do first: a long path in the reason may be cut at the footer's width
			this.done(entry, 'error', `${subject}: outcome unknown, the events will tell${kept} · ${errorMessage(error.cause)}`);
			return;
		}
		const unreachable = isApiError(error) && (error.kind === 'unreachable' || error.kind === 'timeout');
		const verb = what === 'message not sent' ? '' : unreachable ? ' failed' : ' refused';
		this.done(entry, 'error', `${what}${verb}: ${errorMessage(error)}`);
	}
}

/** The call was sent and timed out (or a gateway gave up on it): it may have happened. */
class UnknownOutcome extends Error {
	constructor(override readonly cause: unknown) {
		super('outcome unknown');
	}
}

/** What the footer says when it went: what was done to the pending actions first, if anything. */
function sentText(outcome: SafeSendOutcome, title: string): string {
	if (outcome.accepted) return `accepted the pending action, then sent the message to ${title}`;
	if (outcome.rejected > 0) return `rejected the pending action first (${SUPERSEDED}), then sent the message to ${title}`;
	return `message sent to ${title}`;
}

function titleOf(conversation: AppConversation): string {
	return conversation.title?.trim() || conversation.id;
}
