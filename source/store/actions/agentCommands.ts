import type {AgentCommand, CallOptions, OpenHandsClient} from '../../api/client.js';
import {ApiError} from '../../api/errors.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {outcomeUnknown} from './actions.js';
import type {Activity} from '../activity/activity.js';
import {targetOf} from './agentTarget.js';
import {knownStatus} from './knownStatus.js';
import {agentNow, StatusUnread, WAITING} from './safeSend.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage, isAbort} from '../oneLine.js';
import type {PendingAction} from '../types.js';
import type {WatchHub} from './watches.js';

const WHAT: Record<AgentCommand, string> = {
	pause: 'pausing the agent',
	run: 'running the agent',
	interrupt: 'interrupting the agent',
	accept: 'accepting the action',
	reject: 'rejecting the action',
};

/** Said at once: a real agent answers pause after its current step (12.6 s, 49.9 s measured), run when it stops. */
const UNDER_WAY: Record<AgentCommand, string> = {
	pause: 'pausing the agent after its current step…',
	run: 'starting the agent…',
	interrupt: 'interrupting the agent…',
	accept: 'accepting: the agent goes on with the action…',
	reject: 'rejecting the action…',
};

const DONE: Record<AgentCommand, string> = {
	pause: 'agent paused',
	run: 'agent running',
	interrupt: 'agent interrupted',
	accept: 'action accepted',
	reject: 'action rejected',
};

/** Statuses after which the agent does nothing more until a message: pause has nothing to stop. */
const ENDED: Record<string, string> = {finished: 'finished', error: 'stopped with an error', stuck: 'is stuck'};
const ENDED_NOW: Record<string, string> = {finished: 'the agent has finished', error: 'the agent has stopped with an error', stuck: 'the agent is stuck'};

/**
 * The agent commands a, x, P, R (issue 10 §3), as they behave on real agents (issue 21):
 *
 * - They take long: the agent server answers pause only after the agent's current step and run or
 *   accept when it stops (item 12). The footer says at once what is under way; the user goes on;
 *   the command is done when the server answers or when the conversation's status (its events while
 *   the activity follows, or a re-read) shows it happened, whichever comes first. A call that runs
 *   past the action deadline is not "outcome unknown": the status is watched (a re-read every 3 s)
 *   until it shows, and only a watch that runs out says the outcome is unknown.
 * - Each ends with the conversation read again, so the activity's header is never a poll behind
 *   (item 11: a second accept was taken after the header still said "waiting").
 * - What happened is said (item 14): P on an agent that has finished (or stopped, or is paused)
 *   sends nothing and says so; an agent that finishes while pausing is "finished", not "paused".
 *   A pause waits for the step in flight (SDK 1.1.0's lock), and an agent whose step ended waiting
 *   for a confirmation is not paused (the SDK pauses only a running or idle one): that is what is
 *   said, and a watch after a late answer takes any change away from running (issue 27 item 17).
 *   Accept or reject with nothing waiting is not sent (item 7: agent servers answer 200 anyway, and
 *   accept then starts the agent).
 */
