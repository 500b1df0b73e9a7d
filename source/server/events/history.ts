import type {Agent, Beat, Gap, Status} from '../agent/agent.js';
import {condense, now as instant} from '../agent/moves.js';
import {type Ending, endingBeats, errorPlan, followUp, stuckPlan, taskPlan, workPlan} from '../agent/plans.js';
import type {Micros} from '../time.js';
import type {ContentItem} from './model.js';
import {SYSTEM_PROMPT, ALL_TOOLS} from './texts.js';

/**
 * A seeded conversation's past: sessions of work spread over its lifetime (created_at to updated_at),
 * the last one ending in the status the conversation has now. Built from the same moves the live
 * agent makes, at the pace of a real one (seconds per model call, minutes or hours between sessions).
 */

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;

/** Historic gaps in µs: a model call 3-25 s, a tool 0.3-8 s, a person 2-30 min. */
function gapUs(agent: Agent, gap: Gap): Micros {
	switch (gap) {
		case 'llm':
			return agent.plot.int(3 * SECOND, 25 * SECOND);
		case 'tool':
			return agent.plot.int(300_000, 8 * SECOND);
		case 'user':
			return agent.plot.int(2 * MINUTE, 30 * MINUTE);
		case 'instant':
			return agent.plot.int(1_000, 40_000);
	}
}

type Session = {beats: Beat[]; gaps: Micros[]};

const text = (value: string): ContentItem[] => [{type: 'text', text: value}];

function session(agent: Agent, message: string | null, work: Beat[]): Session {
	const beats: Beat[] = [];
	if (message !== null) {
		beats.push({gap: 'user', run: us => agent.userMessage(us, text(message))});
		beats.push(instant(us => agent.setStatus(us, 'running')));
	}
	beats.push(...work);
	const gaps = beats.map((beat, i) => (i === 0 ? 0 : gapUs(agent, beat.gap)));
	return {beats, gaps};
}

/** A pause in the middle of a run: the user stopped it, then ran it again later. */
function pauseAndResume(agent: Agent): Beat[] {
	return [
		instant(us => agent.emit(us, {kind: 'PauseEvent'})),
		instant(us => agent.setStatus(us, 'paused')),
		{gap: 'user', run: us => agent.setStatus(us, 'running')},
	];
}

/** How the last session ends, for the status the conversation has now. */
function lastWork(agent: Agent, status: Status, first: boolean): Beat[] {
	const task = (ending: Ending) =>
		first
			? taskPlan(agent, ending, {browse: agent.plot.chance(0.6), error: agent.plot.chance(0.4)})
			: workPlan(agent, agent.plot.int(2, 5), ending);
	switch (status) {
		case 'running':
			return task('none');
		case 'waiting_for_confirmation':
			return task('confirm');
		case 'idle': {
			// the user said no to the risky action; the agent waits for the next message. The status
			// goes first, then one rejection per pending action, as a live reject writes them
			// (shared/openhands-agent-server.md §6: `CSU execution_status=idle`, then `UserRejectObservation`)
			const beats = task('confirm');
			beats.push({
				gap: 'user',
				run: us => {
					agent.setStatus(us, 'idle');
					for (const {action} of agent.pending.splice(0)) {
						if (action.body.kind !== 'ActionEvent') continue;
						agent.emit(us, {kind: 'UserRejectObservation', actionId: action.id, callId: action.body.callId, tool: action.body.call.tool, reason: 'Do not touch shared infrastructure from here.'});
					}
				},
			});
			return beats;
		}
		case 'stuck':
			return [...workPlan(agent, 1, 'none'), ...stuckPlan(agent)];
		case 'error':
			return [...workPlan(agent, agent.plot.int(1, 3), 'none'), ...errorPlan(agent)];
		case 'paused':
			return [...workPlan(agent, agent.plot.int(1, 3), 'none'), instant(us => agent.emit(us, {kind: 'PauseEvent'})), instant(us => agent.setStatus(us, 'paused'))];
		default:
			return task(agent.plot.chance(0.3) ? 'answer' : 'finish');
	}
}

