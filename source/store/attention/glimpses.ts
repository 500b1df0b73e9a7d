/**
 * What each conversation on screen is doing now (issue 19 §2): its newest events, read for the
 * list's "doing now" column, the preview pane, and what a waiting agent waits for (`!`, the
 * notifications). A resource of its own, beside the open activity's lane.
 *
 * - Which: the conversations the UI shows (`watch`: the running and needing-you rows on screen,
 *   and the one in the preview, its `focus`), plus every conversation that waits for a
 *   confirmation (its pending action is what `!` and the notification name).
 * - How often: one event search of the newest GLIMPSE_EVENTS each; the focus every refresh
 *   interval while its agent runs (waiting or at rest: when it changed), the others on screen every GLIMPSE_MS (30 s) however busy they are; a waiting one as
 *   soon as its `updated_at` moved (a list poll or check brought it: a new pending action), and
 *   off screen only then. One request at a time, at poll priority, inside the request budget; a
 *   failure backs off like the lists.
 * - The open activity's conversation is never searched here: its events are taken from the lane.
 * - `take(id, events)` is the seam for the live transport (issue 18): events that came over a socket
 *   join the glimpse as a search's would (one de-duplication by id, storage order kept), and
 *   the next search of that conversation waits its full interval again (once it was read at all).
 * - What changed is its `updated_at` or its execution status (issue 27: OpenHands d6fab190 leaves
 *   `updated_at` put when an agent stops or comes to wait). Where the app server's event store is
 *   behind its agent server (it gets the events in batches there: nothing yet, a wait without its
 *   pending action, a stop without its last steps), the agent server's own newest events are read
 *   too, through `conversation_url`, once per change (../activity/agentCatchUp.ts).
 * - An app server's conversation that waits for a confirmation: when `x` is pressed on it
 *   (`askAgent`), its agent server is asked once what it can do (`Glimpse.agent`), so `x` says when a
 *   reject cannot work there (before SDK 1.6.0, what d6fab190 launches) before it asks for a reason,
 *   instead of refusing after it.
 */
import type {OpenHandsClient} from '../../api/client.js';
import type {AppConversation, ConversationEvent} from '../../api/schemas/index.js';
import {freshOnly, mergeEvents} from '../activity/activityWindow.js';
import {eventsBehind} from '../activity/agentCatchUp.js';
import {targetOf} from '../actions/agentTarget.js';
import {keepableAll} from '../activity/largeEvents.js';
import {retryDelayMs} from '../backoff.js';
import {remember} from '../bounded.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import type {Glimpse, StoreSnapshot} from '../types.js';
import {bounded, GLIMPSE_EVENTS, stateSince} from './glimpseEvents.js';
import {listedOffset} from '../clockOffset.js';

export {GLIMPSE_BYTES, GLIMPSE_EVENTS} from './glimpseEvents.js';
/** The pace of a conversation on screen that nothing says has changed. */
export const GLIMPSE_MS = 30_000;
/** The least time between two searches of a waiting conversation that keeps changing. */
export const MIN_GAP_MS = 2_000;
/** Glimpses kept of conversations no longer watched (scrolled away and back: no search at once). */
const KEEP = 100;

/**
 * Conversations whose pace is remembered (issue 21 item 13: one entry per conversation ever on screen
 * or waiting grew for as long as the app ran). A forgotten one is read at once if it comes back.
 */
export const MAX_PACED = 1000;

type Entry = {
	lastAt: number | null;
	updatedAt: number | null;
	/** its execution status when last read */
	status: string | null;
	failures: number;
	retryAt: number | null;
	/** what the last read of its agent server's own events was for (status and newest event held) */
	agentKey: string | null;
	/** what its agent server can do, once asked (a waiting app-server conversation) */
	agent: Glimpse['agent'] | null;
};

export class Glimpses {
	private readonly entries = new Map<string, Entry>();
	private watched: readonly string[] = [];
	private focus: string | null = null;
	private cancelTimer: (() => void) | null = null;
	private busy = false;
	private started = false;
	private byId: {attention: unknown; rows: unknown; map: Map<string, AppConversation>} | null = null;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {
		core.subscribe(() => this.changed());
	}

	/** conversations whose pace is remembered (the memory test reads it) */
	get paced(): number {
		return this.entries.size;
	}

	start(): void {
		this.started = true;
		this.plan();
	}

	dispose(): void {
		this.cancelTimer?.();
		this.cancelTimer = null;
	}

