import type {CallOptions} from '../api/client.js';
import {ApiError, isApiError} from '../api/errors.js';
import {RequestBudget, type Priority} from './budget.js';
import {oneLine} from './oneLine.js';
import {realScheduler, type Scheduler} from './scheduler.js';
import type {
	ListState,
	LostWatch,
	Notice,
	PendingAction,
	ResourceName,
	ResourceState,
	StoreOptions,
	StoreSnapshot,
} from './types.js';

export type Config = {
	refreshMs: number;
	maxItems: number;
	pageSize: number;
	watchTimeoutMs: number;
	actionDeadlineMs: number;
	maxRequestsPerSecond: number;
	random: () => number;
};

export function resolveOptions(options: StoreOptions): Config {
	return {
		refreshMs: Math.max(1000, options.refreshMs ?? 5000),
		maxItems: Math.max(1, Math.floor(options.maxItems ?? 1000)),
		pageSize: Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 100))),
		watchTimeoutMs: Math.max(1000, options.watchTimeoutMs ?? 120_000),
		actionDeadlineMs: Math.max(100, options.actionDeadlineMs ?? 60_000),
		maxRequestsPerSecond: Math.max(1, Math.floor(options.maxRequestsPerSecond ?? 10)),
		random: options.random ?? Math.random,
	};
}

function emptyResource<T>(): ResourceState<T> {
	return {data: undefined, fetchedAt: null, loading: false, error: null, retryAt: null, staleSince: null};
}

function emptyList<T>(): ListState<T> {
	return {...emptyResource<readonly T[]>(), hasMore: false, capped: false, loadingMore: false, unreadable: 0};
}

type AnyState = StoreSnapshot[ResourceName];

/** lost watches kept for display: the rows they belong to are few and recent */
const MAX_LOST = 20;

/** The longest delay Node's timers hold (2^31-1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

export function clampDelay(ms: number): number {
	if (Number.isNaN(ms)) return 0;
	return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}

/**
 * Snapshot, subscribers, timers and the one door every request goes through (the budget, the
 * store-wide abort signal, the count of requests on the wire).
 */
export class Core {
	readonly clock: Scheduler;
	readonly config: Config;
	private snapshot: StoreSnapshot;
	private readonly listeners = new Set<() => void>();
	private readonly timers = new Set<unknown>();
	private readonly budget: RequestBudget;
	private readonly life = new AbortController();
	private onWire = 0;
	private idleWaiters: (() => void)[] = [];
	/**
	 * When the server last took the key: a list, the activity, a glimpse, a watch or the background
	 * check read something, or the probe's settings read with the key was answered (its public routes
	 * do not count). A first 401 of any of them after that is asked again once, promptly
	 * (./backoff.ts), even when that one never answered before: d6fab190 refuses the first call of
	 * each path it has not served yet, and the sandbox list opened after the conversations waited a
	 * minute (issue 27 item 12). Set through `tookKey()`.
	 */
	get lastSuccessAt(): number | null {
		return this.keyTakenAt;
	}
	private keyTakenAt: number | null = null;
	private readonly keyListeners = new Set<() => void>();
	/** the last request that ended could not reach the server (refused, reset, timed out) */
	private unreached = false;
	private readonly reachListeners = new Set<() => void>();
	disposed = false;

	constructor(options: StoreOptions) {
		this.config = resolveOptions(options);
		this.clock = options.scheduler ?? realScheduler(options.now);
		this.budget = new RequestBudget(this.config.maxRequestsPerSecond, this.clock);
		this.snapshot = {
			settings: emptyResource(),
			conversations: emptyList(),
			sandboxes: emptyList(),
			specs: emptyList(),
			startTasks: [],
			pending: [],
			lostWatches: {},
			notice: null,
			visible: options.visible ?? 'conversations',
			server: null,
			activity: null,
			drafts: {},
			attention: [],
			sandboxConversations: null,
			changes: null,
		};
	}

	now(): number {
		return this.clock.now();
	}

