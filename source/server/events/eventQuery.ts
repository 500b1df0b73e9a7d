import {literalError} from '../errors.js';
import type {QueryReader} from '../query.js';
import {formatNaive, type Micros} from '../time.js';

/**
 * A query datetime as FastAPI hands it to the event services: the instant (`us`, naive values taken
 * as they are), whether it carried an offset (the legacy service then raises TypeError comparing it
 * with naive file times, 4.1), and Python's `isoformat()` of it (the current service compares that
 * string with the events' timestamps, 4.2).
 */
export type QueryTime = {us: Micros; aware: boolean; iso: string};

const ZONE = /(Z|z|[+-]\d{2}(?::?\d{2})?)$/;

export function readTime(q: QueryReader, name: string): QueryTime | null {
	const us = q.datetime(name);
	const raw = q.str(name);
	if (us === null || raw === null) return null;
	const text = raw.trim();
	// Unix times come back aware (UTC)
	if (/^[+-]?\d+(\.\d+)?$/.test(text)) return {us, aware: true, iso: `${formatNaive(us)}+00:00`};
	const zone = /T|t|_| /.test(text.slice(10, 11)) ? ZONE.exec(text.slice(11))?.[1] : undefined;
	if (!zone) return {us, aware: false, iso: pyIso(us)};
	const offset = zone === 'Z' || zone === 'z' ? '+00:00' : normalizeOffset(zone);
	const sign = offset.startsWith('-') ? -1 : 1;
	const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
	return {us, aware: true, iso: `${pyIso(us + minutes * 60_000_000)}${offset}`};
}

function normalizeOffset(zone: string): string {
	const digits = zone.slice(1).replace(':', '');
	return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2, 4) || '00').padEnd(2, '0')}`;
}

/** `datetime.isoformat()`: seconds always, microseconds only when non-zero. */
const pyIso = (us: Micros): string => formatNaive(us);

/** `kind__eq`: one of the known class names, else a 422 item. */
export function readKind(q: QueryReader, name: string, kinds: readonly string[]): string | null {
	const raw = q.str(name);
	if (raw === null) return null;
	if (kinds.includes(raw)) return raw;
	q.errors.push(literalError(['query', name], kinds, raw));
	return null;
}

export type SortOrder = 'TIMESTAMP' | 'TIMESTAMP_DESC';
export const SORT_ORDERS: readonly SortOrder[] = ['TIMESTAMP', 'TIMESTAMP_DESC'];

/** `sort_order`, `page_id` and `limit` (default 100, not below 0) as every event search reads them. */
export function readPaging(q: QueryReader): {sort: SortOrder; pageId: string | null; limit: number} {
	return {sort: q.enumOf('sort_order', SORT_ORDERS, 'TIMESTAMP'), pageId: q.str('page_id'), limit: q.int('limit', 100, 0)};
}
