import type {ContentItem} from '../events/model.js';
import type {Micros} from '../time.js';
import type {Agent, Beat} from './agent.js';
import type {Engine} from './engine.js';
import {type Ending, workPlan} from './plans.js';

/**
 * What the agent server does when asked (shared/openhands-api-newer.md 5.2, 6), in the SDK's terms:
 * a run executes pending actions first (implicit confirmation), a rejection answers each pending
 * action with a `UserRejectObservation` and leaves the conversation idle, pause only stops an idle or
 * running agent.
 */

const nowUs = (engine: Engine, agent: Agent): Micros => engine.now() * 1000 + agent.ids.int(0, 999);

/** After a user message or a resumed run: some work, then a final answer (sometimes a plain reply). */
function replyEnding(agent: Agent): Ending {
	return agent.plot.chance(0.3) ? 'answer' : 'finish';
}

/**
 * A message that tells the agent to ask first ("…, but ask me first") makes its run one step: a risky
 * action that waits for confirmation under the default policy (a new conversation's first run works
 * its task first): how a test or a demo makes an agent wait when it wants one to.
 */
export function asksFirst(content: readonly ContentItem[]): boolean {
	return content.some(item => item.type === 'text' && /\bask (?:me )?(?:first|before)\b/i.test(item.text));
}

/** How a new run goes: this many moves, then this ending (a short reply by default). */
export type RunPlan = {moves?: number; ending?: Ending};

/** Starts running: pending actions are executed first, then the queued work or a short new plan. */
function start(engine: Engine, agent: Agent, us: Micros, plan?: RunPlan): void {
	agent.setStatus(us, 'running');
	const pending = agent.pending.splice(0);
	const beats: Beat[] = pending.map(p => ({gap: 'tool', run: p.run}));
	// an action held by the policy leaves the rest of its plan queued: the run carries on with it
	if (agent.queue.length === 0 || plan) {
		agent.queue = [];
		beats.push(...workPlan(agent, plan?.moves ?? agent.plot.int(1, 3), plan?.ending ?? replyEnding(agent)));
	}
	agent.queue.unshift(...beats);
	engine.resume(agent);
}

/** `POST {agent}/api/conversations/{id}/events` (`SendMessageRequest`, 5.2). */
export function sendMessage(engine: Engine, agent: Agent, content: ContentItem[], run: boolean, plan?: RunPlan): void {
	const us = nowUs(engine, agent);
	agent.userMessage(us, content);
	if (!run) return;
	if (agent.status === 'running' && agent.queue.length > 0) return;
	start(engine, agent, us, plan ?? (asksFirst(content) ? {moves: 0, ending: 'confirm'} : {}));
}

/** `POST .../run`: 409 when it already runs (6). */
export function run(engine: Engine, agent: Agent): 'ok' | 'already_running' {
	if (agent.status === 'running') return 'already_running';
	start(engine, agent, nowUs(engine, agent));
	return 'ok';
}

/** `POST .../events/respond_to_confirmation`: accept runs (already running is a no-op), reject answers each pending action. */
export function respond(engine: Engine, agent: Agent, accept: boolean, reason: string): void {
	const us = nowUs(engine, agent);
	if (accept) {
		if (agent.status !== 'running') start(engine, agent, us);
		return;
	}
	// the status first, then one rejection per pending action (`LocalConversation.reject_pending_actions`);
	// the agent does not carry on with its plan: the next run starts a new one
	if (agent.status === 'waiting_for_confirmation') agent.setStatus(us, 'idle');
	agent.queue = [];
	for (const {action} of agent.pending.splice(0)) {
		if (action.body.kind !== 'ActionEvent') continue;
		agent.emit(us, {
			kind: 'UserRejectObservation',
			actionId: action.id,
			callId: action.body.callId,
			tool: action.body.call.tool,
			reason,
		});
	}
}

/** `POST .../pause`: only an idle or running agent pauses (`LocalConversation.pause`). */
export function pause(engine: Engine, agent: Agent): void {
	if (agent.status !== 'idle' && agent.status !== 'running') return;
	const us = nowUs(engine, agent);
	agent.emit(us, {kind: 'PauseEvent'});
	agent.setStatus(us, 'paused');
}

/** `POST .../interrupt` (SDK 1.37+): cancels the model call in flight and ends paused. */
export function interrupt(engine: Engine, agent: Agent): void {
	if (agent.status !== 'running') return;
	const us = nowUs(engine, agent);
	agent.emit(us, {kind: 'InterruptEvent'});
	agent.setStatus(us, 'paused');
}

/** `DELETE {agent}/api/conversations/{id}`: the agent server forgets it; the app server then reads no status (5.4). */
export function forget(agent: Agent): void {
	agent.deleted = true;
	agent.queue = [];
	agent.dueAt = null;
	agent.pending = [];
	agent.conversation.executionStatus = null;
}