export class AgentCommands {
	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly activity: Activity,
		private readonly watches: WatchHub,
	) {}

	control(conversationId: string, command: AgentCommand, reason?: string): void {
		const key = `agent:${conversationId}`;
		const busy = this.core.get().pending.find(p => p.key === key);
		if (busy) {
			this.core.notice('info', `${WHAT[busy.targetState as AgentCommand] ?? 'an agent command'} is still in progress`);
			return;
		}
		const before = this.status(conversationId);
		const refusal = refuse(command, before);
		if (refusal) {
			this.core.notice('info', `${refusal}: nothing was sent`);
			return;
		}
		const entry: PendingAction = {key, kind: 'agent', targetId: conversationId, phase: 'calling', targetState: command, startedAt: this.core.now()};
		this.core.setPending(key, entry);
		this.core.notice('info', UNDER_WAY[command]);
		void this.run(entry, conversationId, command, before, reason);
	}

	private async run(entry: PendingAction, id: string, command: AgentCommand, before: string | null, reason: string | undefined): Promise<void> {
		const stop = this.confirmFromStatus(entry, command, before);
		try {
			const conversation = await this.target(id);
			if (command === 'run' && before !== WAITING && (await this.waitsNow(entry, conversation))) return;
			await this.core.send(PRIORITY.action, o => this.client.controlAgent(targetOf(conversation), command, reason, {...o, deadlineMs: this.core.config.actionDeadlineMs}));
			if (!this.mine(entry)) return;
			const fresh = await this.reread(id);
			const status = fresh ? this.status(id) : null;
			// the server answers when it is done (pause after the step, run and accept when the agent
			// stops): what the status says now is what happened
			this.end(entry, 'info', outcome(command, status, fresh ?? conversation));
		} catch (error) {
			if (!this.mine(entry) || this.core.disposed || isAbort(error)) return;
			if (outcomeUnknown(error)) {
				this.core.notice('info', `${UNDER_WAY[command].replace(/…$/, '')}: no answer yet, watching the agent's status…`);
				this.watch(entry, id, command, error, before);
				return;
			}
			this.end(entry, 'error', `${WHAT[command]} ${isUnreachable(error) ? 'failed' : 'refused'}: ${errorMessage(error)}`);
			void this.reread(id);
		} finally {
			if (!this.mine(entry)) stop();
		}
	}

	/**
	 * A run executes the pending action first (the SDK's implicit confirmation), so R asks while the
	 * agent waits and runs at once otherwise (issue 26 item 1). "Otherwise" was what the store knew, a
	 * poll or a socket frame ago: the status is read again right before the run (as a message does,
	 * ./safeSend.ts), and an agent that waits now, or whose status cannot be read, is not run: the
	 * command ends saying so (R again asks first). True when it ended.
	 */
	private async waitsNow(entry: PendingAction, conversation: AppConversation): Promise<boolean> {
		let why: string | null = null;
		try {
			const now = await agentNow(this.client, targetOf(conversation), {read: call => this.core.send(PRIORITY.action, call)});
			if (now.status === WAITING) why = 'the agent waits for a confirmation now; a run would approve it (R again asks first)';
		} catch (error) {
			if (!(error instanceof StatusUnread)) throw error;
			why = `could not read whether the agent waits for a confirmation (${errorMessage(error.cause)}): a run would approve it`;
		}
		if (why === null || !this.mine(entry)) return why !== null;
		this.end(entry, 'error', `not run: ${why}`);
		// the screen learns that it waits: the next R asks
		void this.reread(conversation.id);
		return true;
	}

	/** The agent's status now, as the activity view shows it (./agentTarget.ts). */
	private status(id: string): string | null {
		return knownStatus(this.core, this.activity, id);
	}

	/** Ends the command when the conversation's status shows it (the activity's events, a list poll, a re-read). */
	private confirmFromStatus(entry: PendingAction, command: AgentCommand, before: string | null): () => void {
		const id = entry.targetId!;
		const stop = this.core.subscribe(() => {
			if (!this.mine(entry)) return stop();
			const conversation = this.activity.conversation(id);
			const status = this.status(id);
			if (conversation && confirmed(command, before, status)) {
				stop();
				this.end(entry, 'info', outcome(command, status, conversation));
			}
		});
		return stop;
	}

	/** After a call with no answer: the conversation re-read every 3 s until its status shows the command, or the watch time-out. */
	private watch(entry: PendingAction, id: string, command: AgentCommand, error: unknown, before: string | null): void {
		this.core.setPending(entry.key, {...entry, phase: 'checking'});
		const watched = this.core.get().pending.find(p => p.key === entry.key);
		const startedAt = this.core.now();
		this.watches.watch<AppConversation>('conversation', id, {
			deadline: () => startedAt + this.core.config.watchTimeoutMs,
			alive: () => this.core.get().pending.find(p => p.key === entry.key) === watched,
			onResult: (conversation, sentAt) => {
				if (!conversation) return this.end(entry, 'error', `${WHAT[command]}: the server no longer knows this conversation`);
				this.activity.putConversation(conversation, sentAt);
				return !this.mine(entry);
			},
			onGiveUp: () => {
				const seconds = Math.round(this.core.config.watchTimeoutMs / 1000);
				const now = this.status(id);
				// it changed, but not to what the command makes: say to what
				const changed = now !== null && now !== before ? `the agent is ${STATUS_WORDS[now] ?? now} now` : `the status did not change within ${seconds} s`;
				this.end(entry, 'error', `${WHAT[command]}: outcome unknown, ${changed}, the events will tell · ${errorMessage(error)}`);
			},
		});
	}

	/** The conversation with its agent server's address and key (read again unless the activity holds it running). */
	private async target(id: string): Promise<AppConversation> {
		const known = this.activity.conversation(id);
		// a server without sandboxes (an agent server) serves its conversations itself: no address needed
		const reachable = known?.conversation_url || this.core.get().server?.capabilities.sandboxes === false;
		if (known && known.sandbox_status === 'RUNNING' && reachable) return known;
		const conversation = await this.reread(id);
		if (!conversation) throw new ApiError({kind: 'not_found', message: 'the server no longer knows this conversation'});
		return conversation;
	}

	/** A batch get at action priority; the activity and the list take the answer. Null when unknown or failed. */
	private async reread(id: string): Promise<AppConversation | null> {
		try {
			const sentAt = this.core.now();
			const [conversation] = await this.core.send(PRIORITY.action, (o: CallOptions) => this.client.getConversations([id], o));
			if (!conversation) return null;
			this.activity.putConversation(conversation, sentAt);
			return this.activity.conversation(id) ?? conversation;
		} catch (error) {
			if (error instanceof ApiError && error.kind === 'not_found') return null;
			return null;
		}
	}

	private mine(entry: PendingAction): boolean {
		return !this.core.disposed && this.core.get().pending.some(p => p.key === entry.key && p.startedAt === entry.startedAt);
	}

	/** Ends the command once (true: a watch is over). */
	private end(entry: PendingAction, level: 'info' | 'error', text: string): true {
		if (this.mine(entry)) {
			this.core.setPending(entry.key, null);
			this.core.notice(level, text);
		}
		return true;
	}
}

