import type {Page} from '../../api/schemas/index.js';
import type {PageRecord} from './listPages.js';

type Item = {id: string};

/**
 * Per item id of one list, the store time the request that brought its data was sent. A list
 * answer never replaces an item with data older than what is held: a late list response after a
 * watch saw the sandbox paused showed it RUNNING again for seconds (issue 9 item 9).
 */
export class Freshness {
	private readonly sentAt = new Map<string, number>();

	constructor(private readonly bound: number) {}

	/** Notes data for `id` from a request sent at `at`; false (nothing noted) when fresher data is held. */
	note(id: string, at: number): boolean {
		if ((this.sentAt.get(id) ?? Number.NEGATIVE_INFINITY) > at) return false;
		this.sentAt.set(id, at);
		return true;
	}

	/**
	 * `page` (asked for at `at`) with every item held fresher kept as held. On the first page, an item
	 * that came in after the request was sent (a sandbox just started) stays on top instead of blinking
	 * out until the next poll.
	 */
	apply<T extends Item>(pages: readonly PageRecord<T>[], page: Page<T>, at: number, first: boolean): Page<T> {
		const newer = (id: string) => (this.sentAt.get(id) ?? Number.NEGATIVE_INFINITY) > at;
		let items = page.items;
		if (first) {
			const inPage = new Set(items.map(item => item.id));
			const arrived = (pages[0]?.items ?? []).filter(i => !inPage.has(i.id) && newer(i.id));
			if (arrived.length > 0) items = [...arrived, ...items];
		}
		let held: Map<string, T> | null = null;
		const kept = items.map(item => {
			if (newer(item.id)) {
				held ??= new Map(pages.flatMap(p => p.items.map(i => [i.id, i] as const)));
				const mine = held.get(item.id);
				if (mine) return mine;
			}
			this.sentAt.set(item.id, at);
			return item;
		});
		if (this.sentAt.size > this.bound) this.prune(pages, kept);
		const same = kept.length === page.items.length && kept.every((item, i) => item === page.items[i]);
		return same ? page : {...page, items: kept};
	}

	private prune(pages: readonly PageRecord<Item>[], extra: readonly Item[]): void {
		const live = new Set([...pages.flatMap(p => p.items.map(i => i.id)), ...extra.map(i => i.id)]);
		for (const id of this.sentAt.keys()) if (!live.has(id)) this.sentAt.delete(id);
	}
}
