import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {ohtuiDirectory} from '../../../source/runtime/xdg.js';
import {MAX_MARKS, memorySeenStore, openSeenStore, seenFileName, type SeenStore} from '../../../source/store/attention/seenStore.js';

const root = mkdtempSync(join(tmpdir(), 'ohtui-seen-'));
afterAll(() => {
	rmSync(root, {recursive: true, force: true});
});

let n = 0;
const freshDir = () => join(root, `d${n++}`);
const SERVER = 'http://127.0.0.1:3000';

describe('ohtuiDirectory', () => {
	it('XDG_STATE_HOME / XDG_CACHE_HOME, else ~/.local/state and ~/.cache; a relative variable is ignored', () => {
		expect(ohtuiDirectory('state', {XDG_STATE_HOME: '/x/state', HOME: '/h'})).toBe('/x/state/ohtui');
		expect(ohtuiDirectory('state', {HOME: '/h'})).toBe('/h/.local/state/ohtui');
		expect(ohtuiDirectory('state', {XDG_STATE_HOME: 'rel', HOME: '/h'})).toBe('/h/.local/state/ohtui');
		expect(ohtuiDirectory('cache', {XDG_CACHE_HOME: '/c', HOME: '/h'})).toBe('/c/ohtui');
		expect(ohtuiDirectory('cache', {HOME: '/h'})).toBe('/h/.cache/ohtui');
	});
});

