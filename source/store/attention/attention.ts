/**
 * What needs the user (issues 11 and 19), derived inside the snapshot change that brings it, and a
 * slow background check so it works while another tab is visible.
 *
 * - A conversation counts while it needs you now (./needsYouItems.ts: waiting for confirmation,
 *   error, stuck, finished and not seen), from its first sighting on: what waited before ohtui
 *   started is counted at once; only what this session saw change is announced (`transition`).
 *   Opening its activity or dismissing it marks it seen (the seen store, per server, across
 *   restarts); the marks are written when the activity closes, on a dismissal, and at dispose,
 *   and read again every 30 s (another ohtui's marks: `ohtui show`, a second TUI).
 * - A start task of this session counts when it ends in ERROR; a sandbox the user started or
 *   resumed in this session when it is ERROR (after the boot) or MISSING (./sandboxAttention.ts).
 *   One item per subject, replaced by a newer transition, gone when dismissed or the subject moves on.
 * - The background check sends at most one request per refresh interval (issue 18 §2: a conversation
 *   that comes to need the user is counted within one interval, whichever tab is visible): page 1 of
 *   the conversation search with `updated_at__gte` (only what changed since the last check, with a
 *   margin; CHECK_LIMIT of them, more when that was not enough), or, one turn in SANDBOX_TURN, a
 *   batch get of the sandboxes started or resumed in this session. It skips the conversations when
 *   their visible tab already polls everything there is. Where a conversation's events socket is
 *   open (./liveWatch.ts), its changes count at once.
 * - A server may leave `updated_at` where it was when an agent finishes (OpenHands d6fab190; issue
 *   27 item 8): what changed is then not found by time. While conversations were last seen running,
 *   one conversations turn in RUNNING_TURN asks for those by id instead (a batch get of up to
 *   RUNNING_BATCH): a finish on another tab is counted within RUNNING_TURN intervals at the latest
 *   (at once where its socket is watched).
 */
import type {OpenHandsClient} from '../../api/client.js';
import type {AppConversation, StartTask} from '../../api/schemas/index.js';
import {makeItem, put, without, type Subject} from './attentionRules.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {retryDelayMs} from '../backoff.js';
import {remember} from '../bounded.js';
import {ConversationAttention, NO_ITEMS} from './needsYouItems.js';
import {isAbort} from '../oneLine.js';
import type {Resources} from '../lists/resources.js';
import {SandboxAttention} from './sandboxAttention.js';
import type {SeenStore} from './seenStore.js';
import type {AttentionItem, StoreSnapshot} from '../types.js';

/** While sandboxes are watched too, they take one background turn in this many (every 30 s at the default 5 s). */
export const SANDBOX_TURN = 6;
/** Another ohtui's seen marks (`ohtui show`, a second TUI) are read again this often. */
export const SEEN_RELOAD_MS = 30_000;
/**
 * `updated_at__gte` asks from the newest `updated_at` seen, minus this: a row written while the last
 * check was answered is not missed. Both ends are server time, so a skewed local clock cannot hide
 * a change.
 */
export const UPDATED_MARGIN_MS = 60_000;
/**
 * What changed since the last check is asked for this many at a time, twice as many after a page
 * that came back full (up to 100), fewer again once pages are mostly empty: every interval now
 * (issue 18 §2), and an agent server has no time filter, so the page is its newest conversations,
 * whose details run to kilobytes each (70 of them were 335 kB per check, the most of an idle app's CPU).
 */
export const CHECK_LIMIT = 10;
/** Conversations last seen running that one turn asks for by id. */
export const RUNNING_BATCH = 50;
/** One conversations turn in this many asks for them (every 30 s at the default 5 s). */
export const RUNNING_TURN = 6;

type Items = readonly AttentionItem[];

/** This session's start tasks remembered (issue 21 item 13). */
const MAX_REMEMBERED = 5000;

