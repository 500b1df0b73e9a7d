import type {Agent} from '../agent/agent.js';
import {asksFirst, sendMessage} from '../agent/commands.js';
import {Director} from '../agent/director.js';
import {Engine} from '../agent/engine.js';
import {taskPlan, workPlan} from '../agent/plans.js';
import {parseUuid} from '../ids.js';
import {sandboxStatus} from '../sandboxOps.js';
import type {ConversationRecord, State} from '../state.js';
import {seedHistory} from './history.js';
import type {ContentItem, EventRecord} from './model.js';
import {SYSTEM_PROMPT, ALL_TOOLS} from './texts.js';
import {WebhookQueue} from './webhook.js';
import type {Shape} from './wire.js';

export type ActivityOptions = {
	generation: 'legacy' | 'current';
	/** running conversations keep working on their own and the demo tells its story (StandInOptions.live) */
	live: boolean;
	/** materialize every conversation's history at start and run the demo's director */
	demo: boolean;
	/** seed this many events into the newest conversation (the activity benchmark) */
	events?: number;
	/** StandInOptions.timestampFilter500 */
	timestampFilter500?: boolean;
	/** StandInOptions.eventBatches (legacy only): events reach the app server's store through the webhook's batches */
	eventBatches?: boolean;
	/** StandInOptions.lockedHealthMs (legacy only) */
	lockedHealthMs?: number | null;
};

/** A queued `pending-messages` entry (shared/openhands-api-newer.md 5.3). */
export type PendingMessage = {id: string; content: ContentItem[]};

const hubs = new WeakMap<State, ActivityHub>();

/**
 * When the agent's current model call began (SDK 1.1.0 holds its conversation's state lock through
 * a step: `sdk@v1.1.0: local_conversation.py` run loop and `pause`), or null when it is not in one.
 */
export function modelCallSince(agent: Agent, nowMs: number): number | null {
	if (agent.status !== 'running' || agent.dueAt === null || agent.stepFrom === null || agent.queue[0]?.gap !== 'llm') return null;
	return nowMs < agent.dueAt ? agent.stepFrom : null;
}

/**
 * The app server's status check of a RUNNING sandbox times out: an agent in it is in a model call
 * longer than `lockedHealthMs` (issue 27 item 17: a running conversation read "sandbox ERROR" during a
 * long model call on d6fab190). The views then say ERROR with no URLs and no key (4.1), while the
 * agent server itself, and its socket, still answer.
 */
export function healthTimesOut(state: State, sandboxId: string): boolean {
	const hub = hubs.get(state);
	const after = hub?.options.lockedHealthMs;
	if (!hub || after == null || hub.options.generation !== 'legacy') return false;
	const now = state.now();
	for (const agent of hub.engine.agents.values()) {
		if (agent.conversation.sandboxId !== sandboxId) continue;
		const since = modelCallSince(agent, now);
		if (since !== null && now - since >= after) return true;
	}
	return false;
}

/** The activity of the stand-in's conversations; one per server, found from its State. */
export function hubOf(state: State): ActivityHub {
	const hub = hubs.get(state);
	if (!hub) throw new Error('no activity hub for this state');
	return hub;
}

/**
 * Ties the agents (one per conversation, see ../agent) to the app server's state: histories are
 * written when a conversation is first looked at (all at once for the demo, lazily at scale),
 * conversations started at runtime are found on the next request and start working, and every
 * request first lets the clock catch up (`advance`).
 */
export class ActivityHub {
	readonly engine: Engine;
	readonly shape: Shape;
	/** the agent servers' listener, once it listens; sandboxes advertise it as their AGENT_SERVER url */
	agentUrl: string | null = null;
	/** by id without dashes: the legacy batch get looks events up across conversations (4.1) */
	readonly eventsByHex = new Map<string, {agent: Agent; record: EventRecord}>();
	readonly pendingMessages = new Map<string, PendingMessage[]>();
	private readonly seeded = new Set<string>();
	/** the events websockets of the agent listener (../agent/listenerSockets.ts), by conversation */
	private readonly listeners = new Map<string, Set<(record: EventRecord) => void>>();
	/** the webhook queues of the agents whose events reach the app server in batches (./webhook.ts) */
	private readonly webhooks = new Map<Agent, WebhookQueue>();
	private knownCount = 0;
	private director: Director | null = null;

