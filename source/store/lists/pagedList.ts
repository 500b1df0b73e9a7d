import type {OpenHandsClient} from '../../api/client.js';
import {PageGuard} from '../../api/paging/pageGuard.js';
import type {Page} from '../../api/schemas/index.js';
import {PRIORITY, type Priority} from '../budget.js';
import type {Core} from '../core.js';
import {Freshness} from './freshness.js';
import type {Lane} from '../lane.js';
import {applyPage, mergePages, pagesOnScreen, removeItem, upsertItem, type PageRecord} from './listPages.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import {shareList} from '../share.js';
import type {ListResourceName} from '../types.js';

type Item = {id: string};

/**
 * The data of one list resource as the server paged it: which pages are loaded, re-reading the
 * ones on screen, loading further pages without looping, and items a watch or an action brings in
 * between. Each change is committed to the snapshot here; when to fetch is ./resources.ts.
 */
export class PagedList {
	private pages: readonly PageRecord<Item>[] = [];
	private viewport: {first: number; last: number} | null = null;
	/** when the data of each item was asked for (./freshness.ts) */
	private readonly freshness: Freshness;
	/** page links found to loop, read as the end of the list (the guard of every paged read) */
	private readonly guard = new PageGuard();
	/** what an item shows, given what the snapshot held for it (./liveTrust.ts); null: as the server said */
	adjust: ((held: () => Item | undefined, fresh: Item) => Item) | null = null;

	constructor(
		readonly name: ListResourceName,
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		/** ids deleted in this session, shared by the lists (ids are never reused) */
		private readonly gone: ReadonlySet<string>,
	) {
		this.freshness = new Freshness(2 * core.config.maxItems + 200);
	}

	get empty(): boolean {
		return this.pages.length === 0;
	}

	setViewport(first: number, last: number): void {
		this.viewport = {first: Math.max(0, first), last: Math.max(first, last)};
	}

	/** Data for `item` from a request sent at `sentAt`; false when the list holds fresher data. */
	note(item: Item, sentAt: number): boolean {
		return this.freshness.note(item.id, sentAt);
	}

	/** Puts a noted item in the list at once (`insert`: at the top when it is not there yet). */
	put(item: Item, insert: boolean): void {
		const pages = upsertItem(this.pages, item, insert);
		if (pages === this.pages) return;
		this.pages = pages;
		this.commit({});
	}

	/** Drops a deleted item (the caller has added it to `gone`). */
	drop(id: string): void {
		const pages = removeItem(this.pages, id);
		if (pages === this.pages) return;
		this.pages = pages;
		this.commit({});
	}

	/** Re-reads page 0 and the pages on screen; the caller commits once the fetch counts as a success. */
	async refreshPages(priority: Priority): Promise<void> {
		const onScreen = this.viewport ? pagesOnScreen(this.pages, this.viewport.first, this.viewport.last) : [];
		for (const index of [0, ...onScreen]) {
			const first = {pageId: null, limit: Math.min(this.core.config.pageSize, this.core.config.maxItems)};
			// a page on screen may be gone: page 0 can come back as the last page
			const record = this.pages[index] ?? (index === 0 ? first : undefined);
			if (!record) continue;
			const page = await this.search(record.pageId, record.limit, priority, this.pages.slice(0, index));
			this.pages = applyPage(this.pages, index, record, page);
		}
	}