/** Sessions for an ordinary demo conversation: more of them the longer it lived. */
function plotSessions(agent: Agent, status: Status, lifetime: Micros): Session[] {
	const ask = `${agent.conversation.title ?? 'Take a look at this repository'}. ${agent.topic.detail}`;
	// created from the API without a message (the app server's `Bump dependencies…` in the demo): nothing happened yet
	if (status === 'idle' && lifetime < 10 * MINUTE) return [];
	const count = lifetime < 30 * MINUTE ? 1 : lifetime < 3 * 60 * MINUTE ? 2 : 3;
	const sessions: Session[] = [];
	for (let i = 0; i < count; i++) {
		const last = i === count - 1;
		const message = i === 0 ? ask : followUp(agent, i - 1);
		const work: Beat[] = [];
		if (i > 0 && agent.plot.chance(0.5)) work.push(...condense(agent));
		if (last) {
			if (i > 0 && agent.plot.chance(0.5)) work.push(...workPlan(agent, 1, 'none'), ...pauseAndResume(agent));
			work.push(...lastWork(agent, status, i === 0));
		} else if (i === 0) {
			work.push(...taskPlan(agent, 'finish', {browse: agent.plot.chance(0.6), error: agent.plot.chance(0.4)}));
		} else {
			work.push(...workPlan(agent, agent.plot.int(2, 6), agent.plot.chance(0.4) ? 'answer' : 'finish'));
		}
		sessions.push(session(agent, message, work));
	}
	return sessions;
}

/**
 * Exactly `target` events (the scale option; each beat here emits one): sessions of work, the last
 * cut to fit and ending in the current status.
 */
function bulkSessions(agent: Agent, status: Status, target: number): Session[] {
	const sessions: Session[] = [];
	let total = 0;
	while (total < target) {
		const message = sessions.length === 0 ? `${agent.conversation.title}. ${agent.topic.detail}` : followUp(agent, sessions.length - 1);
		const left = target - total;
		const ending = endingFor(agent, status);
		// message + running + work + ending; the work of the last session is cut to what is left
		const moves = agent.plot.int(8, 30);
		if (left <= moves * 2 + 2 + ending.length + 8) {
			const work = workPlan(agent, Math.ceil(left / 2) + 1, 'none').slice(0, Math.max(0, left - 2 - ending.length));
			sessions.push(session(agent, message, [...work, ...ending]));
			break;
		}
		const s = session(agent, message, workPlan(agent, moves, agent.plot.chance(0.3) ? 'answer' : 'finish'));
		sessions.push(s);
		total += s.beats.length;
	}
	return sessions;
}

function endingFor(agent: Agent, status: Status): Beat[] {
	if (status === 'running') return [];
	if (status === 'waiting_for_confirmation') return endingBeats(agent, 'confirm');
	if (status === 'error') return errorPlan(agent);
	return endingBeats(agent, 'finish');
}

/**
 * Writes the history into the agent's log: the system prompt at creation, then the sessions, the
 * first from the start, the last ending at `updated_at`, idle time spread between them; squeezed
 * when there is more work than lifetime (the scale option's 10,000 events over an hour).
 */
export function seedHistory(agent: Agent, options: {events?: number} = {}): void {
	const c = agent.conversation;
	const status = (c.executionStatus ?? 'finished') as Status;
	// the record keeps its status; the history re-plays how it got there
	c.executionStatus = 'idle';
	const startUs = c.createdUs + agent.plot.int(50_000, 400_000);
	const endUs = Math.max(c.updatedUs, startUs + SECOND);
	agent.emit(startUs, {kind: 'SystemPromptEvent', prompt: SYSTEM_PROMPT, tools: ALL_TOOLS});
	const sessions = options.events ? bulkSessions(agent, status, options.events - 1) : plotSessions(agent, status, endUs - startUs);
	const busy = sessions.reduce((sum, s) => sum + s.gaps.reduce((a, b) => a + b, 0), 0);
	const room = endUs - startUs - SECOND;
	const squeeze = busy > room ? room / busy : 1;
	const idle = sessions.length > 1 && squeeze === 1 ? (room - busy) / (sessions.length - 1) : 0;
	let at = startUs + SECOND / 2;
	sessions.forEach((s, i) => {
		if (i > 0) at += idle * (0.6 + 0.4 * agent.plot.next());
		// the last session ends at updated_at (when there is room for that)
		if (i === sessions.length - 1 && squeeze === 1 && sessions.length > 1) {
			at = Math.max(at, endUs - s.gaps.reduce((a, b) => a + b, 0));
		}
		s.beats.forEach((beat, j) => {
			at += Math.max(1, Math.floor(s.gaps[j]! * squeeze));
			beat.run(at);
		});
	});
	c.executionStatus = status;
	agent.queue = [];
}
