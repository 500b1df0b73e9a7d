/**
 * V8 heap settings for a full-screen app that stays open for days. Node 20 lets the young
 * generation grow to two 16 MB semi-spaces (Node 24 and 26: 32 MB), and lets an old generation
 * with ~15 MB live grow to 40-70 MB before a full collection (its limit adds the young
 * generation's size): together most of the app's resident memory, for a heap whose live data is
 * about 20 MB. Here the young generation keeps its start size and a full collection comes once
 * the old generation has grown 10% past what the last one kept. Scale bench (10,000 sandboxes,
 * 1,000 loaded, 120x40), resident memory after paging: 130-138 MB with the Ink output patches
 * alone, 98-101 MB with this too on Node 20 (Node 26: 152 MB without, ~125 MB with); key to frame
 * stays 7-9 ms (measured on Ink 6.8). Without the output patches (scripts/inkOutputFix.mjs: Ink 6.8
 * made ~12 MB of garbage a frame, Ink 8 ~15 MB a key press) a small young generation costs ~30%
 * more CPU per key press.
 *
 * The flags are read whenever V8 sizes the heap, so setting them at run time works;
 * `--max-semi-space-size` would not (read once, when the heap is made), and the app cannot rely on
 * NODE_OPTIONS or its shebang (`node dist/cli.js` ignores the shebang).
 *
 * When: after the first frame (tuneHeapAfterFirstFrame). Set before the UI chunk loads, they cost
 * the first frame 25-50 ms on Node 22-26 (a young generation kept at its start size, 0.5-1 MB,
 * collects over and over while 2 MB of code loads and the first render allocates: 1.9x the
 * minimal Ink app on Node 24 instead of 1.5x). Set after it, the young generation has already grown
 * (16-32 MB) and V8 does not give that back by itself, so once start-up's garbage is gone one
 * memory-reducing full collection (settleHeap) shrinks it to its start size: resident memory
 * after the scale bench is then what it was with the flags set first (Node 22-26; Node 20's V8
 * keeps its young generation through that collection: ~110 MB instead of ~100 MB there).
 *
 * Every V8 of the supported Node lines (20-26: V8 11.3 to 14.6) has these flags, with the effect
 * above. There is no quiet way to ask V8 whether it knows a flag (an unknown one makes it print
 * "unrecognized flag" on stderr), so instead of a list of versions the test
 * (test/runtime/memory.test.ts) checks, on whichever Node runs it, that V8 takes the flags
 * silently and that the two heap flags have their effect; CI runs it on every supported line.
 */
import {createRequire} from 'node:module';

/**
 * node:v8 and node:vm when first used, after the first frame: imported, Node loaded them (node:v8
 * with its heap utilities and promise hooks, ~1.6 ms on Node 20, ~2 ms on 22) before it, in the TUI's chunk.
 */
const load = createRequire(import.meta.url);
const setFlagsFromString = (flag: string) => (load('node:v8') as typeof import('node:v8')).setFlagsFromString(flag);
const runInNewContext = (code: string) => (load('node:vm') as typeof import('node:vm')).runInNewContext(code);

/**
 * The two heap flags, and V8's --optimize-for-size (it favours memory over speed where V8 has the
 * choice, e.g. flushing code not run for a while): 4-9 MB less resident after the scale bench on
 * Node 24 and 26, with key-to-frame times unchanged.
 *
 * --no-wasm-loop-unrolling: a few requests in, V8 recompiles undici's HTTP parser (llhttp, wasm:
 * one 33 KB function, a loop around a large switch) with its optimizing compiler. On Node 24 that
 * one compile takes 23 MB of compiler memory, malloc'd on a worker thread, and glibc keeps most of
 * the pages after it is freed (6 MB per run, measured in the thread arenas; Node 20: 29 MB, Node 22:
 * 9 MB, Node 26: 8 MB). Without unrolling it takes 12 MB (Node 20: 20, Node 22: 7, Node 26 the same):
 * scale bench on Node 24, malloc'd resident memory 38 MB -> 31-33 MB. Yoga's layout (the other
 * wasm the app runs) measured no slower. Read when a function is compiled, so setting it after the
 * first frame still comes before the parser warms up.
 */
export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=10', '--optimize-for-size', '--no-wasm-loop-unrolling'] as const;

export function tuneHeap(): void {
	for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
}

type Gc = (options: {type: 'major'; execution: 'sync'; flavor: 'last-resort'}) => void;

/**
 * One full collection that also gives back the young generation (V8's "last resort" flavour, the
 * one it runs under memory pressure). V8 offers it only through the `gc` function of
 * --expose-gc, which is installed in contexts made while the flag is on: made here, in a context
 * of its own, and the flag is off again at once. Never throws: it only saves memory.
 */
export function settleHeap(): void {
	try {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc') as Gc;
		setFlagsFromString('--no-expose-gc');
		gc({type: 'major', execution: 'sync', flavor: 'last-resort'});
	} catch {
		// no gc extension on this runtime: nothing saved, nothing lost
	}
}

/**
 * Call right after the first frame is written. The settling collection waits until start-up's
 * burst (the client chunk, the first pages) is over; it takes 20-30 ms, once. Then the heap is
 * settled again whenever resident memory has grown by `growthBytes` since the last settle
 * (settleOnGrowth).
 */
export function tuneHeapAfterFirstFrame(settleAfterMs = 1500): void {
	tuneHeap();
	setTimeout(() => {
		settleHeap();
		settleOnGrowth();
	}, settleAfterMs).unref();
}

/**
 * A burst of work (the first `G` loading 1,000 rows, the activity's older pages) leaves V8 holding
 * freed pages and a grown young generation that its own memory reducer does not give back: the
 * scale bench ended 5 MB higher on Node 24 and 26 than after one more settle. Resident memory is
 * looked at every `everyMs` (one read of /proc/self/stat); past `growthBytes` above the level of
 * the last settle, the heap is settled and that level taken again, so live data that grew for good
 * costs one collection, not one per check.
 */
export function settleOnGrowth(everyMs = 10_000, growthBytes = 8 * 1024 * 1024, settle: () => void = settleHeap): () => void {
	let level = process.memoryUsage.rss();
	const timer = setInterval(() => {
		if (process.memoryUsage.rss() - level < growthBytes) return;
		settle();
		level = process.memoryUsage.rss();
	}, everyMs);
	timer.unref();
	return () => clearInterval(timer);
}
