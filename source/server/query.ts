import {enumError, type FieldError, missing} from './errors.js';
import {parseUuid} from './ids.js';
import {type Micros, parseDatetime} from './time.js';

const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/**
 * Reads query parameters the way FastAPI validates them: every problem is collected (so one 422 lists
 * them all, shared/openhands-api.md 1.7) and scalar parameters take the last value given.
 */
export class QueryReader {
	readonly errors: FieldError[] = [];

	constructor(private readonly query: URLSearchParams) {}

	str(name: string): string | null {
		const all = this.query.getAll(name);
		return all.length > 0 ? all[all.length - 1]! : null;
	}

	/**
	 * `limit`-style integer with `gt` and, where FastAPI enforces it, `le` (current servers' `le=100`,
	 * newer doc 8.1). Legacy declares `lte`, which FastAPI ignores: its handlers' assert gives a 500.
	 */
	int(name: string, fallback: number, gt?: number, le?: number): number {
		const raw = this.str(name);
		if (raw === null) return fallback;
		const text = raw.trim();
		if (!/^[+-]?\d+(_\d+)*$/.test(text)) {
			this.errors.push({
				type: 'int_parsing',
				loc: ['query', name],
				msg: 'Input should be a valid integer, unable to parse string as an integer',
				input: raw,
			});
			return fallback;
		}
		const value = Number(text.replaceAll('_', ''));
		if (gt !== undefined && !(value > gt)) {
			this.errors.push({
				type: 'greater_than',
				loc: ['query', name],
				msg: `Input should be greater than ${gt}`,
				input: raw,
				ctx: {gt},
			});
		} else if (le !== undefined && value > le) {
			this.errors.push({
				type: 'less_than_equal',
				loc: ['query', name],
				msg: `Input should be less than or equal to ${le}`,
				input: raw,
				ctx: {le},
			});
		}
		return value;
	}

	bool(name: string, fallback: boolean): boolean {
		const raw = this.str(name);
		if (raw === null) return fallback;
		const text = raw.trim().toLowerCase();
		if (TRUE.has(text)) return true;
		if (FALSE.has(text)) return false;
		this.errors.push({
			type: 'bool_parsing',
			loc: ['query', name],
			msg: 'Input should be a valid boolean, unable to interpret input',
			input: raw,
		});
		return fallback;
	}

	datetime(name: string): Micros | null {
		const raw = this.str(name);
		if (raw === null) return null;
		const parsed = parseDatetime(raw);
		if ('us' in parsed) return parsed.us;
		this.errors.push({
			type: 'datetime_from_date_parsing',
			loc: ['query', name],
			msg: `Input should be a valid datetime or date, ${parsed.error}`,
			input: raw,
			ctx: {error: parsed.error},
		});
		return null;
	}

	enumOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
		const raw = this.str(name);
		if (raw === null) return fallback;
		if ((values as readonly string[]).includes(raw)) return raw as T;
		this.errors.push(enumError(['query', name], values, raw));
		return fallback;
	}

	uuid(name: string): string | null {
		const raw = this.str(name);
		if (raw === null) return null;
		return this.checkUuid(raw, ['query', name]);
	}

	/** Repeated string parameter (`?id=a&id=b`); a required one that is absent is a 422 `missing`. */
	strList(name: string, required: boolean): string[] | null {
		const all = this.query.getAll(name);
		if (all.length === 0) {
			if (required) this.errors.push(missing(['query', name]));
			return null;
		}
		return all;
	}

	uuidList(name: string, required: boolean): (string | null)[] | null {
		const all = this.strList(name, required);
		return all && all.map((raw, i) => this.checkUuid(raw, ['query', name, i]));
	}

	private checkUuid(raw: string, loc: (string | number)[]): string | null {
		const parsed = parseUuid(raw);
		if ('hex' in parsed) return parsed.hex;
		this.errors.push({
			type: 'uuid_parsing',
			loc,
			msg: `Input should be a valid UUID, ${parsed.error}`,
			input: raw,
			ctx: {error: parsed.error},
		});
		return null;
	}
}

/** `int(page_id)` with Python's rules; anything else silently means offset 0 (1.6). */
export function pageOffset(pageId: string | null): number {
	if (!pageId) return 0;
	const text = pageId.trim();
	return /^[+-]?\d+(_\d+)*$/.test(text) ? Number(text.replaceAll('_', '')) : 0;
}

/** Python's `items[start:end]`, negative indexes included (the in-memory services slice like this). */
export function pySlice<T>(items: readonly T[], start: number, end: number): T[] {
	const n = items.length;
	const norm = (i: number) => (i < 0 ? Math.max(0, n + i) : Math.min(i, n));
	const from = norm(start);
	const to = norm(end);
	return to > from ? items.slice(from, to) : [];
}

/** In-memory paging (docker sandboxes, preset specs): next page only when `end < total` (1.6). */
export function memoryPage<T, U>(items: readonly T[], pageId: string | null, limit: number, view: (item: T) => U) {
	const start = pageOffset(pageId);
	const end = start + limit;
	return {
		items: pySlice(items, start, end).map(view),
		next_page_id: end < items.length ? String(end) : null,
	};
}

/**
 * SQL paging (conversations, start tasks): `OFFSET` (negative acts as 0 in SQLite) and `LIMIT limit+1`;
 * the next page id is `offset + limit` when the extra row exists (1.6).
 */
export function sqlPage<T, U>(items: readonly T[], pageId: string | null, limit: number, view: (item: T) => U) {
	const offset = pageOffset(pageId);
	const from = Math.max(0, offset);
	const rows = items.slice(from, from + limit + 1);
	return {
		items: rows.slice(0, limit).map(view),
		next_page_id: rows.length > limit ? String(offset + limit) : null,
	};
}