	get(): StoreSnapshot {
		return this.snapshot;
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * What is derived from a change (attention, issue 11) joins it before anyone is notified: one
	 * snapshot, one notification. It returns `next` itself when it derives nothing new.
	 */
	derive: ((previous: StoreSnapshot, next: StoreSnapshot) => StoreSnapshot) | null = null;

	/** Replaces the snapshot and notifies, unless `next` is the current snapshot. */
	set(next: StoreSnapshot): void {
		if (next === this.snapshot || this.disposed) return;
		if (this.derive) next = this.derive(this.snapshot, next);
		this.snapshot = next;
		for (const listener of [...this.listeners]) listener();
	}

	/**
	 * Changes the fields of one resource that differ (by identity); nothing differs → no new
	 * snapshot, no notification. With `touch`, a real change also stamps `fetchedAt`.
	 */
	patch<N extends ResourceName>(name: N, fields: Partial<StoreSnapshot[N]>, touch = false): void {
		const current = this.snapshot[name] as AnyState;
		const changed = (Object.keys(fields) as (keyof AnyState)[]).some(
			key => !Object.is(current[key], (fields as Partial<AnyState>)[key]),
		);
		if (!changed) return;
		const next = {...current, ...fields} as AnyState;
		if (touch && !('fetchedAt' in fields)) next.fetchedAt = this.now();
		this.set({...this.snapshot, [name]: next});
	}

	notice(level: Notice['level'], text: string): void {
		this.set({...this.snapshot, notice: {level, text: oneLine(text), at: this.now()}});
	}

	setPending(key: string, entry: PendingAction | null): void {
		const rest = this.snapshot.pending.filter(p => p.key !== key);
		this.set({...this.snapshot, pending: entry ? [...rest, entry] : rest});
	}

	/** Records (or with null, forgets) a watch that gave up on `targetId`; keeps the most recent few. */
	setLost(targetId: string, entry: LostWatch | null): void {
		const current = this.snapshot.lostWatches ?? {};
		if (!entry && !(targetId in current)) return;
		const rest = Object.entries(current).filter(([id]) => id !== targetId);
		const kept = entry ? [...rest.slice(-(MAX_LOST - 1)), [targetId, entry] as const] : rest;
		this.set({...this.snapshot, lostWatches: Object.fromEntries(kept)});
	}

	/**
	 * A tracked timer: `dispose()` clears it. Returns its cancel function. The delay is clamped to
	 * what Node's timers hold: past 2^31-1 ms they print a TimeoutOverflowWarning behind Ink's back and
	 * fire after 1 ms (issue 9 item 5).
	 */
	after(ms: number, callback: () => void): () => void {
		if (this.disposed) return () => {};
		const handle = this.clock.setTimeout(() => {
			this.timers.delete(handle);
			if (!this.disposed) callback();
		}, clampDelay(ms));
		this.timers.add(handle);
		return () => {
			if (this.timers.delete(handle)) this.clock.clearTimeout(handle);
		};
	}

	/**
	 * `count` places in the request budget for what is not a REST call through `send` (a websocket
	 * handshake and the version ask before it, issue 27 item 6): on the wire, once all are had,
	 * until `release` (once the answer came). Waiting for them is not on the wire (tests settle).
	 */
	async slot(priority: Priority, count = 1): Promise<() => void> {
		const held: (() => void)[] = [];
		try {
			for (let i = 0; i < count; i++) held.push(await this.budget.acquire(priority));
		} finally {
			if (this.disposed || held.length < count) held.forEach(release => release());
		}
		if (this.disposed) throw new ApiError({kind: 'aborted', message: 'the store was closed'});
		this.onWire++;
		let done = false;
		return () => {
			if (done) return;
			done = true;
			held.forEach(release => release());
			this.onWire--;
			if (this.onWire === 0) for (const wake of this.idleWaiters.splice(0)) wake();
		};
	}

	/** Waits for budget, then sends with the store's abort signal. */
	async send<T>(priority: Priority, call: (options: CallOptions) => Promise<T>): Promise<T> {
		const release = await this.budget.acquire(priority);
		if (this.disposed) throw new ApiError({kind: 'aborted', message: 'the store was closed'});
		this.onWire++;
		try {
			const answer = await call({signal: this.life.signal});
			this.reached(true);
			return answer;
		} catch (error) {
			if (isApiError(error) && (error.kind === 'unreachable' || error.kind === 'timeout')) this.reached(false);
			throw error;
		} finally {
			release();
			this.onWire--;
			if (this.onWire === 0) for (const wake of this.idleWaiters.splice(0)) wake();
		}
	}

	/**
	 * A read with the key was answered. Listeners run too: a list refused once before any success
	 * waits a minute, and this success says the 401 was the server's quirk, not the key (issue 27 item 12).
	 */
	tookKey(): void {
		this.keyTakenAt = this.now();
		for (const listener of [...this.keyListeners]) listener();
	}

	onKeyTaken(listener: () => void): () => void {
		this.keyListeners.add(listener);
		return () => this.keyListeners.delete(listener);
	}

	/**
	 * `listener` runs when a request answers after one could not reach the server: it is back
	 * (what waits for it, such as an events socket, may try at once: issue 26 item 8).
	 */
	onReachable(listener: () => void): () => void {
		this.reachListeners.add(listener);
		return () => this.reachListeners.delete(listener);
	}

	private reached(ok: boolean): void {
		if (!ok) {
			this.unreached = true;
			return;
		}
		if (!this.unreached) return;
		this.unreached = false;
		for (const listener of [...this.reachListeners]) listener();
	}

	/**
	 * Resolves once no request is on the wire and the continuations of the last one have run
	 * (requests waiting for budget or for a timer do not count). Tests step a manual clock with it.
	 */
	async whenSettled(): Promise<void> {
		for (;;) {
			if (this.onWire > 0) await new Promise<void>(resolve => this.idleWaiters.push(resolve));
			await new Promise<void>(resolve => setImmediate(resolve));
			if (this.onWire === 0) return;
		}
	}

	dispose(): void {
		if (this.disposed) return;
		this.disposed = true;
		for (const handle of this.timers) this.clock.clearTimeout(handle);
		this.timers.clear();
		this.budget.close();
		this.life.abort();
		this.listeners.clear();
	}
}
