import {z} from 'zod';
import {type ConversationEvent, type EventPage, conversationEventSchema, nullable, parseServerTime} from '../schemas/index.js';

/**
 * The page envelope only: items are read one by one (below), so one event a newer SDK shaped
 * differently is skipped and counted instead of blanking the whole page.
 */
export const rawEventPageSchema = z.object({
	items: z.array(z.unknown()),
	next_page_id: nullable(z.string()),
});

export type RawEventPage = z.output<typeof rawEventPageSchema>;

export function readEvents(raw: readonly unknown[]): EventPage {
	const items: ConversationEvent[] = [];
	let skipped = 0;
	for (const item of raw) {
		const parsed = conversationEventSchema.safeParse(item);
		if (parsed.success && !Number.isNaN(parseServerTime(parsed.data.timestamp))) items.push(parsed.data);
		else skipped++;
	}
	return {items, next_page_id: null, skipped};
}

/**
 * `2025-11-15T09:12:05.104`: naive UTC. Legacy servers compare with naive datetimes and answer a
 * plain-text 500 when given an offset (shared/openhands-api-newer.md 4.1); current servers compare
 * the `isoformat()` strings, so an offset there would compare wrongly too (4.2).
 */
export function naiveUtc(ms: number): string {
	return new Date(ms).toISOString().slice(0, -1);
}

/** `2025-11-15T09:12:05`: whole seconds, for the legacy server's second-resolution file names. */
export function naiveUtcSeconds(ms: number): string {
	return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
}

/** Epoch ms of an event (naive = UTC, as everywhere in the client), NaN when unreadable. */
export function eventTime(event: Pick<ConversationEvent, 'timestamp'>): number {
	return parseServerTime(event.timestamp);
}
