import type {Page} from '../../api/schemas/index.js';

/**
 * The pages of a list as the server cut them. `pageId` is the offset the server gave as the
 * previous page's `next_page_id` (shared/openhands-api.md 1.6); page 0 has none.
 */
export type PageRecord<T> = {
	pageId: string | null;
	limit: number;
	items: readonly T[];
	nextPageId: string | null;
	/** items the server sent on this page that could not be read (left out of `items`) */
	unreadable?: number;
};

type WithId = {id: string};

/** All loaded items in server order; an item seen on an earlier page wins (items shift between pages). */
export function mergePages<T extends WithId>(pages: readonly PageRecord<T>[]): T[] {
	const seen = new Set<string>();
	const out: T[] = [];
	for (const page of pages) {
		for (const item of page.items) {
			if (seen.has(item.id)) continue;
			seen.add(item.id);
			out.push(item);
		}
	}
	return out;
}

/** Replaces page `index` with what the server answered; a page that is now the last drops those after it. */
export function applyPage<T>(
	pages: readonly PageRecord<T>[],
	index: number,
	record: Omit<PageRecord<T>, 'items' | 'nextPageId' | 'unreadable'>,
	page: Page<T>,
): PageRecord<T>[] {
	const next = pages.slice(0, index);
	next.push({...record, items: page.items, nextPageId: page.next_page_id, unreadable: page.unreadable ?? 0});
	if (page.next_page_id !== null) next.push(...pages.slice(index + 1));
	return next;
}

/** Indices (> 0) of the loaded pages that hold any of the merged rows first..last. */
export function pagesOnScreen<T extends WithId>(
	pages: readonly PageRecord<T>[],
	first: number,
	last: number,
): number[] {
	const seen = new Set<string>();
	const out: number[] = [];
	let row = 0;
	pages.forEach((page, index) => {
		const start = row;
		for (const item of page.items) {
			if (seen.has(item.id)) continue;
			seen.add(item.id);
			row++;
		}
		if (index > 0 && row > start && start <= last && row - 1 >= first) out.push(index);
	});
	return out;
}

/** Puts `item` wherever an item with its id is; with `insert`, at the top of page 0 when absent. */
export function upsertItem<T extends WithId>(
	pages: readonly PageRecord<T>[],
	item: T,
	insert: boolean,
): readonly PageRecord<T>[] {
	let found = false;
	const next = pages.map(page => {
		const at = page.items.findIndex(existing => existing.id === item.id);
		if (at === -1) return page;
		found = true;
		const items = page.items.slice();
		items[at] = item;
		return {...page, items};
	});
	if (found || !insert) return found ? next : pages;
	const [first, ...rest] = pages;
	if (!first) return pages;
	return [{...first, items: [item, ...first.items]}, ...rest];
}

/** Drops the item with this id from every page (the server confirmed its delete). */
export function removeItem<T extends WithId>(pages: readonly PageRecord<T>[], id: string): readonly PageRecord<T>[] {
	let found = false;
	const next = pages.map(page => {
		if (!page.items.some(item => item.id === id)) return page;
		found = true;
		return {...page, items: page.items.filter(item => item.id !== id)};
	});
	return found ? next : pages;
}
