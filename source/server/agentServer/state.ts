import type {Agent} from '../agent/agent.js';
import {Engine} from '../agent/engine.js';
import {dashedUuid} from '../ids.js';
import {toJson} from '../json.js';
import type {ContentItem, EventBody, EventRecord} from '../events/model.js';
import {WORKING_DIR} from '../events/topics.js';
import {type Micros, toMicros} from '../time.js';
import {type AgentConversation, policyConfirms} from './conversation.js';
import {conversationState} from './conversationView.js';
import type {CreatedEvent} from './types.js';
import {addCall, newUsage, stats} from './usage.js';
import type {Features} from './version.js';
import {deltaFrame, eventJson, fullStateFrame, type WireCtx} from './wire.js';
import {SERVER_CWD, Workspaces} from './workspaces.js';
import {BashService} from '../workspace/bash.js';
import {checkout} from './gitSeed.js';
import type {Zone} from './zone.js';

export type Entry = {readonly c: AgentConversation; readonly agent: Agent};

/** An open events socket: gets each frame as JSON text. */
export type Subscriber = {send(text: string): void};

export type StateOptions = {
	now: () => number;
	stepMs: number;
	zone: Zone;
	features: Features;
	streaming: boolean;
	/** agent activity (`update_last_execution_time`): resets the server's idle time */
	active?: () => void;
};

/** A run that ends (or stops for the user) publishes a `full_state` snapshot (§5.4, §6.2). */
const STOPS = new Set(['finished', 'error', 'stuck', 'waiting_for_confirmation', 'paused']);

/**
 * The agent server's conversations and their agents (the shared engine, ../agent), and what the
 * server adds around the agent's own events: `last_user_message_id` and `stats` state updates, the
 * `parent_id` chain, the auto title, git changes, and every frame its sockets get.
 */
export class AgentServerState implements WireCtx {
	readonly engine: Engine;
	readonly features: Features;
	readonly zone: Zone;
	readonly parents = new Map<string, string>();
	readonly entries = new Map<string, Entry>();
	readonly workspaces = new Workspaces();
	/** the bash routes' commands and events (server-wide, not per conversation) */
	readonly bash: BashService;
	readonly created = new Set<(created: CreatedEvent) => void>();
	private readonly subscribers = new Map<string, Set<Subscriber>>();
	private readonly statsDue = new Map<string, Micros>();
	/** histories not written yet (seeded at scale: written when the conversation's events are first read) */
	private readonly unwritten = new Map<string, () => void>();
	private sockets = 0;

	constructor(private readonly options: StateOptions) {
		this.features = options.features;
		this.zone = options.zone;
		this.bash = new BashService(() => this.workspaces, options.now, SERVER_CWD);
		this.engine = new Engine({
			now: options.now,
			stepMs: options.stepMs,
			sandboxRunning: () => true,
			onEvent: (agent, record) => this.onEvent(agent, record),
			// a timer only while a socket waits for events; REST requests catch up first anyway
			timers: () => this.sockets > 0,
		});
	}

	nowUs(): Micros {
		return toMicros(this.options.now());
	}

	add(c: AgentConversation, about?: string | null): Entry {
		const entry = {c, agent: undefined as unknown as Agent};
		this.entries.set(c.id, entry);
		entry.agent = this.engine.create(c, about);
		entry.agent.confirms = risk => policyConfirms(c.policy, risk);
		entry.agent.rate = risk => (c.securityAnalyzer ? risk : 'UNKNOWN');
		checkout(this.workspaces, c.workingDir, entry.agent.topic);
		return entry;
	}

	/** Writes the history with `write` when the conversation's events are first needed. */
	writeLater(id: string, write: () => void): void {
		this.unwritten.set(id, write);
	}

	/** The conversation with its history written; undefined when there is none. */
	entry(id: string): Entry | undefined {
		const write = this.unwritten.get(id);
		if (write) {
			this.unwritten.delete(id);
			write();
		}
		return this.entries.get(id);
	}

	remove(id: string): boolean {
		this.unwritten.delete(id);
		const entry = this.entries.get(id);
		if (!entry) return false;
		entry.agent.deleted = true;
		entry.agent.queue = [];
		entry.agent.dueAt = null;
		this.engine.remove(id);
		this.entries.delete(id);
		return true;
	}

	/** Runs whatever is due (each request does this first). */
	advance(): void {
		this.engine.advance();
	}

	/** Catches up first (the new socket's `full_state` is the state after that), then keeps a timer while it listens. */
	subscribe(id: string, subscriber: Subscriber): void {
		this.engine.advance();
		const set = this.subscribers.get(id) ?? new Set();
		set.add(subscriber);
		this.subscribers.set(id, set);
		this.sockets++;
		this.engine.advance();
	}

	unsubscribe(id: string, subscriber: Subscriber): void {
		const set = this.subscribers.get(id);
		if (!set?.delete(subscriber)) return;
		if (set.size === 0) this.subscribers.delete(id);
		this.sockets--;
		this.engine.advance();
	}

	subscriberCount(id?: string): number {
		return id === undefined ? this.sockets : (this.subscribers.get(id)?.size ?? 0);
	}

	/** A `full_state` snapshot to every socket of the conversation. */
	publishState(entry: Entry): void {
		const set = this.subscribers.get(entry.c.id);
		if (!set) return;
		const text = toJson(fullStateFrame(this, this.nowUs(), conversationState(entry.c)));
		for (const subscriber of set) subscriber.send(text);
	}

