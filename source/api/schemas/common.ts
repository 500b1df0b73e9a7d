import {z} from 'zod';

/**
 * Wire-format building blocks shared by every resource schema.
 * Source of truth: shared/openhands-api.md (sections 1.3, 1.4, 1.6, 3).
 */

// A timestamp without an offset is UTC: start tasks read back from SQLite have no `Z` (section 1.3),
// and `new Date()` would read them as local time.
const OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Parses a server timestamp to epoch milliseconds (UTC when no offset is given). */
export function parseServerTime(value: string): number {
	const text = value.trim();
	return Date.parse(OFFSET.test(text) ? text : `${text}Z`);
}

export const timestamp = z
	.string()
	.transform((value, ctx) => {
		const ms = parseServerTime(value);
		if (Number.isNaN(ms)) {
			ctx.addIssue({code: 'custom', message: 'not a timestamp'});
			return z.NEVER;
		}
		return ms;
	});

const DASHED_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Conversation / start-task ids: 32-hex on the wire, dashed accepted; normalized to lowercase 32-hex. */
export function normalizeUuid(value: string): string {
	return DASHED_UUID.test(value) ? value.replaceAll('-', '').toLowerCase() : value;
}

export const uuid = z.string().transform(normalizeUuid);

/**
 * An enum that tolerates values a newer server may add: known values are typed for completion,
 * anything else is kept as the string the server sent (and displayed as is).
 */
export function openEnum<const T extends readonly string[]>(_known: T) {
	return z.string() as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/** Optional + nullable with `null` when the key is missing: the real server always sends every field. */
export function nullable<T extends z.ZodType>(schema: T) {
	return schema.nullable().default(null);
}

export function pageOf<T extends z.ZodType>(item: T) {
	return z.object({
		items: z.array(item),
		next_page_id: nullable(z.string()),
	});
}

export type Page<T> = {items: T[]; next_page_id: string | null};
