/**
 * The conversations that need the user, as attention items (issue 19 §1): the state now, by the
 * one predicate (./needsYou.ts), so what was already waiting when ohtui started counts at once.
 *
 * - An item per conversation that needs you: waiting for confirmation, error, stuck, or finished
 *   and not seen since it changed (./seenStore.ts: opening its activity or dismissing it marks it
 *   seen, remembered per server across restarts). It goes when the conversation moves on.
 * - `transition` says whether this session saw it change into that state (or created it): only
 *   those are announced (BEL, desktop, notify_command), once each (one key per entry into a state).
 *   What was there at start, and what changed while the user looked at it (its activity open, or
 *   the first polls after closing it), is counted but never announced.
 * - `at` is when it entered the state: the conversation's `updated_at` when it was first seen so
 *   (server time, so "waiting 7m" is true for a conversation that waited before ohtui started), or
 *   when this session saw it change, if later.
 * - "Since you looked" is decided from what changed, not from `updated_at` alone (issue 27 item 8):
 *   OpenHands d6fab190 leaves `updated_at` where it was when an agent finishes. A change of its
 *   execution status this session saw counts as a change at that moment, and a look records the
 *   status it saw (./seenStore.ts), so a finish after a look at the running agent is news.
 * - An error or a stuck agent acknowledged with `d` (issue 26 item 2, ./acknowledgements.ts) leaves the
 *   items for a list of its own (`acknowledged()`, what `!` shows on request) until its state changes.
 */
import type {AppConversation} from '../../api/schemas/index.js';
import {remember, rememberKey} from '../bounded.js';
import {attentionState, needsYouIn, type NeedsYouReason} from './needsYou.js';
import type {SeenStore} from './seenStore.js';
import {MAX_ITEMS} from './attentionRules.js';
import {deepEqual} from '../share.js';
import type {AttentionItem} from '../types.js';

type Items = readonly AttentionItem[];

/** No acknowledged item: one array, so a snapshot without the field and an empty list are the same. */
export const NO_ITEMS: Items = [];

/** Conversations remembered (issue 21 item 13: the newest; one that left the bound is new again, not announced). */
const MAX_REMEMBERED = 5000;

export class ConversationAttention {
	/** conversation id → the last agent state seen (null states are not recorded: the sandbox is not running) */
	private readonly agents = new Map<string, string>();
	/** conversations created by this session's start tasks: their first sighting is a transition */
	private readonly created = new Set<string>();
	/** conversation id → until when a change still counts as seen in its activity, just closed, and the status it showed */
	private readonly lookedUntil = new Map<string, {until: number; status: string | null | undefined}>();
	/** conversation id → when this session saw its execution status change (local time) */
	private readonly changedAt = new Map<string, number>();
	private serial = 0;
	/** acknowledged errors and stuck agents, by conversation id, as items (oldest first) */
	private readonly acked = new Map<string, AttentionItem>();
	private ackedList: Items = NO_ITEMS;

	constructor(
		private readonly seen: SeenStore,
		private readonly now: () => number,
	) {}

	/** Conversations whose agent ran when last seen (at most `limit`, the most recently remembered first). */
	running(limit: number): string[] {
		const ids: string[] = [];
		for (const [id, state] of [...this.agents].reverse()) {
			if (state !== 'running') continue;
			ids.push(id);
			if (ids.length >= limit) break;
		}
		return ids;
	}

	createdHere(id: string): void {
		rememberKey(this.created, id, MAX_REMEMBERED);
	}

	/** The user looks at it (its activity is open): whatever it is now is seen. */
	look(conversation: AppConversation): void {
		this.seen.markSeen(conversation.id, finite(conversation.updated_at), conversation.execution_status);
	}

	/**
	 * Its activity closed: what the next polls bring for it changed while the user looked, as far as
	 * it is the status the activity showed (`status`; undefined: it showed none). A status it never
	 * showed came after the close: on the legacy stand-in a finish 5-7 s after leaving the running agent
	 * was taken as seen, no bell and not in `!` (issue 27 item 8).
	 */
	closed(id: string, until: number, status?: string | null): void {
		for (const [other, look] of this.lookedUntil) if (look.until <= this.now()) this.lookedUntil.delete(other);
		this.lookedUntil.set(id, {until, status});
	}

	private justLooked(c: AppConversation, at: number): boolean {
		const look = this.lookedUntil.get(c.id);
		if (!look || look.until <= at) return false;
		return look.status === undefined || c.execution_status === look.status;
	}