describe('seen store', () => {
	it('several opened at once on a server seen for the first time keep the first one\'s since (each its own made a finish between them needs-you in some)', () => {
		const directory = freshDir();
		const path = join(directory, 'seen', seenFileName(SERVER));
		// another process makes the file after this one found none and before it writes its own
		const now = () => {
			mkdirSync(join(directory, 'seen'), {recursive: true});
			writeFileSync(path, JSON.stringify({version: 1, server: SERVER, since: 1000, seen: {}}));
			return 2000;
		};
		const store = openSeenStore({directory, server: SERVER, now});
		expect(store.since).toBe(1000);
		expect(JSON.parse(readFileSync(path, 'utf8')).since).toBe(1000);
		expect(readdirSync(join(directory, 'seen'))).toEqual([seenFileName(SERVER)]);
		// a finish at 1500 needs you here as it does in the first one (before: seen here, since 2000)
		expect(store.isSeen('c1', 1500)).toBe(false);
		expect(store.isSeen('c0', 900)).toBe(true);
	});

	it('a first open with nobody else makes the file from its own now', () => {
		const directory = freshDir();
		const store = openSeenStore({directory, server: SERVER, now: () => 3000});
		expect(store.since).toBe(3000);
		expect(JSON.parse(readFileSync(join(directory, 'seen', seenFileName(SERVER)), 'utf8')).since).toBe(3000);
		expect(readdirSync(join(directory, 'seen'))).toEqual([seenFileName(SERVER)]);
	});

	it('one file per server, named after its URL', () => {
		expect(seenFileName('http://127.0.0.1:3000')).toBe('http_127.0.0.1_3000.json');
		expect(seenFileName('https://oh.example.com/base/')).toBe('https_oh.example.com_base.json');
		expect(seenFileName('http://a:1')).not.toBe(seenFileName('http://a:2'));
	});

	it('what changed before the server was first tracked counts as seen; what changed after, not until marked', () => {
		const directory = freshDir();
		let now = 1000;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		expect(store.since).toBe(1000);
		expect(store.isSeen('a', 900)).toBe(true);
		expect(store.isSeen('a', 1500)).toBe(false);
		now = 2000;
		store.markSeen('a', 1500);
		expect(store.isSeen('a', 1500)).toBe(true);
		// it changed again after that look
		expect(store.isSeen('a', 2500)).toBe(false);
		expect(store.isSeen('b', 1500)).toBe(false);
	});

	it('the first opening writes its start at once, so the next short-lived process shares it', () => {
		const directory = freshDir();
		openSeenStore({directory, server: SERVER, now: () => 1000});
		const again = openSeenStore({directory, server: SERVER, now: () => 5000});
		expect(again.since).toBe(1000);
		expect(again.isSeen('x', 3000)).toBe(false);
	});

	it('marks survive a restart, and two processes writing merge (newest mark wins)', () => {
		const directory = freshDir();
		let now = 1000;
		const first = openSeenStore({directory, server: SERVER, now: () => now});
		const second = openSeenStore({directory, server: SERVER, now: () => now});
		now = 3000;
		first.markSeen('a');
		now = 4000;
		second.markSeen('b');
		expect(first.save()).toBe(true);
		expect(second.save()).toBe(true);
		const later = openSeenStore({directory, server: SERVER, now: () => 9000});
		expect(later.isSeen('a', 3000)).toBe(true);
		expect(later.isSeen('b', 4000)).toBe(true);
		expect(later.isSeen('a', 3500)).toBe(false);
		// a long-running process picks up another's marks on reload
		expect(first.isSeen('b', 4000)).toBe(false);
		first.reload();
		expect(first.isSeen('b', 4000)).toBe(true);
	});

	it('a server clock ahead of ours: the mark takes the later of now and the conversation\'s time', () => {
		const directory = freshDir();
		const store = openSeenStore({directory, server: SERVER, now: () => 1000});
		store.markSeen('a', 60_000);
		expect(store.isSeen('a', 60_000)).toBe(true);
	});

	it('servers do not share marks', () => {
		const directory = freshDir();
		let now = 1000;
		const one = openSeenStore({directory, server: SERVER, now: () => now});
		now = 2000;
		one.markSeen('a');
		one.save();
		const other = openSeenStore({directory, server: 'http://127.0.0.1:4000', now: () => 1500});
		expect(other.isSeen('a', 1800)).toBe(false);
	});

	it('a corrupt or foreign file counts as none, is replaced, and nothing throws', () => {
		for (const text of ['{not json', '[]', 'null', '{"version":2}', JSON.stringify({version: 1, server: 'http://other', since: 5, seen: {}}), JSON.stringify({version: 1, server: SERVER, since: 5, seen: []})]) {
			const directory = freshDir();
			mkdirSync(join(directory, 'seen'), {recursive: true});
			const path = join(directory, 'seen', seenFileName(SERVER));
			writeFileSync(path, text);
			const store = openSeenStore({directory, server: SERVER, now: () => 7000});
			expect(store.since, text).toBe(7000);
			expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({version: 1, server: SERVER, since: 7000});
		}
	});

	it('odd marks in a valid file are dropped one by one', () => {
		const directory = freshDir();
		mkdirSync(join(directory, 'seen'), {recursive: true});
		writeFileSync(join(directory, 'seen', seenFileName(SERVER)), JSON.stringify({version: 1, server: SERVER, since: 10, seen: {a: 'soon', b: 50}}));
		const store = openSeenStore({directory, server: SERVER, now: () => 100});
		expect(store.isSeen('a', 20)).toBe(false);
		expect(store.isSeen('b', 50)).toBe(true);
	});

	it('an unwritable folder: marks still count in memory, save says false, no temporary file is left', () => {
		const directory = freshDir();
		mkdirSync(join(directory, 'seen'), {recursive: true});
		const store = openSeenStore({directory, server: SERVER, now: () => 100});
		chmodSync(join(directory, 'seen'), 0o500);
		try {
			store.markSeen('a', 200);
			expect(store.isSeen('a', 200)).toBe(true);
			if (process.getuid?.() !== 0) expect(store.save()).toBe(false);
		} finally {
			chmodSync(join(directory, 'seen'), 0o700);
		}
		expect(readdirSync(join(directory, 'seen')).filter(name => name.endsWith('.tmp'))).toEqual([]);
	});

	it('writes atomically and privately, and keeps at most MAX_MARKS, the newest', () => {
		const directory = freshDir();
		let now = 1;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		for (let i = 0; i < MAX_MARKS + 10; i++) {
			now = 10 + i;
			store.markSeen(`c${i}`);
		}
		expect(store.save()).toBe(true);
		const path = join(directory, 'seen', seenFileName(SERVER));
		const data = JSON.parse(readFileSync(path, 'utf8')) as {seen: Record<string, number>};
		expect(Object.keys(data.seen)).toHaveLength(MAX_MARKS);
		expect(data.seen['c0']).toBeUndefined();
		expect(data.seen[`c${MAX_MARKS + 9}`]).toBeDefined();
		expect(existsSync(`${path}.${process.pid}.tmp`)).toBe(false);
		expect(readdirSync(join(directory, 'seen'))).toEqual([seenFileName(SERVER)]);
	});

	// a UI left open for days (issue 21 item 13): memory keeps what the file keeps
	const kinds: [string, (now: () => number) => SeenStore][] = [
		['file', now => openSeenStore({directory: freshDir(), server: SERVER, now})],
		['memory only (the embedded demo)', now => memorySeenStore(now)],
	];
	for (const [kind, open] of kinds) {
		it(`${kind}: 5,000 conversations looked at keep at most MAX_MARKS marks in memory, the newest`, () => {
			let now = 1;
			const store = open(() => now);
			now = 10;
			store.markSeen('old');
			now = 20;
			store.markSeen('again');
			for (let i = 0; i < MAX_MARKS - 2; i++) {
				now = 100 + i;
				store.markSeen(`c${i}`);
			}
			// at the bound: an old look still counts while it is kept
			expect(store.isSeen('old', 10)).toBe(true);
			now = 50_000;
			store.markSeen('again'); // looked at again: it is new again
			now = 50_001;
			store.markSeen('one more');
			expect(store.isSeen('old', 10)).toBe(false);
			expect(store.isSeen('again', 50_000)).toBe(true);
			for (let i = MAX_MARKS - 2; i < 5000; i++) {
				now = 100_000 + i;
				store.markSeen(`c${i}`);
			}
			const at = (i: number) => (i < MAX_MARKS - 2 ? 100 + i : 100_000 + i);
			const seen = Array.from({length: 5000}, (_, i) => i).filter(i => store.isSeen(`c${i}`, at(i)));
			expect(seen).toEqual(Array.from({length: MAX_MARKS}, (_, i) => 5000 - MAX_MARKS + i));
			expect(store.isSeen('again', 50_000)).toBe(false);
		});
	}

	it('memory and file agree: what save keeps is what memory keeps, and a reload keeps the bound', () => {
		const directory = freshDir();
		let now = 1;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		for (let i = 0; i < MAX_MARKS + 500; i++) {
			now = 10 + i;
			store.markSeen(`c${i}`);
		}
		expect(store.save()).toBe(true);
		const path = join(directory, 'seen', seenFileName(SERVER));
		const written = Object.keys((JSON.parse(readFileSync(path, 'utf8')) as {seen: Record<string, number>}).seen).sort();
		const inMemory = Array.from({length: MAX_MARKS + 500}, (_, i) => `c${i}`)
			.filter((id, i) => store.isSeen(id, 10 + i))
			.sort();
		expect(inMemory).toEqual(written);
		// another ohtui looks at MAX_MARKS other conversations, later: ours are the oldest and go
		let later = 100_000;
		const other = openSeenStore({directory, server: SERVER, now: () => later});
		for (let i = 0; i < MAX_MARKS; i++) {
			later = 100_000 + i;
			other.markSeen(`o${i}`);
		}
		expect(other.save()).toBe(true);
		now = 200_000;
		store.markSeen('mine, not saved yet');
		store.reload();
		expect(store.isSeen(`c${MAX_MARKS + 499}`, 10 + MAX_MARKS + 499)).toBe(false);
		expect(store.isSeen(`o${MAX_MARKS - 1}`, 100_000 + MAX_MARKS - 1)).toBe(true);
		expect(store.isSeen('o0', 100_000)).toBe(false);
		// the newest look of all is kept through the reload, and written at the next save
		expect(store.isSeen('mine, not saved yet', 200_000)).toBe(true);
		expect(store.save()).toBe(true);
		expect(openSeenStore({directory, server: SERVER, now: () => 300_000}).isSeen('mine, not saved yet', 200_000)).toBe(true);
	});
});

