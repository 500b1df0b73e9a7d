/**
 * What the user has seen, per server, across restarts (issue 19 §1): a finished conversation needs
 * you until you have looked at it (opened its activity, `ohtui show`, or dismissed it).
 *
 * One small JSON file per server in ohtui's state folder (`$XDG_STATE_HOME/ohtui/seen/`), named
 * after the server's URL (never its key). It holds `since`, when ohtui first kept track of that
 * server (whatever finished before that counts as seen: a first start does not greet you with every
 * conversation that ever finished), and a mark per conversation: the time you last looked.
 *
 * Writes are atomic (a temporary file renamed over the old one) and merged with what another ohtui
 * (a TUI, a `status` in a tmux bar) wrote meanwhile: the newest mark of each wins. A file that cannot
 * be read or is not what it should be counts as no file; nothing here throws or prints.
 *
 * The same file keeps the errors and stuck agents acknowledged with `d` (issue 26 item 2), in a
 * member of its own (./acknowledgements.ts says when one holds and how the files merge).
 */
import {join} from 'node:path';
import {type Ack, type Acks, holds, mergeAcks, newest, parseAcks} from './acknowledgements.js';
import {mergedStates, movedOn, readStates} from './seenStates.js';
import {createFile, replaceFile, smallFileText} from '../../runtime/smallFile.js';

/**
 * Marks kept per server, newest first; the oldest go (a conversation unseen for that long is old news).
 * The same bound holds in memory: a TUI left open for days looks at ever more conversations, and a
 * mark the file has dropped would be gone after a restart anyway.
 */
export const MAX_MARKS = 2000;

/**
 * Larger than a file of MAX_MARKS marks and as many acknowledgements (a few hundred KB); anything
 * else in its place (a FIFO, a device, a runaway file) counts as no file and is never read
 * (../../runtime/smallFile.ts).
 */
const MAX_FILE_BYTES = 1024 * 1024;

/** `states`: the execution status each mark saw (issue 27 item 8); older files have none */
type SeenFile = {version: 1; server: string; since: number; seen: Record<string, number>; states?: Record<string, string>; acked?: Record<string, Ack>};

export type SeenStore = {
	/** when this server was first tracked (ms): anything that changed before counts as seen */
	readonly since: number;
	/**
	 * whether the user has looked at the conversation since `changedAt` (its `updated_at`, ms); with
	 * `status` (its execution status now), also whether the look saw that status (below)
	 */
	isSeen(id: string, changedAt: number | null, status?: string | null): boolean;
	/**
	 * The user looked at it now. `changedAt` (its `updated_at`) is recorded when it is later than
	 * the local clock, so a server clock running ahead cannot make a seen conversation look unseen.
	 * `status`: its execution status as the user saw it (below).
	 */
	markSeen(id: string, changedAt?: number | null, status?: string | null): void;
	/**
	 * Whether the user acknowledged the conversation in this state (`error`, `stuck`: `d` in `!`) and it
	 * has not changed since (`changedAt`: its `updated_at`, ms).
	 */
	isAcknowledged(id: string, state: string | null, changedAt: number | null): boolean;
	/** `d` on an error or a stuck agent: out of needs-you until its state changes again */
	acknowledge(id: string, state: string, changedAt: number | null): void;
	/** the conversation is seen in `state`: an acknowledgement of another state no longer holds */
	moved(id: string, state: string): void;
	/** writes the marks made since opening; returns whether it worked */
	save(): boolean;
	/** reads the file again (another ohtui may have marked something): for a process that runs long */
	reload(): void;
};

export type SeenStoreOptions = {
	/** ohtui's state folder (runtime/xdg.ts `ohtuiDirectory('state')`) */
	directory: string;
	/** the server's URL: one file per server */
	server: string;
	now?: () => number;
};

/** `http://127.0.0.1:3000/x/` → `http_127.0.0.1_3000_x`: readable, one file per server, no key in it. */
export function seenFileName(server: string): string {
	let base = server.trim();
	try {
		const url = new URL(base);
		base = `${url.protocol.replace(':', '')}_${url.host}${url.pathname.replace(/\/+$/, '')}`;
	} catch {
		// not a URL: its characters, made safe
	}
	const safe = base.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[_.]+|_+$/g, '');
	return `${safe.slice(0, 120) || 'server'}.json`;
}