	/**
	 * Dismissed from `!`: seen now (a finished one goes; one that waits still needs you); an error or a
	 * stuck agent is acknowledged (it goes until its state changes again); an acknowledged one is
	 * brought back.
	 */
	dismiss(item: AttentionItem, items: Items): Items {
		const c = item.conversation;
		if (!c) return items;
		if (this.acked.get(item.id)?.key === item.key) this.seen.acknowledge(c.id, '', null);
		else if ((item.reason === 'error' || item.reason === 'stuck') && c.execution_status) this.seen.acknowledge(c.id, c.execution_status, finite(c.updated_at));
		this.look(c);
		return this.see(c, items, null);
	}

	/** The acknowledged errors and stuck agents, oldest first (the same array while nothing changed). */
	acknowledged(): readonly AttentionItem[] {
		return this.ackedList;
	}

	forget(id: string): void {
		this.agents.delete(id);
		this.lookedUntil.delete(id);
		this.changedAt.delete(id);
		this.putAcked(id, null);
	}

	/** Writes the marks made (dismissals, activities opened) to the state folder. */
	save(): void {
		this.seen.save();
	}

	/** Marks made by another ohtui meanwhile (`ohtui show`, another TUI): finished items they saw go. */
	reload(items: Items): Items {
		this.seen.reload();
		for (const item of [...items, ...this.ackedList]) if (item.subject === 'conversation' && item.conversation) items = this.see(item.conversation, items, null);
		return items;
	}

	/** The item `c` calls for now, replacing its old one or removing it. */
	see(c: AppConversation, items: Items, looking: string | null): Items {
		const at = this.now();
		const state = c.execution_status;
		const before = this.agents.get(c.id);
		if (state !== null) {
			remember(this.agents, c.id, state, MAX_REMEMBERED);
			// any other state ends an acknowledgement, whatever updated_at says
			this.seen.moved(c.id, state);
		}
		if (before !== undefined && state !== null && state !== before) remember(this.changedAt, c.id, at, MAX_REMEMBERED);
		const recent = this.justLooked(c, at);
		if (looking === c.id || recent) this.look(c);
		const judged = attentionState(c, this.seen.isSeen(c.id, this.changed(c), state));
		const reason = needsYouIn(judged, this.seen.isAcknowledged(c.id, state, finite(c.updated_at)));
		const quiet = reason === null ? needsYouIn(judged, false) : null;
		this.putAcked(c.id, quiet === null ? null : c, quiet);
		const index = items.findIndex(i => i.subject === 'conversation' && i.id === c.id);
		const old = index < 0 ? undefined : items[index]!;
		if (reason === null) return old ? items.filter((_, i) => i !== index) : items;
		if (old?.reason === reason) {
			// a check's fresh copy of the same row changes nothing (no snapshot, nobody notified)
			if (old.conversation === c || deepEqual(old.conversation, c)) return items;
			const kept = {...old, state: state ?? old.state, title: titleOf(c), conversation: c};
			return items.map((item, i) => (i === index ? kept : item));
		}
		const changed = before === undefined ? this.created.has(c.id) : state !== null && state !== before;
		const item = this.item(c, reason, changed && looking !== c.id && !recent, at);
		return [...(old ? items.filter((_, i) => i !== index) : items), item];
	}

	/** Keeps (or drops, with null) the acknowledged item of a conversation; the list changes identity only when it changed. */
	private putAcked(id: string, c: AppConversation | null, reason: NeedsYouReason | null = null): void {
		const old = this.acked.get(id);
		if (!c || !reason) {
			if (!old) return;
			this.acked.delete(id);
		} else {
			if (old && old.reason === reason && (old.conversation === c || deepEqual(old.conversation, c))) return;
			this.acked.delete(id);
			this.acked.set(id, old?.reason === reason ? {...old, title: titleOf(c), conversation: c} : this.item(c, reason, false, this.now()));
			// as many as the items may hold: the oldest go first
			if (this.acked.size > MAX_ITEMS) this.acked.delete(this.acked.keys().next().value as string);
		}
		this.ackedList = this.acked.size === 0 ? NO_ITEMS : [...this.acked.values()];
	}

	private item(c: AppConversation, reason: NeedsYouReason, transition: boolean, at: number): AttentionItem {
		const state = c.execution_status ?? reason;
		return {
			key: `conversation:${c.id}:${state}:${at}:${++this.serial}`,
			subject: 'conversation',
			id: c.id,
			state,
			reason,
			transition,
			title: titleOf(c),
			at: this.changed(c) ?? at,
			conversation: c,
		};
	}

	/** When it last changed: its `updated_at`, or the change of status this session saw, whichever is later. */
	private changed(c: AppConversation): number | null {
		const updated = finite(c.updated_at);
		const saw = this.changedAt.get(c.id);
		return saw === undefined ? updated : Math.max(updated ?? saw, saw);
	}
}

function finite(value: number): number | null {
	return Number.isFinite(value) ? value : null;
}

function titleOf(c: AppConversation): string {
	return c.title || `conversation ${c.id}`;
}
