/**
 * The execution status each seen mark saw (./seenStore.ts keeps them in the seen file's `states`).
 *
 * OpenHands d6fab190 does not move a conversation's `updated_at` when its agent finishes (issue 27
 * item 8), so a finish after the user looked at the running agent reads as seen by time alone. A
 * mark also keeps the status the user saw, and a conversation whose status is not that one any more
 * moved on since the look: not seen, whatever the times say. Each status goes with its mark when
 * marks merge (the later mark's).
 */

/** The statuses of a file's `states` member that belong to a mark; others are left out. */
export function readStates(states: unknown, seen: Record<string, number>): Record<string, string> {
	const kept: Record<string, string> = {};
	if (!states || typeof states !== 'object' || Array.isArray(states)) return kept;
	for (const [id, status] of Object.entries(states)) if (typeof status === 'string' && id in seen) kept[id] = status;
	return kept;
}

/** The look at `id` saw another status than `status` (a mark without one says nothing). */
export function movedOn(states: ReadonlyMap<string, string>, id: string, status: string | null | undefined): boolean {
	if (status === undefined) return false;
	const saw = states.get(id);
	return saw !== undefined && saw !== (status ?? '');
}

/** The status of each mark in `marks`: the file's where its mark is the later one, else the one held here. */
export function mergedStates(
	marks: ReadonlyMap<string, number>,
	held: ReadonlyMap<string, number>,
	states: ReadonlyMap<string, string>,
	file: {seen: Record<string, number>; states?: Record<string, string>},
): Map<string, string> {
	const merged = new Map<string, string>();
	for (const id of marks.keys()) {
		const later = (file.seen[id] ?? Number.NEGATIVE_INFINITY) > (held.get(id) ?? Number.NEGATIVE_INFINITY);
		const status = later ? file.states?.[id] : (states.get(id) ?? file.states?.[id]);
		if (status !== undefined) merged.set(id, status);
	}
	return merged;
}
