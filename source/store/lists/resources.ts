import type {OpenHandsClient} from '../../api/client.js';
import {backoffMs, isFinal, retryDelayMs} from '../backoff.js';
import {PRIORITY, type Priority} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import {newRuntime, type Runtime} from './listRuntime.js';
import {PagedList} from './pagedList.js';
import {shareValue} from '../share.js';
import type {ListResourceName, ResourceName} from '../types.js';

type Item = {id: string};

export type RefreshMode = 'poll' | 'user' | 'force';

/**
 * When the four resources fetch: the poll timer of the visible one, backoff after failures, the
 * stale check, holding the lists while the activity view polls. The lists' pages are ./pagedList.ts.
 */
export class Resources {
	private readonly runtimes: Record<ResourceName, Runtime>;
	private readonly lists: Record<ListResourceName, PagedList>;
	private started = false;
	/** ids deleted in this session (ids are never reused) */
	private readonly gone = new Set<string>();
	/** the activity view is open: it is what polls, the lists wait (issue 10: one request an interval) */
	private held = false;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {
		const make = (name: ResourceName): Runtime => newRuntime(name, () => this.schedule(this.runtimes[name]));
		this.runtimes = {
			settings: make('settings'),
			conversations: make('conversations'),
			sandboxes: make('sandboxes'),
			specs: make('specs'),
		};
		const list = (name: ListResourceName) => new PagedList(name, client, core, this.gone);
		this.lists = {conversations: list('conversations'), sandboxes: list('sandboxes'), specs: list('specs')};
		core.onKeyTaken(() => {
			for (const runtime of Object.values(this.runtimes)) this.keyTaken(runtime);
		});
	}

	start(): void {
		if (this.started) return;
		this.started = true;
		const runtime = this.runtimes[this.core.get().visible];
		runtime.shownAt = this.core.now();
		this.schedule(runtime);
		this.armStaleCheck(runtime);
	}

	setVisible(name: ResourceName): void {
		const snapshot = this.core.get();
		const runtime = this.runtimes[name];
		if (snapshot.visible !== name) {
			this.core.set({...snapshot, visible: name});
			runtime.shownAt = this.core.now();
		}
		for (const other of Object.values(this.runtimes)) {
			if (other.name !== name) this.quiet(other);
		}
		this.schedule(runtime);
		this.armStaleCheck(runtime);
	}

	/**
	 * `poll` joins a running refresh; `user` joins too and shows `loading`; `force` (after an
	 * action) wants data newer than the action, so it queues behind a running refresh instead.
	 */
	refresh(name: ResourceName, mode: RefreshMode): Promise<void> {
		const runtime = this.runtimes[name];
		if (mode === 'user') this.core.patch(name, {loading: true});
		// what the user asked for (Ctrl-r, a tab shown) goes before background polls and watches
		const priority = mode === 'user' ? PRIORITY.page : PRIORITY.poll;
		return runtime.lane.run('refresh', () => this.fetch(runtime, priority), mode !== 'force');
	}

	loadMore(name: ListResourceName): Promise<void> {
		return this.runtimes[name].lane.run('more', () => this.loadPages(name, 1), true);
	}

	loadAll(name: ListResourceName): Promise<void> {
		return this.runtimes[name].lane.run('all', () => this.loadPages(name, Number.POSITIVE_INFINITY), true);
	}

	prefetch(name: ResourceName): void {
		const runtime = this.runtimes[name];
		if (runtime.lastSuccessAt !== null || runtime.failures > 0 || runtime.lane.has('refresh')) return;
		void this.refresh(name, 'poll');
	}

	setViewport(name: ListResourceName, first: number, last: number): void {
		this.lists[name].setViewport(first, last);
	}

	/** What a list's items show, given what it held for each (./liveTrust.ts). */
	adjust(name: ListResourceName, adjust: (held: () => Item | undefined, fresh: Item) => Item): void {
		this.lists[name].adjust = adjust;
	}

	/** Sees every item a watch or check brings, listed or not (attention follows sandboxes with it). */
	onItem: ((name: ListResourceName, item: Item) => void) | null = null;

	/**
	 * A watch saw a fresher item (or an action created one): put it in the list at once. `sentAt` is
	 * when the request that brought it was sent; data older than what the list holds is ignored.
	 */
	upsert(name: ListResourceName, item: Item, insert: boolean, sentAt: number): void {
		const list = this.lists[name];
		if (!list.note(item, sentAt)) return;
		this.onItem?.(name, item);
		list.put(item, insert);
	}

	/**
	 * The server confirmed a delete: the row goes at once, and stays gone even when a poll that left
	 * before the delete answers after it with the old page.
	 */
	remove(name: ListResourceName, id: string): void {
		this.gone.add(id);
		this.lists[name].drop(id);
	}

	/**
	 * Pauses polling while on (a fetch already on the wire finishes); off: the visible resource polls
	 * again. A held list is not polled on purpose, so it is not marked stale either: its stale check
	 * would notify a healthy, idle activity view two intervals after it opened (and the header would
	 * say "stale" over it). Released, the list gets one interval of grace, as a tab just shown does.
	 */
	hold(on: boolean): void {
		if (this.held === on) return;
		this.held = on;
		if (on) {
			for (const runtime of Object.values(this.runtimes)) this.quiet(runtime);
			return;
		}
		const runtime = this.runtimes[this.core.get().visible];
		runtime.shownAt = this.core.now();
		this.schedule(runtime);
		this.armStaleCheck(runtime);
	}

