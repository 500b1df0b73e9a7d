import type {CallOptions, PageQuery} from '../types.js';
import {PageGuard} from './pageGuard.js';
import {MAX_PAGE_LIMIT} from './pageQuery.js';
import type {Page} from '../schemas/index.js';

export type PageFetcher<T> = (query: PageQuery, options?: CallOptions) => Promise<Page<T>>;

export type CollectOptions = CallOptions & {
	/** stop after this many items (default 1000) */
	maxItems?: number;
	/** items per request, capped at 100 (the real server answers 500 above, 1.6) */
	pageSize?: number;
	/** start from this page instead of the first */
	pageId?: string | null;
};

export type Collected<T> = {
	items: T[];
	/** true when the server has items beyond what was collected */
	more: boolean;
	/** where to continue (null when there is nothing more) */
	nextPageId: string | null;
};

/**
 * Follows `next_page_id` until the last page or `maxItems`. Stops where the loop guard of every
 * paged read (./pageGuard.ts) cuts a link, so a misbehaving server cannot keep it looping.
 */
export async function collectPages<T>(fetchPage: PageFetcher<T>, options: CollectOptions = {}): Promise<Collected<T>> {
	const maxItems = Math.max(0, options.maxItems ?? 1000);
	const pageSize = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(options.pageSize ?? MAX_PAGE_LIMIT)));
	const callOptions: CallOptions = options.signal ? {signal: options.signal} : {};
	const items: T[] = [];
	const guard = new PageGuard();
	let pageId: string | null = options.pageId ?? null;
	if (maxItems === 0) return {items, more: true, nextPageId: pageId};
	for (;;) {
		const limit = Math.min(pageSize, maxItems - items.length);
		const page = guard.take('collect', pageId, await fetchPage({pageId, limit}, callOptions), {emptyEnds: true}).page;
		const room = maxItems - items.length;
		items.push(...page.items.slice(0, room));
		if (page.items.length > room) {
			// the server sent more than asked for; the rest is not lost, but we cannot point at it
			return {items, more: true, nextPageId: page.next_page_id};
		}
		const next = page.next_page_id;
		if (next === null || next === '') return {items, more: false, nextPageId: null};
		if (items.length >= maxItems) return {items, more: true, nextPageId: next};
		pageId = next;
	}
}
