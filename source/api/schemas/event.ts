import {z} from 'zod';

/**
 * One event of a conversation (shared/openhands-api-newer.md 4.4), kept close to the wire: the few
 * fields every event has are read, everything else stays in `raw` for the activity view to
 * summarize. Legacy servers keep null keys, agent servers >= 1.37 drop them: missing == null.
 */
export const conversationEventSchema = z
	.looseObject({
		kind: z.string(),
		id: z.string(),
		timestamp: z.string(),
		source: z.string().nullable().optional(),
	})
	.transform(raw => ({
		id: raw.id,
		kind: raw.kind,
		/** as sent: naive local time of the sandbox (usually UTC) */
		timestamp: raw.timestamp,
		source: raw.source ?? null,
		raw: raw as Record<string, unknown>,
	}));

export type ConversationEvent = z.output<typeof conversationEventSchema>;

/**
 * A page of events; `skipped` counts items that could not be read (kept out of `items`, never failing
 * the page). `byTime`: the server keeps no log order, only times (legacy app servers list files by
 * second, then kind name: shared/openhands-api-newer.md 4.1), so pages are placed by time; every
 * other server's order is its log's, kept as it comes.
 */
export type EventPage = {items: ConversationEvent[]; next_page_id: string | null; skipped: number; byTime?: boolean};
