import type {OpenHandsClient} from '../api/client.js';
import type {Page} from '../api/schemas/index.js';
import {retryDelayMs} from './backoff.js';
import {PRIORITY, type Priority} from './budget.js';
import type {Core} from './core.js';
import {DeadEnds, Freshness} from './freshness.js';
import {Lane} from './lane.js';
import {applyPage, mergePages, pagesOnScreen, removeItem, upsertItem, type PageRecord} from './listPages.js';
import {isAbort, toErrorInfo} from './oneLine.js';
import {shareList, shareValue} from './share.js';
import type {ListResourceName, ResourceName} from './types.js';

type Item = {id: string};

type Runtime = {
	name: ResourceName;
	lane: Lane;
	/** internal freshness: the last successful fetch, changed or not */
	lastSuccessAt: number | null;
	failures: number;
	retryAt: number | null;
	cancelTimer: (() => void) | null;
	/** the check that marks the visible resource stale when two intervals pass without a success */
	cancelStaleCheck: (() => void) | null;
	/** when it was last made visible (a shown tab's first fetch gets one interval of grace) */
	shownAt: number;
	pages: readonly PageRecord<Item>[];
	viewport: {first: number; last: number} | null;
	/** when the data of each item was asked for (./freshness.ts) */
	freshness: Freshness;
	/** page links found to loop, read as the end of the list */
	deadEnds: DeadEnds;
};

export type RefreshMode = 'poll' | 'user' | 'force';

