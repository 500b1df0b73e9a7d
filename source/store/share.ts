/**
 * Structural sharing: a fetch that brings equal data hands back the previous objects, so the
 * snapshot keeps its identity and React (through useSyncExternalStore) renders nothing.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
		return true;
	}
	if (Array.isArray(b)) return false;
	const left = a as Record<string, unknown>;
	const right = b as Record<string, unknown>;
	const keys = Object.keys(left);
	if (keys.length !== Object.keys(right).length) return false;
	for (const key of keys) {
		if (!Object.hasOwn(right, key) || !deepEqual(left[key], right[key])) return false;
	}
	return true;
}

/** `previous` when deep-equal to `next`, else `next`. */
export function shareValue<T>(previous: T | undefined, next: T): T {
	return previous !== undefined && deepEqual(previous, next) ? previous : next;
}

/**
 * Each item of `next` that deep-equals the previous item with the same id is replaced by it;
 * when every position holds the previous object, the previous array itself comes back.
 */
export function shareList<T extends {id: string}>(
	previous: readonly T[] | undefined,
	next: readonly T[],
): readonly T[] {
	if (!previous) return next;
	const byId = new Map<string, T>();
	for (const item of previous) byId.set(item.id, item);
	let same = previous.length === next.length;
	const out = next.map((item, index) => {
		const old = byId.get(item.id);
		const kept = old !== undefined && (old === item || deepEqual(old, item)) ? old : item;
		if (same && previous[index] !== kept) same = false;
		return kept;
	});
	return same ? previous : out;
}
