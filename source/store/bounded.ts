/**
 * Maps and sets keyed by id that would otherwise grow for as long as the app runs (issue 21 item 13:
 * ohtui is kept open for days and every conversation, sandbox and start task ever seen left an
 * entry). The newest `max` stay: a key set again moves to the end, the oldest goes first.
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
	map.delete(key);
	map.set(key, value);
	if (map.size > max) map.delete(map.keys().next().value as K);
}

export function rememberKey<K>(set: Set<K>, key: K, max: number): void {
	set.delete(key);
	set.add(key);
	if (set.size > max) set.delete(set.values().next().value as K);
}
