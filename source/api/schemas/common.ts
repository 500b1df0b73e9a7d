import {z} from 'zod';
import {parseServerTime, rememberServerTime} from '../serverTime.js';

/**
 * Wire-format building blocks shared by every resource schema.
 * Source of truth: shared/openhands-api.md (sections 1.3, 1.4, 1.6, 3).
 */

// parseServerTime lives in serverTime.ts: the store reads it, and this file loads zod
export {parseServerTime};

export const timestamp = z
	.string()
	.transform((value, ctx) => {
		const ms = parseServerTime(value);
		if (Number.isNaN(ms)) {
			ctx.addIssue({code: 'custom', message: 'not a timestamp'});
			return z.NEVER;
		}
		rememberServerTime(ms, value);
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

/**
 * A page whose items are read one by one: an item that fails its schema (a date in year 10000, a
 * missing id, numbers as strings) is left out and counted in `unreadable`, so one bad item does not
 * blank the whole list (issue 9 item 10). When no item of a non-empty page can be read, the page
 * fails as a whole with the first item's problem: the schema has likely changed, and a clear error
 * over the last good data says more than an empty list.
 */
export function pageOf<T extends z.ZodType>(item: T) {
	return z
		.object({
			items: z.array(z.unknown()),
			next_page_id: nullable(z.string()),
		})
		.transform((page, ctx): Page<z.output<T>> => {
			const items: z.output<T>[] = [];
			let unreadable = 0;
			let firstIssue: {index: number; issue: z.core.$ZodIssue} | null = null;
			page.items.forEach((raw, index) => {
				const result = item.safeParse(raw);
				if (result.success) {
					items.push(result.data);
					return;
				}
				unreadable++;
				const issue = result.error.issues[0];
				if (!firstIssue && issue) firstIssue = {index, issue};
			});
			if (items.length === 0 && firstIssue) {
				const {index, issue} = firstIssue as {index: number; issue: z.core.$ZodIssue};
				ctx.addIssue({code: 'custom', path: ['items', index, ...issue.path], message: issue.message});
				return z.NEVER;
			}
			return unreadable > 0 ? {items, next_page_id: page.next_page_id, unreadable} : {items, next_page_id: page.next_page_id};
		});
}

export type Page<T> = {
	items: T[];
	next_page_id: string | null;
	/** items of this page that could not be read and were left out (absent when none) */
	unreadable?: number;
};