/** Why a command is not sent, from the status the view shows; null: send it. */
function refuse(command: AgentCommand, status: string | null): string | null {
	if (status === null) return null;
	if (command === 'pause' || command === 'interrupt') {
		if (status === 'paused') return 'the agent is already paused';
		if (ENDED_NOW[status]) return `${ENDED_NOW[status]}: there is nothing to ${command}`;
	}
	if ((command === 'accept' || command === 'reject') && status !== 'waiting_for_confirmation') return 'the agent is not waiting for a confirmation';
	return null;
}

/** A status in words, in a sentence (`the agent is …`). */
const STATUS_WORDS: Record<string, string> = {
	waiting_for_confirmation: 'waiting for your confirmation',
	running: 'running',
	idle: 'idle',
	paused: 'paused',
	finished: 'finished',
	error: 'stopped with an error',
	stuck: 'stuck',
};

/**
 * Whether the status shows the command happened, or made it moot: the agent ended meanwhile, or (a
 * pause, an interrupt) it left running some other way, e.g. its step ended waiting for a confirmation.
 */
function confirmed(command: AgentCommand, before: string | null, status: string | null): boolean {
	if (status === null) return false;
	switch (command) {
		case 'pause':
		case 'interrupt':
			return status === 'paused' || status in ENDED || (status !== 'running' && status !== before);
		case 'run':
			return status !== before && status !== 'paused';
		default:
			return status !== 'waiting_for_confirmation';
	}
}

/** What happened, in words, for the footer (item 14: never "agent paused" for an agent that finished). */
function outcome(command: AgentCommand, status: string | null, conversation: AppConversation): string {
	const title = conversation.title?.trim() || conversation.id;
	if ((command === 'pause' || command === 'interrupt') && status !== null && status !== 'paused' && ENDED[status]) {
		return `the agent ${ENDED[status]} before it could ${command === 'pause' ? 'pause' : 'be interrupted'}: ${title}`;
	}
	// the step in flight ended waiting for a confirmation (or idle): the SDK pauses only a running agent
	if ((command === 'pause' || command === 'interrupt') && (status === 'waiting_for_confirmation' || status === 'idle')) {
		return `not ${command === 'pause' ? 'paused' : 'interrupted'}: the agent's step ended ${status === 'idle' ? 'and it is idle' : 'waiting for your confirmation'}: ${title}`;
	}
	return `${DONE[command]}: ${title}`;
}

function isUnreachable(error: unknown): boolean {
	return error instanceof ApiError && (error.kind === 'unreachable' || error.kind === 'timeout');
}
