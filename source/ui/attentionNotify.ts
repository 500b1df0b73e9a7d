/**
 * Calls the user when something comes to need them (issue 19 §1, §3): once per transition this
 * session saw (`transition`: not what was waiting at start, nor what changed while the user looked),
 * never for the conversation whose activity is open. The notification says what: the conversation,
 * its server when several are open, and what it waits for, so a waiting agent's announcement waits
 * (at most WAIT_MS) for its pending action to be read (store/glimpses.ts reads it at once). No
 * React: it follows the fleet and writes through the notifier around Ink; `onAnnounce` gets the same
 * (the config's notify command). A storm of transitions is rationed and folded before both the
 * notifier and `onAnnounce` (./notifyLimiter.ts, issue 21 item 8: a program spawned per transition
 * is a storm too).
 */
import type {Notifier} from '../terminal/notify.js';
import {refKey, type Fleet, type FleetSnapshot, type Tagged} from '../fleet/types.js';
import type {AttentionItem} from '../store/types.js';
import {attentionLine, pendingGist} from '../present/attentionText.js';
import {foldedLine, type LimiterClock, NotificationLimiter} from './notifyLimiter.js';

/** How long a waiting agent's announcement waits for its pending action to be read. */
export const WAIT_MS = 3000;

export type Announcement = {
	item: Tagged<AttentionItem>;
	/** the one line: what the notification says (`(+N more)` when it stands for a burst) */
	line: string;
	/** the first transition's own line, and how many transitions the announcement stands for */
	first: string;
	count: number;
	/** named when several servers are open */
	server: string | null;
	/** what a waiting agent asks to run, when read */
	waitsFor: string | null;
};

export type NotifyOptions = {
	/** besides the notifier (the notify command) */
	onAnnounce?(announcement: Announcement): void;
	/** timers for the wait (tests pass their own); default the global ones */
	setTimer?(callback: () => void, ms: number): () => void;
	now?(): number;
	/** the notification limiter's clock (tests pass their own) */
	clock?: LimiterClock;
};

const realTimer = (callback: () => void, ms: number) => {
	const handle = setTimeout(callback, ms);
	return () => clearTimeout(handle);
};

export function notifyOnAttention(fleet: Pick<Fleet, 'subscribe' | 'getSnapshot'>, notifier: Pick<Notifier, 'notify'>, options: NotifyOptions = {}): () => void {
	const setTimer = options.setTimer ?? realTimer;
	const now = options.now ?? Date.now;
	const keyOf = (item: Tagged<AttentionItem>) => refKey({server: item.server, id: item.key});
	// what was there at start is never announced; keys are unique per transition on one server
	let told = new Set(fleet.getSnapshot().attention.map(keyOf));
	/** waiting agents whose pending action is not read yet: until when to wait */
	const held = new Map<string, number>();
	/** held keys with a timer pending */
	const armed = new Set<string>();
	const timers = new Set<() => void>();
	let last: FleetSnapshot['attention'] | null = fleet.getSnapshot().attention;
	let lastGlimpses = fleet.getSnapshot().glimpses;
	const limiter = new NotificationLimiter<Announcement>((first, total) => {
		const said = {...first, line: foldedLine(first.line, total), first: first.line, count: total};
		notifier.notify('ohtui', said.line);
		options.onAnnounce?.(said);
	}, options.clock);

	const check = () => {
		const snapshot = fleet.getSnapshot();
		if (snapshot.attention === last && snapshot.glimpses === lastGlimpses && held.size === 0) return;
		last = snapshot.attention;
		lastGlimpses = snapshot.glimpses;
		const present = new Set<string>();
		const several = snapshot.inView.length > 1;
		for (const item of snapshot.attention) {
			const key = keyOf(item);
			present.add(key);
			if (told.has(key)) continue;
			const looking = item.subject === 'conversation' && snapshot.activity?.conversationId === item.id && snapshot.activity.server === item.server;
			if (!item.transition || looking) {
				told.add(key);
				continue;
			}
			const events = snapshot.glimpses[refKey({server: item.server, id: item.id})]?.events ?? [];
			const waitsFor = item.reason === 'waiting' ? pendingGist(events) : null;
			if (item.reason === 'waiting' && waitsFor === null) {
				const until = held.get(key) ?? now() + WAIT_MS;
				if (now() < until) {
					held.set(key, until);
					// armed again whenever none is pending: a timer can fire a millisecond before
					// `now()` reaches `until`, and nothing else may call check() after it (seen: a
					// waiting agent never announced)
					if (!armed.has(key)) {
						armed.add(key);
						const cancel = setTimer(() => {
							timers.delete(cancel);
							armed.delete(key);
							check();
						}, Math.max(1, until - now()));
						timers.add(cancel);
					}
					continue;
				}
			}
			held.delete(key);
			told.add(key);
			const server = several ? item.server : null;
			const line = attentionLine(item, {server, waitsFor});
			limiter.offer(refKey({server: item.server, id: `${item.subject}:${item.id}`}), {item, line, first: line, count: 1, server, waitsFor});
		}
		told = new Set([...told].filter(key => present.has(key)));
		for (const key of held.keys()) if (!present.has(key)) held.delete(key);
	};

	const stop = fleet.subscribe(check);
	return () => {
		stop();
		for (const cancel of timers) cancel();
		timers.clear();
		limiter.close();
	};
}
