/**
 * Reading a whole list (pages followed up to a cap, as the TUI's `G` does: api/paging.ts), with a
 * count of the items the server sent that could not be read (they are left out, as in the TUI).
 */
import type {CallOptions, PageQuery} from '../api/client.js';
import {collectPages} from '../api/paging/paging.js';
import type {Page} from '../api/schemas/index.js';

export type Listed<T> = {items: T[]; more: boolean; unreadable: number};

export async function readList<T>(fetchPage: (query: PageQuery, options?: CallOptions) => Promise<Page<T>>, maxItems: number, signal?: AbortSignal): Promise<Listed<T>> {
	let unreadable = 0;
	const collected = await collectPages(
		async (query, options) => {
			const page = await fetchPage(query, options);
			unreadable += page.unreadable ?? 0;
			return page;
		},
		{maxItems, ...(signal ? {signal} : {})},
	);
	return {items: collected.items, more: collected.more, unreadable};
}