function parse(text: string, server: string): SeenFile | null {
	try {
		const data = JSON.parse(text) as Partial<SeenFile> | null;
		if (!data || typeof data !== 'object' || data.version !== 1 || typeof data.since !== 'number' || !Number.isFinite(data.since)) return null;
		if (data.server !== server || !data.seen || typeof data.seen !== 'object' || Array.isArray(data.seen)) return null;
		const seen: Record<string, number> = {};
		for (const [id, at] of Object.entries(data.seen)) if (typeof at === 'number' && Number.isFinite(at)) seen[id] = at;
		const acked = parseAcks(data.acked);
		return {version: 1, server, since: data.since, seen, states: readStates(data.states, seen), ...(Object.keys(acked).length > 0 ? {acked} : {})};
	} catch {
		return null;
	}
}

function read(path: string, server: string): SeenFile | null {
	const text = smallFileText(path, MAX_FILE_BYTES);
	return text === null ? null : parse(text, server);
}

/** true when this call made the file; false when one was there (or none can be made: the caller writes) */
function created(path: string, data: SeenFile): boolean {
	try {
		return createFile(path, JSON.stringify(data));
	} catch {
		return false;
	}
}

function write(path: string, data: SeenFile): boolean {
	try {
		replaceFile(path, JSON.stringify(data));
		return true;
	} catch {
		return false;
	}
}

/** The newest MAX_MARKS marks after `since` (an older one says no more than `since` does). */
function pruned(seen: Record<string, number>, since: number): Record<string, number> {
	const entries = Object.entries(seen).filter(([, at]) => at > since);
	if (entries.length > MAX_MARKS) entries.sort((a, b) => b[1] - a[1]).length = MAX_MARKS;
	return Object.fromEntries(entries);
}

/** The marks of both, the later of each, pruned as the file is. */
function mergedMarks(memory: ReadonlyMap<string, number>, file: Record<string, number>, since: number): Map<string, number> {
	const all: Record<string, number> = Object.fromEntries(memory);
	for (const [id, at] of Object.entries(file)) all[id] = Math.max(at, all[id] ?? at);
	return new Map(Object.entries(pruned(all, since)));
}

/**
 * Records a look (the later of it and the mark held); past MAX_MARKS the oldest mark goes, which
 * may be this one. Returns the id that went, if any. One pass over at most MAX_MARKS marks, only
 * when a new conversation is marked.
 */
function mark(marks: Map<string, number>, id: string, at: number): string | null {
	marks.set(id, Math.max(at, marks.get(id) ?? at));
	if (marks.size <= MAX_MARKS) return null;
	let oldest: string | null = null;
	let oldestAt = Number.POSITIVE_INFINITY;
	for (const [key, value] of marks) {
		if (value < oldestAt) {
			oldest = key;
			oldestAt = value;
		}
	}
	if (oldest !== null) marks.delete(oldest);
	return oldest;
}

