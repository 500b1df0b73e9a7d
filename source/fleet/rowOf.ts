/**
 * A merged list's row by its Ref, through an index made once per list: a selector that runs at every
 * store notification (the reject ability of the selected row, ui/attention/ApprovalDialog.tsx) read
 * the rows one by one, 9,600 of them with ten servers loaded, three times a notification (issue 29
 * item 2). The first row with the Ref wins, as `find` would have it.
 */
import {refKey, type Ref} from './types.js';

const indexes = new WeakMap<readonly Ref[], Map<string, Ref>>();

export function rowOf<T extends Ref>(rows: readonly T[] | undefined, ref: Ref): T | undefined {
	if (rows === undefined) return undefined;
	let index = indexes.get(rows);
	if (index === undefined) {
		index = new Map();
		for (const row of rows) {
			const key = refKey(row);
			if (!index.has(key)) index.set(key, row);
		}
		indexes.set(rows, index);
	}
	return index.get(refKey(ref)) as T | undefined;
}
