/**
 * What the activity knows of the open conversation's agent server (issue 21 item 1, issue 16): its
 * version and abilities (asked once a run, the client asks `/server_info` once per origin), the
 * policy and working directory it reports, and the offset of its clock.
 */
import type {AgentFacts, OpenHandsClient} from '../../api/client.js';
import type {AppConversation, ConfirmationPolicy} from '../../api/schemas/index.js';
import type {Run} from './activityRun.js';
import {targetOf} from '../actions/agentTarget.js';
import type {AgentInfo} from '../agentTypes.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort} from '../oneLine.js';
import {learnOffset} from '../clockOffset.js';

export {learnOffset} from '../clockOffset.js';

export function agentInfoOf(facts: AgentFacts, previous: AgentInfo | null): AgentInfo {
	return {
		version: facts.version,
		rejects: facts.rejects,
		interrupts: facts.interrupts,
		policy: facts.conversation?.confirmation_policy ?? previous?.policy ?? null,
		workingDir: facts.conversation?.working_dir ?? previous?.workingDir ?? null,
		clockOffsetMs: previous?.clockOffsetMs ?? 0,
	};
}

/** The conversation with a new policy (an agent server's list copy carries it). */
export function withPolicy(conversation: AppConversation | null, policy: ConfirmationPolicy): AppConversation | null {
	if (!conversation || conversation.confirmation_policy === undefined) return conversation;
	return {...conversation, confirmation_policy: policy};
}

/** How long the agent server's own report of the conversation is compared with the events held. */
export const CLOCK_PAIR_MS = 60_000;

/**
 * Where the offset can be learned reliably (issue 27 item 8): from an `updated_at` that moves at
 * every event. An agent server's own does (`sdk@v1.1.0: conversation_service.py` _EventSubscriber):
 * a direct agent server's conversation as listed, or an app server's conversation as its agent
 * server reports it (read with the agent facts, compared while that read is at most CLOCK_PAIR_MS
 * old). An app server's own `updated_at` is not: OpenHands d6fab190 moves it only when it saves the
 * conversation itself, never for an event, so a conversation created 15 minutes before its newest
 * event read "15m ago" for an event 2 s old.
 */
function clockSource(run: Run, now: number): AppConversation | null {
	if (!run.conversation?.conversation_url) return run.conversation;
	const seen = run.agentSeen;
	return seen && now - seen.at <= CLOCK_PAIR_MS ? seen.conversation : null;
}

/** Learns the run's clock offset from what it holds; true when it changed. */
export function learnClock(run: Run, now: number): boolean {
	const offset = learnOffset(run.agent.clockOffsetMs, clockSource(run, now), run.events);
	if (offset === run.agent.clockOffsetMs) return false;
	run.agent = {...run.agent, clockOffsetMs: offset};
	return true;
}

type Deps = {core: Core; client: OpenHandsClient; live(): boolean; commit(): void};

/**
 * Once a run: the agent server's version and what it can do, and for an app server's conversation
 * the policy and working directory its agent server reports. Only once the conversation can be
 * reached (a stopped sandbox has no address: asked again at the next tick). Fails quietly: the view
 * works without it (a reject is then sent, and the server's answer tells).
 */
export async function askAgent(run: Run, {core, client, live, commit}: Deps): Promise<void> {
	const conversation = run.conversation;
	if (run.factsAsked || !conversation || conversation.sandbox_status !== 'RUNNING') return;
	if (!conversation.conversation_url && core.get().server?.capabilities.sandboxes !== false) return;
	run.factsAsked = true;
	try {
		const facts = await core.send(PRIORITY.poll, o => client.agentFacts(targetOf(conversation), o));
		if (!live()) return;
		run.agent = agentInfoOf(facts, run.agent);
		if (facts.conversation) run.agentSeen = {conversation: facts.conversation, at: core.now()};
		learnClock(run, core.now());
		commit();
	} catch (error) {
		// aborted (the view closed): nothing to keep; any other failure: not asked again this run
		if (isAbort(error)) return;
	}
}