describe('acknowledgements in the seen file (issue 26 item 2)', () => {
	const path = (directory: string) => join(directory, 'seen', seenFileName(SERVER));

	it('a file from before (no acked member) reads as none; marks and acks live side by side, and the old members stay as they were', () => {
		const directory = freshDir();
		mkdirSync(join(directory, 'seen'), {recursive: true});
		writeFileSync(path(directory), JSON.stringify({version: 1, server: SERVER, since: 10, seen: {a: 50}}));
		let now = 100;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		expect(store.isAcknowledged('e', 'error', 40)).toBe(false);
		store.acknowledge('e', 'error', 40);
		now = 200;
		store.markSeen('b');
		expect(store.save()).toBe(true);
		const data = JSON.parse(readFileSync(path(directory), 'utf8'));
		// what an older ohtui reads is unchanged in shape: version 1, since, seen
		expect(data).toEqual({version: 1, server: SERVER, since: 10, seen: {a: 50, b: 200}, acked: {e: {state: 'error', updated: 40, at: 100}}});
		const again = openSeenStore({directory, server: SERVER, now: () => 300});
		expect([again.isAcknowledged('e', 'error', 40), again.isAcknowledged('e', 'error', 41), again.isSeen('a', 50)]).toEqual([true, false, true]);
	});

	it('two processes merge by time: the newer record of each wins, and a void (seen in another state) ends it', () => {
		const directory = freshDir();
		let now = 100;
		const tui = openSeenStore({directory, server: SERVER, now: () => now});
		const other = openSeenStore({directory, server: SERVER, now: () => now});
		tui.acknowledge('e', 'error', 40);
		tui.acknowledge('s', 'stuck', 60);
		expect(tui.save()).toBe(true);
		now = 200;
		// the other saw `e` running meanwhile (it had read the file before: reload first)
		other.reload();
		expect(other.isAcknowledged('e', 'error', 40)).toBe(true);
		other.moved('e', 'running');
		other.moved('s', 'stuck'); // the same state: nothing changes
		expect(other.save()).toBe(true);
		tui.reload();
		expect(tui.isAcknowledged('e', 'error', 40)).toBe(false);
		expect(tui.isAcknowledged('s', 'stuck', 60)).toBe(true);
	});

	it('odd records are dropped one by one; the acknowledgements are bounded like the marks (the newest MAX_MARKS)', () => {
		const directory = freshDir();
		mkdirSync(join(directory, 'seen'), {recursive: true});
		writeFileSync(path(directory), JSON.stringify({version: 1, server: SERVER, since: 10, seen: {}, acked: {a: {state: 'error', updated: 'x', at: 1}, b: {state: 'stuck', updated: null, at: 2}, c: 7}}));
		let now = 100;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		expect([store.isAcknowledged('a', 'error', 1), store.isAcknowledged('b', 'stuck', 99)]).toEqual([false, true]);
		for (let i = 0; i < MAX_MARKS + 10; i++) {
			now = 1000 + i;
			store.acknowledge(`e${i}`, 'error', i);
		}
		expect(store.save()).toBe(true);
		const acked = (JSON.parse(readFileSync(path(directory), 'utf8')) as {acked: Record<string, unknown>}).acked;
		expect(Object.keys(acked)).toHaveLength(MAX_MARKS);
		expect(acked['e0']).toBeUndefined();
		expect(store.isAcknowledged('e0', 'error', 0)).toBe(false);
		expect(store.isAcknowledged(`e${MAX_MARKS + 9}`, 'error', MAX_MARKS + 9)).toBe(true);
	});
});