	watch(ids: readonly string[], focus: string | null): void {
		if (focus === this.focus && ids.length === this.watched.length && ids.every((id, i) => id === this.watched[i])) return;
		this.watched = ids;
		this.focus = focus;
		this.plan();
	}

	/** Events from elsewhere (the live transport, the open activity): into the glimpse, no search. */
	take(id: string, events: readonly ConversationEvent[]): void {
		const entry = this.entry(id);
		// never read yet: a watching socket asks for no replay, so only a search brings what came
		// before it (when the agent entered its state); a busy agent would otherwise put it off forever
		if (entry.lastAt !== null) entry.lastAt = this.core.now();
		const conversation = this.conversations().get(id);
		entry.updatedAt = conversation?.updated_at ?? entry.updatedAt;
		if (conversation) entry.status = conversation.execution_status;
		this.put(id, events, null);
	}

	private changed(): void {
		const activity = this.core.get().activity;
		const open = activity?.conversationId;
		if (open && this.wanted().has(open) && activity.events.length > 0) {
			const held = this.core.get().glimpses?.[open]?.events;
			const newest = activity.events.slice(-GLIMPSE_EVENTS);
			if (held?.at(-1)?.id !== newest.at(-1)?.id) this.take(open, newest);
		}
		if (this.started && !this.busy) this.plan();
	}

	/** Every conversation to read: the watched ones and those that wait for a confirmation. */
	private wanted(): Set<string> {
		const ids = new Set(this.watched);
		if (this.focus) ids.add(this.focus);
		for (const item of this.core.get().attention) if (item.reason === 'waiting') ids.add(item.id);
		return ids;
	}

	/** by id, made again only when the list or the attention items changed (a plan runs at every snapshot) */
	private conversations(): Map<string, AppConversation> {
		const {attention, conversations} = this.core.get();
		const cache = this.byId;
		if (cache && cache.attention === attention && cache.rows === conversations.data) return cache.map;
		const map = new Map<string, AppConversation>();
		for (const item of attention) if (item.conversation) map.set(item.id, item.conversation);
		for (const c of conversations.data ?? []) map.set(c.id, c);
		this.byId = {attention, rows: conversations.data, map};
		return map;
	}

	private entry(id: string): Entry {
		let entry = this.entries.get(id);
		if (!entry) {
			entry = {lastAt: null, updatedAt: null, status: null, failures: 0, retryAt: null, agentKey: null, agent: null};
			remember(this.entries, id, entry, MAX_PACED);
		}
		return entry;
	}

	private dueAt(id: string, conversation: AppConversation | undefined, waiting: ReadonlySet<string>): number {
		const entry = this.entry(id);
		if (entry.retryAt !== null) return entry.retryAt;
		if (entry.lastAt === null) return this.core.now();
		const moved =
			conversation !== undefined &&
			((Number.isFinite(conversation.updated_at) && conversation.updated_at !== entry.updatedAt) || conversation.execution_status !== entry.status);
		if (id === this.focus) {
			// the preview's: live while its agent works; one that waits or rests only when something changed
			const busy = conversation === undefined || conversation.execution_status === 'running';
			return entry.lastAt + (busy || moved ? this.core.config.refreshMs : Number.POSITIVE_INFINITY);
		}
		// what a waiting agent asks is read as soon as it changed (`!` and the notification name it)
		if (waiting.has(id) && moved) return entry.lastAt + MIN_GAP_MS;
		// on screen: the slow pace, however busy; a waiting one off screen: only when it changed
		return entry.lastAt + (this.watched.includes(id) ? GLIMPSE_MS : Number.POSITIVE_INFINITY);
	}

	/** The next conversation due, or when the next one will be. */
	private next(): {id: string; at: number} | null {
		const conversations = this.conversations();
		const open = this.core.get().activity?.conversationId;
		const waiting = new Set(this.core.get().attention.filter(item => item.reason === 'waiting').map(item => item.id));
		let best: {id: string; at: number} | null = null;
		for (const id of this.wanted()) {
			if (id === open) continue;
			const at = this.dueAt(id, conversations.get(id), waiting);
			if (!best || at < best.at) best = {id, at};
		}
		return best;
	}

	private plan(): void {
		this.cancelTimer?.();
		this.cancelTimer = null;
		if (!this.started || this.busy || this.core.disposed) return;
		const next = this.next();
		if (!next || next.at === Number.POSITIVE_INFINITY) return;
		this.cancelTimer = this.core.after(Math.max(0, next.at - this.core.now()), () => {
			this.cancelTimer = null;
			void this.read(next.id);
		});
	}