	/**
	 * Loads up to `count` further pages, stopping at `maxItems`, at a page id already loaded or at a
	 * page that brings no new item: a server whose pages point back, or that answers empty pages
	 * naming a next one, must not keep `G` looping (issue 9 item 3). Between pages it gives way to a
	 * waiting refresh on `lane` (the poll, Ctrl-r) and goes on after it. `fetchFirst` loads page 0
	 * when nothing is loaded yet.
	 */
	async loadMore(count: number, lane: Lane, fetchFirst: () => Promise<void>): Promise<void> {
		const {name} = this;
		const {pageSize, maxItems} = this.core.config;
		if (this.empty) {
			await fetchFirst();
			count--;
		}
		this.core.patch(name, {loadingMore: true});
		try {
			for (let loaded = 0; loaded < count; loaded++) {
				const last = this.pages[this.pages.length - 1];
				const have = this.core.get()[name].data?.length ?? 0;
				if (!last || last.nextPageId === null || have >= maxItems) break;
				if (loaded > 0 && lane.has('refresh')) {
					// the refresh waits behind this job: let it run, then go on from where this stopped
					const left = count - loaded;
					void lane.run('all', () => this.loadMore(left, lane, fetchFirst), false);
					return;
				}
				const known = new Set(this.pages.flatMap(p => p.items.map(item => item.id)));
				const record = {pageId: last.nextPageId, limit: Math.min(pageSize, maxItems - have)};
				const page = await this.search(record.pageId, record.limit, PRIORITY.page, this.pages);
				if (page.next_page_id !== null && !page.items.some(item => !known.has(item.id))) {
					this.endPaging(last.pageId, record.pageId, `page ${record.pageId} brought nothing new but named a next page`);
					break;
				}
				this.pages = applyPage(this.pages, this.pages.length, record, page);
				this.commit({});
			}
			this.core.patch(name, {loadingMore: false});
		} catch (error) {
			this.core.patch(name, {loadingMore: false});
			if (!isAbort(error)) this.core.notice('error', `loading more ${name} failed: ${toErrorInfo(error, 0).message}`);
		}
	}

	/** The loaded pages merged into the list's snapshot, with `fields`; `touch` stamps `fetchedAt` on a change. */
	commit(fields: Record<string, unknown>, touch = false): void {
		const state = this.core.get()[this.name];
		let merged = mergePages(this.pages);
		if (this.gone.size > 0) merged = merged.filter(item => !this.gone.has(item.id));
		merged = merged.slice(0, this.core.config.maxItems);
		const adjust = this.adjust;
		if (adjust) {
			// what the snapshot held, by id: made only when an item asks for it
			let held: Map<string, Item> | null = null;
			const heldOf = (id: string) => (held ??= new Map((state.data as readonly Item[] | undefined)?.map(item => [item.id, item]) ?? [])).get(id);
			merged = merged.map(item => adjust(() => heldOf(item.id), item));
		}
		const hasMore = (this.pages[this.pages.length - 1]?.nextPageId ?? null) !== null;
		const unreadable = this.pages.reduce((sum, page) => sum + (page.unreadable ?? 0), 0);
		this.core.patch(
			this.name,
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

	/**
	 * The list ends at the last page loaded: its link to `to` leads nowhere new. The link is
	 * remembered, so a poll re-reading that page does not offer more again (and the UI's load-more
	 * near the end does not start the loop over, a page a second).
	 */
	private endPaging(from: string | null, to: string, why: string): void {
		this.guard.deadEnd(this.name, from, to);
		const last = this.pages[this.pages.length - 1];
		if (last) this.pages = [...this.pages.slice(0, -1), {...last, nextPageId: null}];
		this.commit({});
		this.core.notice('error', `stopped loading ${this.name}: ${why}`);
	}

	/** One page; `chain`: the pages before it (a link back into them is a loop: ./api/pageGuard.ts). */
	private async search(pageId: string | null, limit: number, priority: Priority, chain: readonly PageRecord<Item>[]): Promise<Page<Item>> {
		const query = {pageId, limit};
		const {client} = this;
		let sentAt = this.core.now();
		const page = await this.core.send<Page<Item>>(priority, o => {
			sentAt = this.core.now();
			switch (this.name) {
				case 'conversations':
					return client.searchConversations(query, o);
				case 'sandboxes':
					return client.searchSandboxes(query, o);
				default:
					return client.searchSpecs(query, o);
			}
		});
		const guarded = this.guard.take(this.name, pageId, page, {chain: chain.map(p => p.pageId), emptyEnds: true});
		if (guarded.loop) this.core.notice('error', `stopped loading ${this.name}: ${guarded.loop}`);
		return this.freshness.apply(this.pages, guarded.page, sentAt, pageId === null);
	}
}