	/**
	 * The probe found another server (after an outage): what the old one could not serve is asked
	 * again (an agent server's sandboxes may be an app server's now).
	 */
	serverChanged(): void {
		for (const runtime of Object.values(this.runtimes)) {
			if (!runtime.final) continue;
			runtime.final = false;
			runtime.failures = 0;
			runtime.retryAt = null;
		}
		const runtime = this.runtimes[this.core.get().visible];
		this.schedule(runtime);
	}

	dispose(): void {
		for (const runtime of Object.values(this.runtimes)) this.quiet(runtime);
	}

	private cancel(runtime: Runtime): void {
		runtime.cancelTimer?.();
		runtime.cancelTimer = null;
	}

	/** the resource is hidden (or the store closes): no poll, no stale check */
	private quiet(runtime: Runtime): void {
		this.cancel(runtime);
		runtime.cancelStaleCheck?.();
		runtime.cancelStaleCheck = null;
	}

	/**
	 * The header must not say "ok" over data the store has not refreshed for more than two intervals
	 * (a request hung, the poll starved, issue 9 item 7). One timer, re-armed at each success, marks
	 * the visible resource `staleSince` at that moment: nothing ticks while all is well.
	 */
	private armStaleCheck(runtime: Runtime): void {
		runtime.cancelStaleCheck?.();
		runtime.cancelStaleCheck = null;
		if (!this.started || this.held || this.core.disposed || this.core.get().visible !== runtime.name) return;
		if (runtime.final || runtime.lastSuccessAt === null) return; // no data yet: the header says "loading…"
		const {refreshMs} = this.core.config;
		const due = Math.max(runtime.lastSuccessAt + 2 * refreshMs, runtime.shownAt + refreshMs);
		runtime.cancelStaleCheck = this.core.after(due - this.core.now(), () => {
			runtime.cancelStaleCheck = null;
			this.core.patch(runtime.name, {staleSince: runtime.lastSuccessAt});
		});
	}

	/** The one place a poll is planned: only for the visible resource, after each job of its lane. */
	private schedule(runtime: Runtime): void {
		this.cancel(runtime);
		if (!this.started || this.held || this.core.disposed || this.core.get().visible !== runtime.name) return;
		if (runtime.final || runtime.lane.has('refresh')) return; // its end calls schedule again
		const now = this.core.now();
		const due =
			runtime.failures > 0
				? (runtime.retryAt ?? now)
				: runtime.lastSuccessAt === null
					? now
					: runtime.lastSuccessAt + this.core.config.refreshMs;
		if (due <= now) {
			void this.refresh(runtime.name, 'poll');
			return;
		}
		runtime.cancelTimer = this.core.after(due - now, () => {
			runtime.cancelTimer = null;
			void this.refresh(runtime.name, 'poll');
		});
	}

	private async fetch(runtime: Runtime, priority: Priority = PRIORITY.poll): Promise<void> {
		const {name} = runtime;
		if (this.core.get()[name].data === undefined) this.core.patch(name, {loading: true});
		try {
			if (name === 'settings') {
				const settings = await this.core.send(priority, o => this.client.getSettings(o));
				this.succeed(runtime);
				const state = this.core.get().settings;
				this.core.patch(
					'settings',
					{data: shareValue(state.data ?? undefined, settings), loading: false, error: null, retryAt: null},
					true,
				);
				return;
			}
			const list = this.lists[name];
			await list.refreshPages(priority);
			this.succeed(runtime);
			list.commit({loading: false, error: null, retryAt: null}, true);
		} catch (error) {
			this.fail(runtime, error);
		}
	}

	private loadPages(name: ListResourceName, count: number): Promise<void> {
		const runtime = this.runtimes[name];
		return this.lists[name].loadMore(count, runtime.lane, () => this.fetch(runtime));
	}

	private succeed(runtime: Runtime): void {
		runtime.final = false;
		runtime.lastSuccessAt = this.core.now();
		runtime.failures = 0;
		runtime.retryAt = null;
		this.core.patch(runtime.name, {staleSince: null});
		this.armStaleCheck(runtime);
		this.core.tookKey();
	}

	/**
	 * The server took the key while `runtime` waits out its first 401, refused before anything had
	 * answered: that refusal was the server's quirk of the moment, not the key, so it is asked again
	 * after the first backoff step instead of at the minute (issue 27 item 12: the list read
	 * 'unauthorized, retrying in 55s' while the background check filled its rows). A second 401 in a
	 * row is not shortened.
	 */
	private keyTaken(runtime: Runtime): void {
		if (runtime.failures !== 1 || runtime.retryAt === null) return;
		if (this.core.get()[runtime.name].error?.kind !== 'unauthorized') return;
		const soon = this.core.now() + backoffMs(1, this.core.config.random);
		if (runtime.retryAt <= soon) return;
		runtime.retryAt = soon;
		this.core.patch(runtime.name, {retryAt: soon});
		this.schedule(runtime);
	}

	private fail(runtime: Runtime, error: unknown): void {
		if (this.core.disposed || isAbort(error)) return;
		const now = this.core.now();
		runtime.failures++;
		runtime.final = isFinal(error);
		runtime.retryAt = runtime.final ? null : now + retryDelayMs(error, runtime.failures, this.core.config.random, runtime.lastSuccessAt !== null || this.core.lastSuccessAt !== null);
		this.core.patch(runtime.name, {
			loading: false,
			error: toErrorInfo(error, now),
			retryAt: runtime.retryAt,
			fetchedAt: runtime.lastSuccessAt,
		});
	}
}
