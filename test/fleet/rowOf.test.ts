// A merged list's row by its Ref (source/fleet/rowOf.ts): what `find` gave, with the rows read once
// per list, however often it is asked (issue 29 item 2: a selector run at every store notification
// read 9,600 rows each time).
import {describe, expect, it} from 'vitest';
import {rowOf} from '../../source/fleet/rowOf.js';

type Row = {server: string; id: string; n: number};

/** the rows, counting every element read */
function counted(rows: Row[]): {rows: readonly Row[]; reads: () => number} {
	let reads = 0;
	const proxy = new Proxy(rows, {
		get(target, key, receiver) {
			if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
			return Reflect.get(target, key, receiver) as unknown;
		},
	});
	return {rows: proxy, reads: () => reads};
}

describe('rowOf', () => {
	const rows = Array.from({length: 2000}, (_, i) => ({server: `s${i % 3}`, id: `c${Math.floor(i / 3)}`, n: i}));

	it('finds what find finds: the first row with the Ref, none for an unknown one or no list', () => {
		const twice = [...rows, {server: 's0', id: 'c0', n: -1}];
		for (const ref of [rows[0]!, rows[1999]!, {server: 's2', id: 'c5'}, {server: 's9', id: 'c0'}]) {
			expect(rowOf(twice, ref)).toBe(twice.find(r => r.server === ref.server && r.id === ref.id));
		}
		expect(rowOf(undefined, rows[0]!)).toBeUndefined();
	});

	it('reads a list once, however often it is asked; a new list is read again', () => {
		const list = counted(rows);
		for (let i = 0; i < 50; i++) expect(rowOf(list.rows, rows[1990]!)?.n).toBe(1990);
		expect(list.reads()).toBe(2000);
		const next = counted([...rows]);
		expect(rowOf(next.rows, rows[5]!)?.n).toBe(5);
		expect(next.reads()).toBe(2000);
	});
});
