/**
 * A message that never approves by accident (issue 26 item 1). In confirmation mode an agent server
 * takes a user message sent while it waits for a confirmation as approval: the next run executes the
 * pending actions (OpenHands/software-agent-sdk#5092; shared/openhands-agent-server.md 7.3, "A message
 * approves"; seen on the real 1.43.1 in /work/realserver/FINDINGS.md §1). So before the message:
 *
 * - the agent's status is read from its agent server right before the POST (the conversation as the
 *   agent server reports it: through `conversation_url` for an app server's conversation, the agent
 *   server itself when it is the backend), not from a list poll that may be seconds old; when it
 *   cannot be read (from the app server either), nothing is sent (`StatusUnread`);
 * - while it waits, the pending actions are rejected first with the reason "superseded by a new
 *   message" (what the SDK's proposed fix #5110 does on the server), and the status is read again:
 *   only once it no longer waits does the message go. A server before SDK 1.6.0 cannot reject (its
 *   reject is a pause): nothing is sent (`CannotReject`), unless the user chose to accept first;
 * - `keep` (the command's `--approve-pending`) is the only way to send while it waits: the pending
 *   action then runs, as the server does it.
 *
 * What is left: the status is read, then the message is posted. An agent that is *running* at the read
 * can stop to wait for a confirmation in the round trip between them, and the message then approves
 * that new action. An agent that is idle, finished, paused, stopped or stuck starts no action on its
 * own, and one just rejected stays idle until the message, so the window is only that round trip
 * while the agent runs (a few ms on a LAN). Closing it needs the server (#5110).
 */
import type {CallOptions, OpenHandsClient} from '../../api/client.js';
import type {AgentTarget} from '../../api/types.js';
import {isAbort} from '../oneLine.js';

export const WAITING = 'waiting_for_confirmation';
/** The reason the agent reads in its UserRejectObservation. */
export const SUPERSEDED = 'superseded by a new message';
/** Rejects before giving up: after one the agent is idle; another wait means someone else runs it. */
const MAX_REJECTS = 3;

/** What to do with actions that wait: reject them first (default), accept them first (asked), or send anyway. */
export type PendingAnswer = 'reject' | 'accept' | 'keep';

export type SafeSendStep = 'accept' | 'reject' | 'send';

export type SafeSendOptions = {
	answer?: PendingAnswer;
	/** reads at the caller's priority and deadline */
	read<T>(call: (options: CallOptions) => Promise<T>): Promise<T>;
	/** actions at the caller's priority and deadline; `step` says which (to word a failure) */
	act<T>(step: SafeSendStep, call: (options: CallOptions) => Promise<T>): Promise<T>;
	/** called while actions wait, before each reject (the command names them) */
	beforeReject?(): Promise<void>;
};

export type SafeSendOutcome = {
	/** rejects sent before the message */
	rejected: number;
	/** the pending actions were accepted first */
	accepted: boolean;
	/** the message went while actions waited (`keep`): they run */
	approved: boolean;
	/** the agent server's version, when it was read */
	version: string | null;
};

/** The agent waits and its server cannot reject: nothing was sent. */
export class CannotReject extends Error {
	override readonly name = 'CannotReject';
	constructor(
		readonly version: string | null,
		/** it waits again after the accept the user chose (a new action) */
		readonly again: boolean,
		/** a reject was tried (the version is unknown) and the agent still waits: the reject did nothing */
		readonly tried = false,
	) {
		super(
			tried
				? 'the agent still waits for a confirmation after a reject, and its agent server does not say its version (before SDK 1.6.0 a reject does nothing): a message would run the pending action'
				: again
					? `the agent waits again, on a new action, and its agent server${version ? ` (${version})` : ''} cannot reject it: a message would run it`
					: `the agent waits for a confirmation and its agent server${version ? ` (${version})` : ''} cannot reject (before SDK 1.6.0): a message would run the pending action`,
		);
	}
}

/** The agent kept waiting after the rejects (someone else keeps running it): nothing was sent. */
export class StillWaiting extends Error {
	override readonly name = 'StillWaiting';
	constructor() {
		super(`the agent still waits for a confirmation after ${MAX_REJECTS} rejects (another client runs it?)`);
	}
}