	constructor(
		readonly state: State,
		readonly options: ActivityOptions,
	) {
		this.shape = options.generation === 'legacy' ? 'sdk1.1' : 'sdk1.37';
		this.engine = new Engine({
			now: () => state.now(),
			stepMs: state.options.stepMs,
			sandboxRunning: c => this.sandboxRunning(c),
			onEvent: (agent, record) => {
				const webhook = this.webhooks.get(agent);
				if (webhook) webhook.add(record, Math.floor(record.us / 1000));
				else this.eventsByHex.set(record.id.replaceAll('-', ''), {agent, record});
				// d6fab190 saves the conversation (its `updated_at`) only when the app server itself writes
				// it (a start, a title, the agent server's pause or start webhook), never for an event: a
				// finish leaves it where it was (issue 27 item 8). The agent server's own moves (./conversationInfo.ts).
				if (options.generation !== 'legacy' && record.us > agent.conversation.updatedUs) agent.conversation.updatedUs = record.us;
				const listeners = this.listeners.get(agent.conversation.id);
				if (listeners) for (const listener of listeners) listener(record);
			},
		});
		hubs.set(state, this);
	}

	/** Call once the state is seeded. */
	start(): void {
		for (const c of this.state.conversations) this.seeded.add(c.id);
		this.knownCount = this.state.conversations.length;
		const newest = this.state.conversations[0];
		if (this.options.events && newest) this.materialize(newest, this.options.events);
		if (!this.options.demo) return;
		for (const c of this.state.conversations) this.agent(c.id);
		if (!this.options.live) return;
		// A sandbox still booting (its container runs, the agent server is not up yet: ERROR for a few
		// seconds, 4.1) counts: its agent carries on once it is up, and the story needs two agents at work.
		const running = [...this.engine.agents.values()]
			.filter(a => a.status === 'running' && this.containerRunning(a.conversation))
			.sort((a, b) => Number(this.sandboxRunning(b.conversation)) - Number(this.sandboxRunning(a.conversation)));
		this.director = new Director(this.engine, this.state.options.stepMs, a => this.sandboxRunning(a.conversation));
		this.engine.wakeables.push(this.director);
		const spare = [...this.engine.agents.values()].filter(
			a => (a.status === 'idle' || a.status === 'finished') && this.sandboxRunning(a.conversation),
		);
		this.director.begin(running, spare);
	}

	private containerRunning(conversation: ConversationRecord): boolean {
		return this.state.sandboxById.get(conversation.sandboxId)?.container === 'running';
	}

	sandboxRunning(conversation: ConversationRecord): boolean {
		const sandbox = this.state.sandboxById.get(conversation.sandboxId);
		return sandbox !== undefined && sandboxStatus(this.state, sandbox) === 'RUNNING';
	}

	/** The conversation was seeded (its history written as if it had happened), not started at runtime. */
	seededHistory(id: string): boolean {
		return this.seeded.has(id);
	}

	/** The conversation's agent (its history written on first use), or undefined when there is no such conversation. */
	agent(id: string): Agent | undefined {
		const existing = this.engine.agents.get(id);
		if (existing) return existing;
		const conversation = this.state.conversationById.get(id);
		return conversation ? this.materialize(conversation) : undefined;
	}

	/** Calls `listener` with each event of the conversation as it is created. */
	listen(id: string, listener: (record: EventRecord) => void): () => void {
		const set = this.listeners.get(id) ?? new Set();
		set.add(listener);
		this.listeners.set(id, set);
		return () => {
			set.delete(listener);
			if (set.size === 0) this.listeners.delete(id);
		};
	}

	listenerCount(id: string): number {
		return this.listeners.get(id)?.size ?? 0;
	}