/** Fetching, paging and the poll timer of the four resources. */
export class Resources {
	private readonly runtimes: Record<ResourceName, Runtime>;
	private started = false;
	/** ids deleted in this session (ids are never reused) */
	private readonly gone = new Set<string>();
	/** the activity view is open: it is what polls, the lists wait (issue 10: one request an interval) */
	private held = false;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
	) {
		const make = (name: ResourceName): Runtime => ({
			name,
			lane: new Lane(() => this.schedule(this.runtimes[name])),
			lastSuccessAt: null,
			failures: 0,
			retryAt: null,
			cancelTimer: null,
			cancelStaleCheck: null,
			shownAt: 0,
			pages: [],
			viewport: null,
			freshness: new Freshness(2 * this.core.config.maxItems + 200),
			deadEnds: new DeadEnds(),
		});
		this.runtimes = {
			settings: make('settings'),
			conversations: make('conversations'),
			sandboxes: make('sandboxes'),
			specs: make('specs'),
		};
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
		const runtime = this.runtimes[name];
		return runtime.lane.run('more', () => this.loadPages(runtime, 1), true);
	}

	loadAll(name: ListResourceName): Promise<void> {
		const runtime = this.runtimes[name];
		return runtime.lane.run('all', () => this.loadPages(runtime, Number.POSITIVE_INFINITY), true);
	}

	prefetch(name: ResourceName): void {
		const runtime = this.runtimes[name];
		if (runtime.lastSuccessAt !== null || runtime.failures > 0 || runtime.lane.has('refresh')) return;
		void this.refresh(name, 'poll');
	}

	setViewport(name: ListResourceName, first: number, last: number): void {
		this.runtimes[name].viewport = {first: Math.max(0, first), last: Math.max(first, last)};
	}

	/** Sees every item a watch or check brings, listed or not (attention follows sandboxes with it). */
	onItem: ((name: ListResourceName, item: Item) => void) | null = null;

	/**
	 * A watch saw a fresher item (or an action created one): put it in the list at once. `sentAt` is
	 * when the request that brought it was sent; data older than what the list holds is ignored.
	 */
	upsert(name: ListResourceName, item: Item, insert: boolean, sentAt: number): void {
		const runtime = this.runtimes[name];
		if (!runtime.freshness.note(item.id, sentAt)) return;
		this.onItem?.(name, item);
		const pages = upsertItem(runtime.pages, item, insert);
		if (pages === runtime.pages) return;
		runtime.pages = pages;
		this.commitList(runtime, {});
	}

	/**
	 * The server confirmed a delete: the row goes at once, and stays gone even when a poll that left
	 * before the delete answers after it with the old page.
	 */
	remove(name: ListResourceName, id: string): void {
		this.gone.add(id);
		const runtime = this.runtimes[name];
		const pages = removeItem(runtime.pages, id);
		if (pages === runtime.pages) return;
		runtime.pages = pages;
		this.commitList(runtime, {});
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
		if (runtime.lastSuccessAt === null) return; // no data yet: the header says "loading…"
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
		if (runtime.lane.has('refresh')) return; // its end calls schedule again
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
			const onScreen = runtime.viewport
				? pagesOnScreen(runtime.pages, runtime.viewport.first, runtime.viewport.last)
				: [];
			for (const index of [0, ...onScreen]) {
				const first = {pageId: null, limit: Math.min(this.core.config.pageSize, this.core.config.maxItems)};
				// a page on screen may be gone: page 0 can come back as the last page
				const record = runtime.pages[index] ?? (index === 0 ? first : undefined);
				if (!record) continue;
				const page = await this.search(runtime, record.pageId, record.limit, priority);
				runtime.pages = applyPage(runtime.pages, index, record, page);
			}
			this.succeed(runtime);
			this.commitList(runtime, {loading: false, error: null, retryAt: null}, true);
		} catch (error) {
			this.fail(runtime, error);
		}
	}

	/**
	 * Loads up to `count` further pages, stopping at `maxItems`, at a page id already loaded or at a
	 * page that brings no new item: a server whose pages point back, or that answers empty pages
	 * naming a next one, must not keep `G` looping (issue 9 item 3). Between pages it gives way to a
	 * waiting refresh (the poll, Ctrl-r) and goes on after it.
	 */
	private async loadPages(runtime: Runtime, count: number): Promise<void> {
		const name = runtime.name as ListResourceName;
		const {pageSize, maxItems} = this.core.config;
		if (runtime.pages.length === 0) {
			await this.fetch(runtime);
			count--;
		}
		this.core.patch(name, {loadingMore: true});
		try {
			for (let loaded = 0; loaded < count; loaded++) {
				const last = runtime.pages[runtime.pages.length - 1];
				const have = this.core.get()[name].data?.length ?? 0;
				if (!last || last.nextPageId === null || have >= maxItems) break;
				if (runtime.pages.some(p => p.pageId === last.nextPageId)) {
					this.endPaging(runtime, last.pageId, last.nextPageId, `the server's next page points back to page ${last.nextPageId}`);
					break;
				}
				if (loaded > 0 && runtime.lane.has('refresh')) {
					// the refresh waits behind this job: let it run, then go on from where this stopped
					const left = count - loaded;
					void runtime.lane.run('all', () => this.loadPages(runtime, left), false);
					return;
				}
				const known = new Set(runtime.pages.flatMap(p => p.items.map(item => item.id)));
				const record = {pageId: last.nextPageId, limit: Math.min(pageSize, maxItems - have)};
				const page = await this.search(runtime, record.pageId, record.limit, PRIORITY.page);
				if (page.next_page_id !== null && !page.items.some(item => !known.has(item.id))) {
					this.endPaging(runtime, last.pageId, record.pageId, `page ${record.pageId} brought nothing new but named a next page`);
					break;
				}
				runtime.pages = applyPage(runtime.pages, runtime.pages.length, record, page);
				this.commitList(runtime, {});
			}
			this.core.patch(name, {loadingMore: false});
		} catch (error) {
			this.core.patch(name, {loadingMore: false});
			if (!isAbort(error)) this.core.notice('error', `loading more ${name} failed: ${toErrorInfo(error, 0).message}`);
		}
	}

	/**
	 * The list ends at the last page loaded: its link to `to` leads nowhere new. The link is
	 * remembered, so a poll re-reading that page does not offer more again (and the UI's load-more
	 * near the end does not start the loop over, a page a second).
	 */
	private endPaging(runtime: Runtime, from: string | null, to: string, why: string): void {
		runtime.deadEnds.add(from, to);
		const last = runtime.pages[runtime.pages.length - 1];
		if (last) runtime.pages = [...runtime.pages.slice(0, -1), {...last, nextPageId: null}];
		this.commitList(runtime, {});
		this.core.notice('error', `stopped loading ${runtime.name}: ${why}`);
	}

	private async search(runtime: Runtime, pageId: string | null, limit: number, priority: Priority): Promise<Page<Item>> {
		const query = {pageId, limit};
		const {client} = this;
		let sentAt = this.core.now();
		const page = await this.core.send<Page<Item>>(priority, o => {
			sentAt = this.core.now();
			switch (runtime.name) {
				case 'conversations':
					return client.searchConversations(query, o);
				case 'sandboxes':
					return client.searchSandboxes(query, o);
				default:
					return client.searchSpecs(query, o);
			}
		});
		return runtime.freshness.apply(runtime.pages, runtime.deadEnds.apply(pageId, page), sentAt, pageId === null);
	}

	private commitList(runtime: Runtime, fields: Record<string, unknown>, touch = false): void {
		const name = runtime.name as ListResourceName;
		const state = this.core.get()[name];
		let merged = mergePages(runtime.pages);
		if (this.gone.size > 0) merged = merged.filter(item => !this.gone.has(item.id));
		merged = merged.slice(0, this.core.config.maxItems);
		const hasMore = (runtime.pages[runtime.pages.length - 1]?.nextPageId ?? null) !== null;
		const unreadable = runtime.pages.reduce((sum, page) => sum + (page.unreadable ?? 0), 0);
		this.core.patch(
			name,
			{
				...fields,
				data: shareList(state.data as readonly Item[] | undefined, merged),
				hasMore,
				capped: hasMore && merged.length >= this.core.config.maxItems,
				unreadable,
			} as never,
			touch,
		);
	}

	private succeed(runtime: Runtime): void {
		runtime.lastSuccessAt = this.core.now();
		runtime.failures = 0;
		runtime.retryAt = null;
		this.core.patch(runtime.name, {staleSince: null});
		this.armStaleCheck(runtime);
	}

	private fail(runtime: Runtime, error: unknown): void {
		if (this.core.disposed || isAbort(error)) return;
		const now = this.core.now();
		runtime.failures++;
		runtime.retryAt = now + retryDelayMs(error, runtime.failures, this.core.config.random);
		this.core.patch(runtime.name, {
			loading: false,
			error: toErrorInfo(error, now),
			retryAt: runtime.retryAt,
			fetchedAt: runtime.lastSuccessAt,
		});
	}
}