	private async read(id: string): Promise<void> {
		this.busy = true;
		const entry = this.entry(id);
		const conversation = this.conversations().get(id);
		try {
			const page = await this.core.send(PRIORITY.poll, o => this.client.searchEvents(id, {sortOrder: 'TIMESTAMP_DESC', limit: GLIMPSE_EVENTS}, o));
			entry.lastAt = this.core.now();
			this.core.tookKey();
			entry.updatedAt = conversation?.updated_at ?? null;
			entry.status = conversation?.execution_status ?? null;
			entry.failures = 0;
			entry.retryAt = null;
			// newest first from the server: held oldest first, like the activity's window
			this.put(id, [...page.items].reverse(), null);
			if (conversation) await this.fromAgent(id, conversation, entry);
		} catch (error) {
			if (this.core.disposed || isAbort(error)) return;
			entry.failures++;
			entry.lastAt = this.core.now();
			entry.retryAt = this.core.now() + Math.max(this.core.config.refreshMs, retryDelayMs(error, entry.failures, this.core.config.random, this.core.lastSuccessAt !== null));
			this.put(id, [], toErrorInfo(error, this.core.now()));
		} finally {
			this.busy = false;
			this.plan();
		}
	}

	/** The agent server's newest events where the app server's store is behind it (once per change; quiet on failure). */
	private async fromAgent(id: string, conversation: AppConversation, entry: Entry): Promise<void> {
		const held = this.core.get().glimpses?.[id]?.events ?? [];
		if (!conversation.conversation_url || !eventsBehind(held, conversation.execution_status)) return;
		const key = `${conversation.execution_status ?? ''}\n${held.at(-1)?.id ?? ''}`;
		if (key === entry.agentKey) return;
		entry.agentKey = key;
		try {
			const page = await this.core.send(PRIORITY.poll, o => this.client.searchAgentEvents(targetOf(conversation), {sortOrder: 'TIMESTAMP_DESC', limit: GLIMPSE_EVENTS}, o));
			this.put(id, [...page.items].reverse(), null);
		} catch {
			// the app server's events stay what the glimpse shows; asked again when something changes
		}
	}

	/**
	 * A waiting app-server conversation: what its agent server can do, asked once (a failure: taken
	 * as able, the client checks again before it sends). Beside the searches, not after them: `x` waits.
	 */
	askAgent(id: string): void {
		const conversation = this.conversations().get(id);
		const entry = this.entry(id);
		if (!conversation || entry.agent || this.asking.has(id)) return;
		if (conversation.execution_status !== 'waiting_for_confirmation' || !conversation.conversation_url) return;
		this.asking.add(id);
		void this.abilities(id, conversation, entry).finally(() => this.asking.delete(id));
	}

	private readonly asking = new Set<string>();

	private async abilities(id: string, conversation: AppConversation, entry: Entry): Promise<void> {
		try {
			const facts = await this.core.send(PRIORITY.poll, o => this.client.agentFacts(targetOf(conversation), o));
			entry.agent = {version: facts.version, rejects: facts.rejects};
		} catch (error) {
			if (isAbort(error)) return;
			entry.agent = {version: null, rejects: true};
		}
		this.put(id, [], null);
	}

	private put(id: string, incoming: readonly ConversationEvent[], error: Glimpse['error']): void {
		const snapshot: StoreSnapshot = this.core.get();
		const all = snapshot.glimpses ?? {};
		const held = all[id];
		const before = held?.events ?? [];
		const events = error ? before : bounded(mergeEvents(before, freshOnly(new Set(before.map(e => e.id)), keepableAll(incoming)), 'newer', true));
		const agent = this.entries.get(id)?.agent ?? held?.agent;
		const offset = listedOffset(held?.clockOffsetMs ?? 0, this.conversations().get(id), events);
		// nothing new: no snapshot, nobody notified
		if (held && held.agent === agent && (held.clockOffsetMs ?? 0) === offset && held.error?.message === error?.message && events.length === before.length && events.every((e, i) => e === before[i])) return;
		const glimpse: Glimpse = {events, fetchedAt: this.core.now(), error, stateSince: stateSince(events, held?.stateSince ?? null), ...(agent ? {agent} : {}), ...(offset ? {clockOffsetMs: offset} : {})};
		const kept = Object.entries(all).filter(([key]) => key !== id);
		if (kept.length >= KEEP) {
			const wanted = this.wanted();
			const drop = kept.findIndex(([key]) => !wanted.has(key));
			if (drop >= 0) kept.splice(drop, 1);
		}
		this.core.set({...snapshot, glimpses: Object.fromEntries([...kept, [id, glimpse]])});
	}
}