/** The agent's status could not be read right before the message: nothing was sent (it might wait). */
export class StatusUnread extends Error {
	override readonly name = 'StatusUnread';
	constructor(
		override readonly cause: unknown,
		/** rejects already sent before the read that failed (they stand: say so) */
		readonly rejected = 0,
	) {
		const done = rejected > 0 ? ' after rejecting the pending action' : '';
		super(`could not read whether the agent waits for a confirmation${done} (${cause instanceof Error ? cause.message : String(cause)}): a message would run a pending action`);
	}
}

/** A step before the message failed (the message was not sent); `cause` is the request's error. */
export class StepFailed extends Error {
	override readonly name = 'StepFailed';
	constructor(
		readonly step: 'accept' | 'reject',
		override readonly cause: unknown,
	) {
		super(`${step === 'reject' ? 'rejecting' : 'accepting'} the pending action first failed: ${cause instanceof Error ? cause.message : String(cause)}`);
	}
}

export type AgentNow = {status: string | null; rejects: boolean; version: string | null};

/**
 * The agent's status as its agent server says it now, its version and whether it rejects. Where the
 * agent server does not say (a direct agent server reports its conversations itself) or cannot be
 * read, the conversation is read again from the backend (an app server's own view, fresh). When no
 * read answers, the status is unknown: StatusUnread. What the caller knew before (a list poll, the
 * activity's events) is never used instead: it can be seconds old, and an agent that started to wait
 * since would take the message as approval.
 */
export async function agentNow(client: OpenHandsClient, target: AgentTarget, options: Pick<SafeSendOptions, 'read'>): Promise<AgentNow> {
	let rejects = true;
	let version: string | null = null;
	try {
		const facts = await options.read(o => client.agentFacts(target, o));
		({rejects, version} = facts);
		if (facts.conversation) return {status: facts.conversation.execution_status ?? null, rejects, version};
	} catch (error) {
		if (isAbort(error)) throw error;
	}
	try {
		const [conversation] = await options.read(o => client.getConversations([target.id], o));
		return {status: conversation ? (conversation.execution_status ?? null) : null, rejects, version};
	} catch (error) {
		if (isAbort(error)) throw error;
		throw new StatusUnread(error);
	}
}

async function step<T>(options: SafeSendOptions, name: 'accept' | 'reject', call: (o: CallOptions) => Promise<T>): Promise<T> {
	try {
		return await options.act(name, call);
	} catch (error) {
		if (isAbort(error)) throw error;
		throw new StepFailed(name, error);
	}
}

/**
 * One message, sent only once no action waits (or as `answer` says): see the module comment. Throws
 * CannotReject, StillWaiting, StatusUnread or StepFailed when it did not send; the message's own failure as it came.
 */
export async function sendSafely(client: OpenHandsClient, target: AgentTarget, text: string, options: SafeSendOptions): Promise<SafeSendOutcome> {
	const answer = options.answer ?? 'reject';
	const outcome: SafeSendOutcome = {rejected: 0, accepted: false, approved: false, version: null};
	for (;;) {
		let now: AgentNow;
		try {
			now = await agentNow(client, target, options);
		} catch (error) {
			// `keep` sends whatever waits: the status is not needed for that
			if (answer === 'keep' && error instanceof StatusUnread) break;
			throw error instanceof StatusUnread && outcome.rejected > 0 ? new StatusUnread(error.cause, outcome.rejected) : error;
		}
		outcome.version = now.version ?? outcome.version;
		if (now.status !== WAITING) break;
		if (answer === 'keep') {
			outcome.approved = true;
			break;
		}
		if (answer === 'accept' && !outcome.accepted) {
			await step(options, 'accept', o => client.controlAgent(target, 'accept', undefined, o));
			outcome.accepted = true;
			continue;
		}
		if (!now.rejects) throw new CannotReject(now.version, outcome.accepted);
		// an unknown version was taken to reject (agentAbilities); still waiting right after a reject, it
		// most likely cannot (a server before 1.6.0 answers 200 and does nothing): rejecting again would not help
		if (outcome.rejected > 0 && now.version === null) throw new CannotReject(null, outcome.accepted, true);
		if (outcome.rejected >= MAX_REJECTS) throw new StillWaiting();
		await options.beforeReject?.();
		await step(options, 'reject', o => client.controlAgent(target, 'reject', SUPERSEDED, o));
		outcome.rejected++;
	}
	await options.act('send', o => client.sendMessage(target, text, o));
	return outcome;
}