	private send(id: string, frame: Record<string, unknown>): void {
		const set = this.subscribers.get(id);
		if (!set) return;
		const text = toJson(frame);
		for (const subscriber of set) subscriber.send(text);
	}

	/** Every persisted event: bookkeeping, the frame to the sockets, then what the server adds after it. */
	private onEvent(agent: Agent, record: EventRecord): void {
		const entry = this.entries.get(agent.conversation.id);
		if (!entry) return;
		const {c} = entry;
		this.options.active?.();
		if (c.leafEventId) this.parents.set(record.id, c.leafEventId);
		c.leafEventId = record.id;
		if (record.us > c.updatedUs) c.updatedUs = record.us;
		this.announce(entry, record);
		const body = record.body;
		switch (body.kind) {
			case 'MessageEvent':
				if (body.role === 'user') {
					c.lastUserMessageId = record.id;
					this.append(entry, record.us + 7, {kind: 'ConversationStateUpdateEvent', key: 'last_user_message_id', value: record.id});
					this.autotitle(c, body.content);
				} else {
					this.modelCall(entry, record, body.responseId ?? '');
					this.flushStats(entry);
				}
				break;
			case 'ActionEvent':
				// its stats are stored after the observation, with the model's answer time (§6.2)
				this.modelCall(entry, record, body.responseId);
				break;
			case 'AgentErrorEvent':
				this.modelCall(entry, record, '');
				this.flushStats(entry);
				break;
			case 'Condensation':
				this.modelCall(entry, record, body.responseId, 'condenser');
				this.flushStats(entry);
				break;
			case 'ObservationEvent':
				this.workspaces.observe(c.workingDir, record);
				this.flushStats(entry);
				break;
			case 'UserRejectObservation':
				this.flushStats(entry);
				break;
			case 'ConversationStateUpdateEvent':
				if (body.key !== 'execution_status') break;
				this.endOfRun(entry, record, body.value as string);
				break;
			default:
				break;
		}
	}

	/** After a status update: the last model call's stats, and at a stop the stats again and a `full_state` frame. */
	private endOfRun(entry: Entry, record: EventRecord, status: string): void {
		const flushed = this.flushStats(entry);
		if (!STOPS.has(status)) return;
		if (!flushed && status !== 'paused' && entry.c.usage.size > 0) this.append(entry, record.us + 3, statsBody(entry.c));
		this.publishState(entry);
	}

	/** An event the server itself stores (state updates), outside the agent's monotonic clock. */
	private append(entry: Entry, us: Micros, body: EventBody): void {
		const record: EventRecord = {id: entry.agent.ids.uuid(), us, source: 'environment', body};
		entry.agent.log.append(record);
		this.onEvent(entry.agent, record);
	}

	/** A model call's cost and tokens; the prompt is the context so far. */
	private modelCall(entry: Entry, record: EventRecord, responseId: string, usageId = entry.c.usageId): void {
		const {c, agent} = entry;
		let usage = c.usage.get(usageId);
		if (!usage) c.usage.set(usageId, (usage = newUsage(c.llmModel ?? 'default')));
		const context = Math.min(160_000, 4_200 + 380 * agent.log.events.length);
		addCall(usage, context, agent.ids.int(60, 420), responseId);
		// created when the answer came, a little before the event it produced
		this.statsDue.set(c.id, record.us - agent.ids.int(200, 900));
	}

	/** Stores the stats of the last model call, if not yet stored; true when it did. */
	private flushStats(entry: Entry): boolean {
		const us = this.statsDue.get(entry.c.id);
		if (us === undefined) return false;
		this.statsDue.delete(entry.c.id);
		this.append(entry, us, statsBody(entry.c));
		return true;
	}

	/** `autotitle`: without a title model, the first user message truncated to 50 characters (§4.2, `title_utils.py`). */
	private autotitle(c: AgentConversation, content: ContentItem[]): void {
		if (c.title !== null || !c.autotitle) return;
		const text = content.find(item => item.type === 'text');
		if (!text || text.type !== 'text') return;
		const chars = Array.from(text.text.trim());
		c.title = chars.length > 50 ? `${chars.slice(0, 47).join('')}...` : chars.join('');
	}

	/** The event to the conversation's sockets (streamed answers first as deltas) and to `onEvent` listeners. */
	private announce(entry: Entry, record: EventRecord): void {
		if (!this.subscribers.has(entry.c.id) && this.created.size === 0) return;
		const frame = eventJson(this, entry.c, record);
		if (this.options.streaming) for (const piece of streamed(record)) this.send(entry.c.id, deltaFrame(this, record.us, piece));
		this.send(entry.c.id, frame);
		for (const listener of this.created) listener({conversationId: dashedUuid(entry.c.id), event: frame, at: Date.now()});
	}
}

const statsBody = (c: AgentConversation): EventBody => ({kind: 'ConversationStateUpdateEvent', key: 'stats', value: stats(c.usage, false)});

/** What a streaming model sends before its answer: the text in a few fragments. */
function streamed(record: EventRecord): string[] {
	const body = record.body;
	let text = '';
	if (body.kind === 'MessageEvent' && body.role === 'assistant') text = body.content.map(i => (i.type === 'text' ? i.text : '')).join('');
	else if (body.kind === 'ActionEvent') text = body.thought;
	if (!text) return [];
	const pieces: string[] = [];
	const size = Math.max(8, Math.ceil(text.length / 4));
	for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
	return pieces;
}
