/** Any page: a list's, an event search's. */
type AnyPage = {readonly items: readonly unknown[]; next_page_id: string | null};

/**
 * The one loop guard of every paged read (issue 9 item 3, issue 21 item 10): the lists and their
 * `G`, the activity's older and newer pages and its follow, the conversations of a sandbox, and
 * collectPages. A server whose `next_page_id` goes round (0 → 100 → 0) kept the activity's follow
 * asking six times a second; the lists had a guard of their own that nothing else used.
 *
 * A page's link to the next one is the end of the read when it
 * - points back to a page of its own chain (the pages read since the first of this walk, or the
 *   chain the caller holds), or
 * - comes from an empty page, for reads whose pages are the server's own (`emptyEnds`; legacy event
 *   pages are trimmed to whole seconds here, and an empty one naming the next is no loop there).
 * Such a link is remembered per read (`key`) as a dead end: read again later, the page ends the read
 * there without another request, so a loop costs a few requests once, not every interval.
 * Readers with a rule of their own (a list page that brought nothing new) add it with `deadEnd`.
 */
export class PageGuard {
	/** per read: the page ids of the walk in progress ('' for the first page) */
	private readonly walks = new Map<string, Set<string>>();
	private readonly dead = new Set<string>();

	/**
	 * The page as the reader should take it, and why its next link was cut (null when it was not,
	 * or when it was a dead end already known: that was said before). `chain`: the page ids the
	 * caller holds before this one (lists); without it the guard keeps the walk per `key`.
	 */
	take<P extends AnyPage>(
		key: string,
		pageId: string | null,
		page: P,
		{chain, emptyEnds = false}: {chain?: readonly (string | null)[]; emptyEnds?: boolean} = {},
	): {page: P; loop: string | null} {
		const next = page.next_page_id;
		if (next === null) {
			this.walks.delete(key);
			return {page, loop: null};
		}
		const cut = {page: {...page, next_page_id: null}};
		if (this.dead.has(link(key, pageId, next))) {
			this.walks.delete(key);
			return {...cut, loop: null};
		}
		const seen = chain ? new Set(chain.map(id => id ?? '')) : this.walk(key, pageId);
		seen.add(pageId ?? '');
		const why = seen.has(next)
			? `the server's next page points back to page ${next}`
			: emptyEnds && page.items.length === 0
				? `page ${pageId ?? '1'} was empty but named a next page`
				: null;
		if (why) {
			this.deadEnd(key, pageId, next);
			return {...cut, loop: why};
		}
		if (!chain) seen.add(next);
		return {page, loop: null};
	}

	/** The link from → to leads nowhere new: the end of the read from now on. */
	deadEnd(key: string, from: string | null, to: string): void {
		// a read that meets more than a few dead ends is broken anyway; the set must not grow for days
		if (this.dead.size >= 64) this.dead.clear();
		this.dead.add(link(key, from, to));
		this.walks.delete(key);
	}

	private walk(key: string, pageId: string | null): Set<string> {
		let walk = pageId === null || pageId === '' ? undefined : this.walks.get(key);
		if (!walk) {
			walk = new Set();
			this.walks.delete(key);
			if (this.walks.size >= 16) this.walks.delete(this.walks.keys().next().value!);
			this.walks.set(key, walk);
		}
		return walk;
	}
}

function link(key: string, from: string | null, to: string): string {
	return `${key}\u0000${from ?? ''}\u0000${to}`;
}

/** A read's key: its query without the page id (the same query read again is the same read). */
export function readKey(query: Record<string, unknown>): string {
	const {pageId: _pageId, ...rest} = query;
	return JSON.stringify(rest);
}
