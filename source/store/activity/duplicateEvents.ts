import type {ConversationEvent} from '../../api/schemas/index.js';

/**
 * Events whose ids repeat (issue 21 item 18): the window keeps one event an id, and a server that
 * gave 300 events 50 ids showed "50 events" without a word. A page read again (the follow's edge, a
 * dense second) brings back the same events, which are no duplicates: an event counts when its id
 * is held (or came earlier in the same page) with another time or kind, or twice in one page. Each
 * is counted once however often it is read again.
 */
export class DuplicateEvents {
	private readonly seen = new Set<string>();

	get count(): number {
		return this.seen.size;
	}

	/** Notes the repeats among `items` (one page); `held(id)` is the event the window holds under that id. */
	note(items: readonly ConversationEvent[], held: (id: string) => ConversationEvent | undefined): void {
		const inPage = new Map<string, number>();
		for (const event of items) {
			const before = inPage.get(event.id) ?? 0;
			inPage.set(event.id, before + 1);
			const kept = held(event.id);
			const other = kept !== undefined && (kept.timestamp !== event.timestamp || kept.kind !== event.kind);
			if (before === 0 && !other) continue;
			// bounded: a server repeating ids for days must not grow this without end
			if (this.seen.size >= 100_000) return;
			this.seen.add(`${event.id}\u0000${event.timestamp}\u0000${event.kind}\u0000${before}`);
		}
	}
}
