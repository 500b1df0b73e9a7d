import {randomInt} from 'node:crypto';

/**
 * Timestamps are kept as epoch microseconds: pydantic prints 6-digit microseconds when non-zero
 * (shared/openhands-api.md 1.3), which a millisecond clock alone would never produce.
 */
export type Micros = number;

/** Now in microseconds; the sub-millisecond part is random because the clock only has ms. */
export const toMicros = (ms: number): Micros => Math.floor(ms) * 1000 + randomInt(1000);

function isoParts(us: Micros): string {
	const seconds = Math.floor(us / 1e6);
	const micro = us - seconds * 1e6;
	const base = new Date(seconds * 1000).toISOString().slice(0, 19);
	return micro === 0 ? base : `${base}.${String(micro).padStart(6, '0')}`;
}

/** Aware UTC value: `2025-11-15T09:12:04.518233Z`, or `...:04Z` when the microseconds are 0. */
export const formatUtc = (us: Micros): string => `${isoParts(us)}Z`;

/** Naive value, as SQLite hands back start-task timestamps (1.3): no suffix at all. */
export const formatNaive = (us: Micros): string => isoParts(us);

const DATETIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[Tt_ ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Parses a query datetime like pydantic: ISO 8601 with or without offset (naive = UTC), or Unix time. */
export function parseDatetime(input: string): {us: Micros} | {error: string} {
	const text = input.trim();
	if (/^[+-]?\d+(\.\d+)?$/.test(text)) {
		const value = Number(text);
		// speedate reads values above 2e10 as milliseconds
		const seconds = Math.abs(value) > 2e10 ? value / 1000 : value;
		return {us: Math.round(seconds * 1e6)};
	}
	const m = DATETIME.exec(text);
	if (!m) return {error: describeBadDatetime(text)};
	const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
	let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
	if (Number.isNaN(ms)) return {error: 'input is out of range'};
	if (zone && zone !== 'Z' && zone !== 'z') {
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.slice(1).replace(':', '');
		ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
	}
	return {us: ms * 1000 + Number(frac.padEnd(6, '0').slice(0, 6))};
}

function describeBadDatetime(text: string): string {
	if (text.length < 10) return 'input is too short';
	if (!/^\d{4}/.test(text)) return 'invalid character in year';
	if (text[4] !== '-' || text[7] !== '-') return 'invalid date separator, expected `-`';
	if (text.length > 10 && !/[Tt_ ]/.test(text[10]!)) return 'invalid datetime separator, expected `T`, `t`, `_` or space';
	return 'unexpected extra characters at the end of the input';
}