// issue 27 item 8: a server that leaves updated_at where it was when an agent finishes
describe('seen store: the status a look saw', () => {
	it('a conversation whose status moved on since the look is not seen, whatever the times; kept across processes, the later mark wins', () => {
		const directory = freshDir();
		let now = 1000;
		const store = openSeenStore({directory, server: SERVER, now: () => now});
		now = 2000;
		store.markSeen('a', 1500, 'running');
		// the agent finished; updated_at still 1500
		expect(store.isSeen('a', 1500)).toBe(true);
		expect(store.isSeen('a', 1500, 'running')).toBe(true);
		expect(store.isSeen('a', 1500, 'finished')).toBe(false);
		expect(store.save()).toBe(true);
		// `ohtui ls` in another process says the same
		const other = openSeenStore({directory, server: SERVER, now: () => 3000});
		expect(other.isSeen('a', 1500, 'finished')).toBe(false);
		// it looks at the finished one (later): seen there, and here after a reload
		other.markSeen('a', 1500, 'finished');
		expect(other.save()).toBe(true);
		store.reload();
		expect(store.isSeen('a', 1500, 'finished')).toBe(true);
		// a look that does not say what it saw leaves no status behind
		now = 4000;
		store.markSeen('a', 1500);
		expect(store.isSeen('a', 1500, 'running')).toBe(true);
		const memory = memorySeenStore(() => now);
		memory.markSeen('b', 1000, 'waiting_for_confirmation');
		expect(memory.isSeen('b', 1000, 'finished')).toBe(false);
		expect(memory.isSeen('b', 1000, 'waiting_for_confirmation')).toBe(true);
	});
});
