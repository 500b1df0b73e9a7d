/**
 * V8 heap settings for a full-screen app that stays open for days. Node 20 lets the young
 * generation grow to two 16 MB semi-spaces (Node 24 and 26: 32 MB), and lets an old generation
 * with ~15 MB live grow to 40-70 MB before a full collection (its limit adds the young
 * generation's size): together most of the app's resident memory, for a heap whose live data is
 * about 20 MB. Here the young generation keeps its start size and a full collection comes once
 * the old generation has grown 10% past what the last one kept. Scale bench (10,000 sandboxes,
 * 1,000 loaded, 120x40), resident memory after paging: 130-138 MB with the Ink output patches
 * alone, 98-101 MB with this too on Node 20 (Node 26: 152 MB without, ~120 MB with); key to frame
 * stays 7-9 ms. Without those patches (scripts/inkOutputFix.mjs: Ink then makes ~12 MB of garbage
 * a frame) a small young generation costs ~30% more CPU per key press.
 *
 * Both flags are read whenever V8 sizes the heap, so setting them at run time works;
 * `--max-semi-space-size` would not (read once, when the heap is made), and the app cannot rely on
 * NODE_OPTIONS or its shebang (`node dist/cli.js` ignores the shebang). Call before the UI chunk
 * loads: loading it grows the young generation.
 *
 * Every V8 of the supported Node lines (20-26: V8 11.3 to 14.6) has both flags, with the effect
 * above. There is no quiet way to ask V8 whether it knows a flag (an unknown one makes it print
 * "unrecognized flag" on stderr), so instead of a list of versions the test
 * (test/runtime/memory.test.ts) checks, on whichever Node runs it, that V8 takes both flags
 * silently and that each has its effect; CI runs it on every supported line.
 */
import {setFlagsFromString} from 'node:v8';

export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=10'] as const;

export function tuneHeap(): void {
	for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
}
