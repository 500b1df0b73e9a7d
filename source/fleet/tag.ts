/**
 * Tagging a server's items with its name, keeping identities: the wrapper of an item is made once
 * and reused while the store keeps that item (stores keep unchanged items' identities across polls),
 * so a poll that changes one row makes one new wrapper and React redraws one row.
 */
import type {ServerName, Tagged} from './types.js';

export class Tagger {
	private readonly items = new WeakMap<object, object>();
	private readonly lists = new WeakMap<readonly object[], readonly object[]>();

	constructor(readonly server: ServerName) {}

	tag<T extends object>(item: T): Tagged<T> {
		let tagged = this.items.get(item);
		if (tagged === undefined) {
			// `server` last: a field of that name in a server's answer cannot take the tag's place
			tagged = {...item, server: this.server};
			this.items.set(item, tagged);
		}

		return tagged as Tagged<T>;
	}

	list<T extends object>(items: readonly T[]): readonly Tagged<T>[] {
		let tagged = this.lists.get(items);
		if (tagged === undefined) {
			tagged = items.map(item => this.tag(item));
			this.lists.set(items, tagged);
		}

		return tagged as readonly Tagged<T>[];
	}
}

/** The result of `compute` for as long as every input keeps its identity. */
export function memo<R>(): (inputs: readonly unknown[], compute: () => R) => R {
	let last: readonly unknown[] | null = null;
	let value: R;
	return (inputs, compute) => {
		if (last !== null && last.length === inputs.length && last.every((input, i) => input === inputs[i])) return value;
		last = inputs;
		value = compute();
		return value;
	};
}
