import {interrupt, pause, respond, run, type RunPlan, sendMessage} from '../agent/commands.js';
import type {ContentItem} from '../events/model.js';
import {ALL_TOOLS, SYSTEM_PROMPT} from '../events/texts.js';
import type {ConfirmationPolicy} from './conversation.js';
import type {AgentServerState, Entry} from './state.js';

/**
 * What the agent server does when asked (§7), on top of the shared agent commands (../agent/commands.ts):
 * the system prompt when the agent first starts, a finished conversation going idle before a new
 * message, `full_state` snapshots after run, and the version's quirks.
 */

const nowUs = (state: AgentServerState) => state.nowUs();

/** A new conversation has no event until its agent starts: then the system prompt comes first (§6.2). */
function ensureStarted(state: AgentServerState, entry: Entry): void {
	if (entry.agent.log.events.length > 0) return;
	entry.agent.emit(nowUs(state), {kind: 'SystemPromptEvent', prompt: SYSTEM_PROMPT, tools: ALL_TOOLS});
}

/** The work a first message starts: a task of several moves; later messages get a shorter run. */
function planFor(entry: Entry): RunPlan {
	const first = !entry.agent.log.events.some(e => e.body.kind === 'ActionEvent');
	const {plot} = entry.agent;
	return first ? {moves: plot.int(4, 7), ending: 'finish'} : {moves: plot.int(1, 4), ending: plot.chance(0.3) ? 'answer' : 'finish'};
}

/**
 * `POST …/events` and socket messages: stored; with `run` the agent starts (a running agent takes it
 * into its run). A finished or stuck conversation goes back to idle first (`LocalConversation.send_message`).
 */
export function say(state: AgentServerState, entry: Entry, content: ContentItem[], runIt: boolean): void {
	ensureStarted(state, entry);
	const {agent} = entry;
	if (agent.status === 'finished' || agent.status === 'stuck') agent.setStatus(nowUs(state), 'idle');
	sendMessage(state.engine, agent, content, runIt, runIt ? planFor(entry) : undefined);
}

/** `POST …/run`: 409 while running; a snapshot follows the start (§5.4). */
export function runAgent(state: AgentServerState, entry: Entry): 'ok' | 'already_running' {
	ensureStarted(state, entry);
	const outcome = run(state.engine, entry.agent);
	if (outcome === 'ok') state.publishState(entry);
	return outcome;
}

export function pauseAgent(state: AgentServerState, entry: Entry): void {
	pause(state.engine, entry.agent);
}

export function interruptAgent(state: AgentServerState, entry: Entry): void {
	interrupt(state.engine, entry.agent);
}

/**
 * `respond_to_confirmation`: accept runs (no 409 when it already runs), reject answers each pending
 * action. Before SDK 1.6.0 a reject was a pause, which does nothing while the agent waits: no
 * rejection is stored and the action stays pending (issue 21 item 1).
 */
export function answer(state: AgentServerState, entry: Entry, accept: boolean, reason: string): void {
	if (accept) {
		if (entry.agent.status !== 'running') runAgent(state, entry);
		return;
	}
	if (!state.features.rejects) return pauseAgent(state, entry);
	respond(state.engine, entry.agent, false, reason);
}

/** `POST …/confirmation_policy`: the policy changes and a persisted state update says so (§7.4). */
export function setPolicy(state: AgentServerState, entry: Entry, policy: ConfirmationPolicy): void {
	entry.c.policy = policy;
	entry.agent.emit(nowUs(state), {kind: 'ConversationStateUpdateEvent', key: 'confirmation_policy', value: policy});
}