	/** Lets time catch up: finds new conversations, delivers queued messages, runs due beats. */
	advance(): void {
		if (this.state.conversations.length !== this.knownCount) this.discover();
		if (this.pendingMessages.size > 0) this.deliverPending();
		this.engine.advance();
		if (this.webhooks.size > 0) {
			const now = this.state.now();
			for (const webhook of this.webhooks.values()) webhook.due(now);
		}
	}

	/** From now on the agent's events reach the app server's store through the webhook's batches. */
	private batch(agent: Agent): void {
		if (!this.options.eventBatches || this.options.generation !== 'legacy') return;
		agent.log.batched = true;
		this.webhooks.set(
			agent,
			new WebhookQueue(records => {
				for (const record of records) {
					agent.log.store(record);
					this.eventsByHex.set(record.id.replaceAll('-', ''), {agent, record});
				}
			}),
		);
	}

	close(): void {
		this.engine.close();
	}

	private materialize(conversation: ConversationRecord, events?: number): Agent {
		const agent = this.engine.create(conversation);
		if (!this.seeded.has(conversation.id)) {
			this.batch(agent);
			this.begin(agent);
			return agent;
		}
		seedHistory(agent, {events});
		// a history that happened before: posted long ago
		this.batch(agent);
		// demo conversations get their plans from the director; others just carry on
		if (this.options.live && !this.options.demo && agent.status === 'running') {
			this.engine.schedule(agent, workPlan(agent, agent.plot.int(3, 8), 'finish'));
		}
		return agent;
	}

	/** A conversation started at runtime: system prompt, the initial message, and work if it runs (2.5). */
	private begin(agent: Agent): void {
		const c = agent.conversation;
		const status = c.executionStatus;
		c.executionStatus = 'idle';
		agent.emit(c.createdUs + 1000, {kind: 'SystemPromptEvent', prompt: SYSTEM_PROMPT, tools: ALL_TOOLS});
		const task = this.state.tasks.find(t => t.appConversationId === c.id);
		const first = task?.request.initial_message?.content.find(item => item['type'] === 'text');
		const said: ContentItem[] = first && typeof first['text'] === 'string' ? [{type: 'text', text: first['text']}] : [];
		if (said.length > 0) agent.userMessage(c.createdUs + 2000, said);
		if (status === 'running') {
			agent.setStatus(c.createdUs + 3000, 'running');
			this.engine.schedule(agent, taskPlan(agent, asksFirst(said) ? 'confirm' : 'finish', {browse: agent.plot.chance(0.5)}));
		} else {
			c.executionStatus = status;
		}
	}

	private discover(): void {
		this.knownCount = this.state.conversations.length;
		for (const id of [...this.engine.agents.keys()]) {
			if (this.state.conversationById.has(id)) continue;
			const gone = this.engine.agents.get(id);
			if (gone) this.webhooks.delete(gone);
			this.engine.remove(id);
		}
		for (const c of this.state.conversations) {
			if (!this.seeded.has(c.id) && !this.engine.agents.has(c.id)) this.materialize(c);
		}
	}

	/** Pending messages go to the agent server once the conversation exists and its sandbox runs (5.3). */
	private deliverPending(): void {
		for (const [key, queue] of this.pendingMessages) {
			let id: string | null = key;
			if (key.startsWith('task-')) {
				const parsed = parseUuid(key.slice(5));
				const task = 'hex' in parsed ? this.state.taskById.get(parsed.hex) : undefined;
				if (!task || task.status === 'ERROR') {
					this.pendingMessages.delete(key);
					continue;
				}
				id = task.status === 'READY' ? task.appConversationId : null;
			}
			const conversation = id ? this.state.conversationById.get(id) : undefined;
			if (!conversation || !this.sandboxRunning(conversation)) continue;
			const agent = this.agent(conversation.id)!;
			if (agent.deleted) continue;
			// deleted after processing, whatever the outcome
			this.pendingMessages.delete(key);
			for (const message of queue) sendMessage(this.engine, agent, message.content, true);
		}
	}
}