export function openSeenStore({directory, server, now = Date.now}: SeenStoreOptions): SeenStore {
	const path = join(directory, 'seen', seenFileName(server));
	let file = read(path, server);
	if (!file) {
		// the first time this server is tracked (or the file was unusable): start from now, on disk at
		// once, or each short-lived `ohtui status` would start from its own; several at once take the first one's
		const fresh: SeenFile = {version: 1, server, since: now(), seen: {}};
		file = created(path, fresh) ? fresh : read(path, server);
		if (!file) write(path, (file = fresh));
	}
	const {since} = file;
	/** the newest MAX_MARKS marks, read or made here: what the file keeps */
	let seen = mergedMarks(new Map(), file.seen, since);
	/** the status each mark saw, where it says (above) */
	let states = new Map(Object.entries(file.states ?? {}));
	/** the ids of `seen` marked here since the last save */
	const marked = new Set<string>();
	const acks = ackBook(now, mergeAcks(new Map(), file.acked ?? {}, MAX_MARKS));
	return {
		since,
		isSeen(id, changedAt, status) {
			if (changedAt === null) return true;
			if (movedOn(states, id, status)) return false;
			return Math.max(since, seen.get(id) ?? Number.NEGATIVE_INFINITY) >= changedAt;
		},
		markSeen(id, changedAt, status) {
			const dropped = mark(seen, id, Math.max(now(), changedAt ?? 0));
			if (dropped !== null) {
				marked.delete(dropped);
				states.delete(dropped);
			}
			if (dropped !== id) {
				marked.add(id);
				// a look that does not say what it saw leaves no status (an older one would be wrong now)
				if (status === undefined) states.delete(id);
				else states.set(id, status ?? '');
			}
		},
		isAcknowledged: acks.isAcknowledged,
		acknowledge: acks.acknowledge,
		moved: acks.moved,
		save() {
			if (marked.size === 0 && acks.marked.size === 0) return true;
			const latest = read(path, server) ?? {version: 1 as const, server, since, seen: {}};
			const merged = {...latest.seen};
			for (const id of marked) merged[id] = Math.max(seen.get(id)!, merged[id] ?? 0);
			const kept = pruned(merged, latest.since);
			const mine: Record<string, Ack> = {};
			for (const id of acks.marked) mine[id] = acks.map.get(id)!;
			const acked = mergeAcks(latest.acked ?? {}, mine, MAX_MARKS);
			const keptStates = mergedStates(new Map(Object.entries(kept)), seen, states, latest);
			// members an older ohtui does not know are written only when they hold something
			const {states: _read, ...rest} = latest;
			const written: SeenFile = {
				...rest,
				seen: kept,
				...(keptStates.size > 0 ? {states: Object.fromEntries(keptStates)} : {}),
				...(acked.size > 0 ? {acked: Object.fromEntries(acked)} : {}),
			};
			const ok = write(path, written);
			if (ok) {
				const before = seen;
				seen = mergedMarks(seen, kept, since);
				states = mergedStates(seen, before, states, written);
				marked.clear();
				acks.merge(Object.fromEntries(acked));
				acks.marked.clear();
			}
			return ok;
		},
		reload() {
			const latest = read(path, server);
			if (!latest) return;
			const before = seen;
			seen = mergedMarks(seen, latest.seen, since);
			states = mergedStates(seen, before, states, latest);
			// a mark made here that newer ones pushed out is not written either: the file would drop it
			for (const id of marked) if (!seen.has(id)) marked.delete(id);
			acks.merge(latest.acked ?? {});
		},
	};
}

/** The acknowledgements held in memory (bounded as the file is), and those made here since the last save. */
function ackBook(now: () => number, initial: Acks) {
	const book = {
		map: initial,
		marked: new Set<string>(),
		put(id: string, ack: Ack) {
			book.map.set(id, ack);
			book.marked.add(id);
			if (book.map.size > MAX_MARKS) {
				book.map = newest(book.map, MAX_MARKS);
				for (const kept of book.marked) if (!book.map.has(kept)) book.marked.delete(kept);
			}
		},
		merge(file: Record<string, Ack>) {
			book.map = mergeAcks(book.map, file, MAX_MARKS);
			for (const kept of book.marked) if (!book.map.has(kept)) book.marked.delete(kept);
		},
		isAcknowledged: (id: string, state: string | null, changedAt: number | null) => holds(book.map.get(id), state, changedAt),
		acknowledge: (id: string, state: string, changedAt: number | null) => book.put(id, {state, updated: changedAt, at: now()}),
		moved(id: string, state: string) {
			const ack = book.map.get(id);
			// seen in another state: void it, so that coming back to the acknowledged one needs you again
			if (ack && ack.state !== '' && ack.state !== state) book.put(id, {state: '', updated: null, at: now()});
		},
	};
	return book;
}

/**
 * The same marks kept in memory only: the embedded demo (its server is new at every start, a file
 * per random port would only pile up) and stores made without a state folder (tests). Like a
 * first-time file, it counts what changed before it was made as seen.
 */
export function memorySeenStore(now: () => number = Date.now): SeenStore {
	const since = now();
	const seen = new Map<string, number>();
	const states = new Map<string, string>();
	const acks = ackBook(now, new Map());
	return {
		since,
		isSeen: (id, changedAt, status) =>
			changedAt === null || (!movedOn(states, id, status) && Math.max(since, seen.get(id) ?? Number.NEGATIVE_INFINITY) >= changedAt),
		markSeen(id, changedAt, status) {
			const dropped = mark(seen, id, Math.max(now(), changedAt ?? 0));
			if (dropped !== null) states.delete(dropped);
			if (dropped === id) return;
			if (status === undefined) states.delete(id);
			else states.set(id, status ?? '');
		},
		isAcknowledged: acks.isAcknowledged,
		acknowledge: acks.acknowledge,
		moved: acks.moved,
		save: () => true,
		reload() {},
	};
}