export class Attention {
	private readonly conversations: ConversationAttention;
	private readonly tasks = new Map<string, string>();
	/** sandboxes started or resumed in this session (./sandboxAttention.ts) */
	private readonly sandboxes: SandboxAttention;
	/** newest conversation `updated_at` seen (server time, ms) */
	private newestUpdate: number | null = null;
	private cancelTimer: (() => void) | null = null;
	private turn = 0;
	/** conversations turns so far: one in RUNNING_TURN asks for what ran, by id */
	private conversationTurns = 0;
	/** conversations a check asks for (page 1 of what changed) */
	private checkLimit = CHECK_LIMIT;
	/** when the seen marks were last read again */
	private seenReadAt: number;
	private started = false;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
		seen: SeenStore,
	) {
		this.conversations = new ConversationAttention(seen, () => core.now());
		this.sandboxes = new SandboxAttention(client, core, resources);
		this.seenReadAt = core.now();
		core.derive = (previous, next) => this.derive(previous, next);
	}

	start(): void {
		if (this.started) return;
		this.started = true;
		// Another tab visible at start: the baseline comes from a check now, not an interval later.
		this.plan(this.core.get().visible === 'conversations' ? this.core.config.refreshMs : 0);
	}

	dispose(): void {
		this.cancelTimer?.();
		this.cancelTimer = null;
		this.conversations.save();
	}

	/**
	 * One item (by key), or all: a conversation's is marked seen (a finished one goes; an error or a
	 * stuck agent is acknowledged and goes until its state changes; one that waits stays while it
	 * does), the others go. The key of an acknowledged item brings it back.
	 */
	dismiss(key?: string): void {
		const snapshot = this.core.get();
		let items = snapshot.attention;
		const chosen = key === undefined ? snapshot.attention : [...snapshot.attention, ...this.conversations.acknowledged()].filter(i => i.key === key);
		for (const item of chosen) {
			items = item.subject === 'conversation' ? this.conversations.dismiss(item, items) : without(items, item.subject, item.id);
		}
		this.conversations.save();
		this.publish(snapshot, items);
	}

	/** The snapshot with these items and the acknowledged list as it is now, if either changed. */
	private publish(snapshot: StoreSnapshot, items: Items): void {
		const acknowledged = this.conversations.acknowledged();
		if (items !== snapshot.attention || acknowledged !== (snapshot.acknowledged ?? NO_ITEMS)) this.core.set({...snapshot, attention: items, acknowledged});
	}

	/** A delete the server confirmed: its items go, and nothing about it is watched any more. */
	forget(subject: Subject, id: string): void {
		if (subject === 'conversation') this.conversations.forget(id);
		if (subject === 'sandbox') this.sandboxes.forget(id);
		const snapshot = this.core.get();
		this.publish(snapshot, without(snapshot.attention, subject, id));
	}

	private derive(previous: StoreSnapshot, next: StoreSnapshot): StoreSnapshot {
		const at = this.core.now();
		let items = next.attention;
		if (next.startTasks !== previous.startTasks) items = this.seeTasks(next.startTasks, items, at);
		if (next.pending !== previous.pending) items = this.sandboxes.seePending(next, items, at);
		const sandboxes = next.sandboxes.data;
		if (sandboxes && sandboxes !== previous.sandboxes.data && this.sandboxes.watching) {
			for (const sandbox of sandboxes) items = this.sandboxes.see(sandbox.id, sandbox.status, items, at);
		}
		const conversations = next.conversations.data;
		if (conversations && conversations !== previous.conversations.data) {
			items = this.seeConversations(conversations, items, next.activity?.conversationId ?? null, at);
		}
		const looking = next.activity?.conversationId ?? null;
		const looked = previous.activity?.conversationId ?? null;
		// Opened (or brought fresher while open): what it is now is seen.
		const shown = next.activity?.conversation ?? (looking ? conversations?.find(c => c.id === looking) : undefined);
		if (looking && shown && (looking !== looked || shown !== previous.activity?.conversation)) items = this.conversations.see(shown, items, looking);
		if (looked && looked !== looking) {
			// What changed while the user looked at it was seen, even when the list (which waits while an
			// activity is open) only brings it with its first polls after closing.
			this.conversations.closed(looked, at + 2 * this.core.config.refreshMs, previous.activity?.conversation?.execution_status);
			this.conversations.save();
		}
		const acknowledged = this.conversations.acknowledged();
		if (items === next.attention && acknowledged === (next.acknowledged ?? NO_ITEMS)) return next;
		return {...next, attention: items, acknowledged};
	}

	private seeConversations(list: readonly AppConversation[], items: Items, looking: string | null, at: number): Items {
		for (const c of list) {
			if (Number.isFinite(c.updated_at) && (this.newestUpdate === null || c.updated_at > this.newestUpdate)) this.newestUpdate = c.updated_at;
			if (this.sandboxes.has(c.sandbox_id)) items = this.sandboxes.see(c.sandbox_id, c.sandbox_status, items, at);
			items = this.conversations.see(c, items, looking);
		}
		return items;
	}

	private seeTasks(tasks: readonly StartTask[], items: Items, at: number): Items {
		for (const task of tasks) {
			if (task.app_conversation_id) this.conversations.createdHere(task.app_conversation_id);
			const before = this.tasks.get(task.id);
			remember(this.tasks, task.id, task.status, MAX_REMEMBERED);
			if (before === task.status || task.status !== 'ERROR') continue;
			items = put(items, makeItem('start-task', task.id, 'ERROR', task.detail || taskTitle(task), at));
		}
		return items;
	}

	// ---- the background check

	private plan(ms: number): void {
		this.cancelTimer?.();
		this.cancelTimer = this.core.after(ms, () => {
			this.cancelTimer = null;
			void this.tick();
		});
	}

	private async tick(): Promise<void> {
		let wait = this.core.config.refreshMs;
		// what another ohtui marked seen meanwhile (`ohtui show`, a second TUI): one small file read
		if (this.core.now() - this.seenReadAt >= SEEN_RELOAD_MS) {
			this.seenReadAt = this.core.now();
			const before = this.core.get();
			this.publish(before, this.conversations.reload(before.attention));
		}
		try {
			const source = this.nextSource();
			if (source === 'conversations') {
				const running = ++this.conversationTurns % RUNNING_TURN === 0 ? this.conversations.running(RUNNING_BATCH) : [];
				await (running.length > 0 ? this.checkRunning(running) : this.checkConversations());
			} else if (source === 'sandboxes') await this.sandboxes.check();
			// the server took the key: a list's lone 401 after this is asked again promptly (../backoff.ts).
			// While a list waits out its own refusal this check may be the only read that is answered:
			// without it the sandbox list opened then waited 57 s after one 401 (issue 27 item 12)
			if (source !== null) this.core.tookKey();
		} catch (error) {
			if (this.core.disposed || isAbort(error)) return;
			// A background check fails quietly (the visible tab reports the server's state) and waits
			// its turn, or longer when the server asks for it (clamped, and a minute after a 401: ./backoff.ts)
			wait = Math.max(wait, retryDelayMs(error, 1, this.core.config.random));
		}
		if (!this.core.disposed) this.plan(wait);
	}

	private nextSource(): 'conversations' | 'sandboxes' | null {
		const snapshot = this.core.get();
		const list = snapshot.conversations;
		// The visible tab's poll already reads every conversation there is: nothing to add. (Not while
		// an activity is open: the lists wait then, only the activity polls.)
		const covered =
			snapshot.visible === 'conversations' && snapshot.activity === null && list.data !== undefined && !list.hasMore && list.error === null;
		const conversations = !covered;
		const sandboxes = this.sandboxes.checkable;
		if (conversations && sandboxes) return this.turn++ % SANDBOX_TURN === SANDBOX_TURN - 1 ? 'sandboxes' : 'conversations';
		return conversations ? 'conversations' : sandboxes ? 'sandboxes' : null;
	}

	/** The conversations last seen running, by id: a finish is found whatever their `updated_at` says. */
	private async checkRunning(ids: readonly string[]): Promise<void> {
		let sentAt = this.core.now();
		const found = await this.core.send(PRIORITY.poll, o => {
			sentAt = this.core.now();
			return this.client.getConversations(ids, o);
		});
		const rows = found.filter((c): c is AppConversation => c !== null);
		for (const conversation of rows) this.resources.upsert('conversations', conversation, false, sentAt);
		const snapshot = this.core.get();
		const items = this.seeConversations(rows, snapshot.attention, snapshot.activity?.conversationId ?? null, this.core.now());
		if (items !== snapshot.attention) this.core.set({...snapshot, attention: items});
	}

	private async checkConversations(): Promise<void> {
		const since = this.newestUpdate === null ? undefined : new Date(this.newestUpdate - UPDATED_MARGIN_MS);
		let sentAt = this.core.now();
		const limit = since === undefined ? 100 : this.checkLimit;
		const page = await this.core.send(PRIORITY.poll, o => {
			sentAt = this.core.now();
			return this.client.searchConversations({limit, updatedAtGte: since}, o);
		});
		// a full page may have left changes out: ask for more next time; a mostly empty one, for fewer
		if (since !== undefined) {
			if (page.items.length >= limit) this.checkLimit = Math.min(100, limit * 2);
			else if (page.items.length < limit / 2) this.checkLimit = Math.max(CHECK_LIMIT, Math.floor(limit / 2));
		}
		// Loaded rows get the fresher data too (equal data keeps its identity: nobody is notified).
		for (const conversation of page.items) this.resources.upsert('conversations', conversation, false, sentAt);
		const snapshot = this.core.get();
		const at = this.core.now();
		this.publish(snapshot, this.seeConversations(page.items, snapshot.attention, snapshot.activity?.conversationId ?? null, at));
	}
}

function taskTitle(task: StartTask): string {
	const text = task.request.initial_message?.content.find(c => c.text)?.text;
	return task.request.selected_repository ?? text ?? `start task ${task.id}`;
}
