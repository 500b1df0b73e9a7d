import type {ConversationRecord} from '../state.js';
import type {Micros} from '../time.js';
import {ConversationLog} from '../events/log.js';
import type {ContentItem, EventBody, EventRecord, EventSource, SecurityRisk, ToolCall, ToolResult} from '../events/model.js';
import {SOURCE_OF} from '../events/model.js';
import {hash32, Prng} from '../events/prng.js';
import {type Topic, topicFor} from '../events/topics.js';

/**
 * How long a beat takes before it happens: `llm` a model call (seconds), `tool` a tool running
 * (shorter), `instant` the same moment (a state change right after its event), `user` a person
 * coming back to it (minutes).
 */
export type Gap = 'llm' | 'tool' | 'instant' | 'user';

/** One event-producing step of the agent; `run` gets the timestamp it happens at. */
export type Beat = {gap: Gap; run: (us: Micros) => void};

/** An action waiting for the user's confirmation and the beat that runs its tool once accepted. */
export type Pending = {action: EventRecord; run: (us: Micros) => void};

export type Status =
	| 'idle'
	| 'running'
	| 'paused'
	| 'waiting_for_confirmation'
	| 'finished'
	| 'error'
	| 'stuck';

/**
 * One conversation's agent, as the agent server inside its sandbox runs it: the event log, the
 * execution status (kept on the app server's conversation record, which reads it from here, 5.4 of
 * shared/openhands-api.md), what it will do next and what waits for confirmation.
 */
export class Agent {
	readonly log: ConversationLog;
	/** decisions and texts: seeded from the title, so the demo tells the same story every start */
	readonly plot: Prng;
	/** event ids, tool call ids: seeded from the conversation id, so they differ between conversations */
	readonly ids: Prng;
	readonly topic: Topic;
	queue: Beat[] = [];
	/** clock ms when the head of `queue` is due; null when nothing is scheduled */
	dueAt: number | null = null;
	/** clock ms when the wait for the head of `queue` began (its model call or tool started) */
	stepFrom: number | null = null;
	/** a pause waits for the step in flight (SDK 1.1.0's lock): the run stops after it (../agent/listener.ts) */
	pauseRequested = false;
	pending: Pending[] = [];
	/** `DELETE {agent}/api/conversations/{id}`: the agent server forgot it (the app server still lists it) */
	deleted = false;
	/** moves since the last condensation */
	sinceCondensation = 0;
	/**
	 * The conversation's confirmation policy: whether an action of this risk waits for the user. The
	 * default is the app server's `ConfirmRisky(HIGH)`; the agent-server stand-in sets its own.
	 */
	confirms: (risk: SecurityRisk) => boolean = risk => risk === 'HIGH';
	/**
	 * The risk the action event records: what the security analyzer says, or `UNKNOWN` where the
	 * conversation has none (as on a real agent server); the policy asks with the recorded risk.
	 */
	rate: (risk: SecurityRisk) => SecurityRisk = risk => risk;
	/** an action `act` just emitted that its policy holds for confirmation; the engine stops the run there */
	held: EventRecord | null = null;

	/** `about`: what the work is about when the title does not say yet (a new conversation's first message) */
	constructor(
		readonly conversation: ConversationRecord,
		private readonly sink: (agent: Agent, record: EventRecord) => void,
		about: string | null = conversation.title,
	) {
		this.log = new ConversationLog(conversation.id);
		this.plot = new Prng(hash32(`plot:${about ?? conversation.id}`));
		this.ids = new Prng(hash32(`ids:${conversation.id}`));
		this.topic = topicFor(about);
	}

	get status(): Status {
		return (this.conversation.executionStatus ?? 'idle') as Status;
	}

	emit(us: Micros, body: EventBody, source?: EventSource): EventRecord {
		const record: EventRecord = {
			id: this.ids.uuid(),
			us: Math.max(Math.floor(us), this.log.lastUs + 1),
			source: source ?? SOURCE_OF[body.kind] ?? 'agent',
			body,
		};
		this.log.append(record);
		this.sink(this, record);
		return record;
	}

	/** Changes the execution status; the agent server reports it as a state update event (6). */
	setStatus(us: Micros, status: Status): void {
		if (this.conversation.executionStatus === status) return;
		this.conversation.executionStatus = status;
		this.emit(us, {kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: status});
	}

	userMessage(us: Micros, content: ContentItem[]): EventRecord {
		return this.emit(us, {kind: 'MessageEvent', role: 'user', content, responseId: null}, 'user');
	}

	responseId(): string {
		return `chatcmpl-${this.ids.uuid().replaceAll('-', '').slice(0, 24)}`;
	}

	callId(): string {
		return this.ids.token('toolu_01', 22);
	}

	private readonly secrets = new Map<string, string>();

	/** A made-up credential that leaks into a command's output (what the activity view must mask), stable per conversation. */
	secret(prefix: string): string {
		let value = this.secrets.get(prefix);
		if (!value) {
			value = new Prng(hash32(`secret:${prefix}:${this.conversation.id}`)).token(prefix, prefix.startsWith('sk-') ? 48 : 36);
			this.secrets.set(prefix, value);
		}
		return value;
	}

	/**
	 * Emits the action now and returns it with the call id its observation will answer. A lone finish
	 * or think never waits for confirmation (`sdk: agent/agent.py _requires_user_confirmation`);
	 * `holdable: false` is for a move that handles its own confirmation (moves.ts `risky`).
	 */
	act(us: Micros, thought: string, call: ToolCall, risk: 'LOW' | 'MEDIUM' | 'HIGH' = 'LOW', holdable = true): EventRecord {
		const rated = this.rate(risk);
		const action = this.emit(us, {kind: 'ActionEvent', thought, call, callId: this.callId(), responseId: this.responseId(), risk: rated});
		if (holdable && call.tool !== 'finish' && call.tool !== 'think' && this.confirms(rated)) this.held = action;
		return action;
	}

	observe(us: Micros, action: EventRecord, result: ToolResult): EventRecord {
		if (action.body.kind !== 'ActionEvent') throw new Error('observe needs an action');
		return this.emit(us, {kind: 'ObservationEvent', actionId: action.id, callId: action.body.callId, result});
	}
}
