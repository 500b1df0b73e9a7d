/**
 * Acknowledged errors and stuck agents (issue 26 item 2), kept beside the seen marks (./seenStore.ts):
 * `d` in `!` takes an error or a stuck agent out of needs-you until its state changes again.
 *
 * "Changes again", precisely: an acknowledgement names the state it acknowledged (`error` or `stuck`)
 * and the conversation's `updated_at` then (server time: no local clock is compared with it). It
 * holds while the conversation is in that same state and its `updated_at` has not moved past the
 * acknowledged one. So it ends with
 * - a different state (it is running, idle, finished, waiting, or stuck after an error): at once;
 * - the same state again after anything happened: an agent server saves the conversation, and moves
 *   `updated_at`, when a run ends (measured on the real 1.43.1: a run moved it; a rename does too, so a
 *   renamed error needs you again, as a renamed finish does);
 * - and, where a process watched it (the TUI's polls, its sockets), any other state it saw in
 *   between, even if the server did not move `updated_at`: that process voids the acknowledgement
 *   (a record with no state), and the void, newer, wins when the files merge.
 *
 * On disk: `acked: {id: {state, updated, at}}` in the seen file (`at`: when it was made, local ms,
 * newest wins and the newest MAX_MARKS are kept). A file without it reads as none; an older ohtui
 * reads the file as before and ignores the field (it drops it when it writes the file itself).
 */

export type Ack = {
	/** `error` or `stuck`; '' for a void: the conversation was seen in another state since */
	state: string;
	/** the conversation's `updated_at` (ms) when acknowledged; null when it had none */
	updated: number | null;
	/** when it was made (local ms): the newest wins */
	at: number;
};

export type Acks = Map<string, Ack>;

/** The states `d` acknowledges. */
export const ACKNOWLEDGEABLE: ReadonlySet<string> = new Set(['error', 'stuck']);

const MAX_STATE = 40;

/** The records of a file's `acked` member that are what they should be; others are left out. */
export function parseAcks(value: unknown): Record<string, Ack> {
	const out: Record<string, Ack> = {};
	if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
	for (const [id, raw] of Object.entries(value as Record<string, unknown>)) {
		if (!raw || typeof raw !== 'object') continue;
		const {state, updated, at} = raw as Record<string, unknown>;
		if (typeof state !== 'string' || state.length > MAX_STATE || typeof at !== 'number' || !Number.isFinite(at)) continue;
		if (updated !== null && (typeof updated !== 'number' || !Number.isFinite(updated))) continue;
		out[id] = {state, updated, at};
	}
	return out;
}

/** Whether `ack` still holds for a conversation in `state` with this `updated_at`. */
export function holds(ack: Ack | undefined, state: string | null, updated: number | null): boolean {
	if (!ack || ack.state === '' || state === null || ack.state !== state) return false;
	return updated === null || ack.updated === null || updated <= ack.updated;
}

/** Both sets, the newer record of each id, the newest `max` kept. */
export function mergeAcks(a: ReadonlyMap<string, Ack> | Record<string, Ack>, b: Record<string, Ack>, max: number): Acks {
	const all = new Map<string, Ack>(a instanceof Map ? a : Object.entries(a));
	for (const [id, ack] of Object.entries(b)) {
		const known = all.get(id);
		if (!known || ack.at > known.at) all.set(id, ack);
	}
	return newest(all, max);
}

/** The newest `max` records (all of them when there are no more). */
export function newest(acks: Acks, max: number): Acks {
	if (acks.size <= max) return acks;
	return new Map([...acks].sort((x, y) => y[1].at - x[1].at).slice(0, max));
}
