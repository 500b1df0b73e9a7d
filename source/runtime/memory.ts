/**
 * V8 heap settings for a full-screen app that stays open for days. Node 20 lets the young
 * generation grow to two 16 MB semi-spaces, and lets an old generation with ~15 MB live grow to
 * 40-70 MB before a full collection (its limit adds the young generation's size): together most
 * of the app's resident memory, for a heap whose live data is about 20 MB. Here the young
 * generation keeps its start size and a full collection comes once the old generation has grown
 * 10% past what the last one kept. Scale bench (10,000 sandboxes, 1,000 loaded, 120x40), resident
 * memory after paging: 130-138 MB with the Ink output patches alone, 98-101 MB with this too; key
 * to frame stays 7-9 ms. Without those patches (scripts/inkOutputFix.mjs: Ink then makes ~12 MB of
 * garbage a frame) a small young generation costs ~30% more CPU per key press.
 *
 * Both flags are read whenever V8 sizes the heap, so setting them at run time works;
 * `--max-semi-space-size` would not (read once, when the heap is made), and the app cannot rely on
 * NODE_OPTIONS or its shebang (`node dist/cli.js` ignores the shebang). Call before the UI chunk
 * loads: loading it grows the young generation.
 */
import {setFlagsFromString} from 'node:v8';

const FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=10'];

/**
 * V8 writes "unrecognized flag" to the terminal for a flag it does not know: only the majors where
 * both flags exist get them (V8 11-13, Node 20-24). Measured on Node 20 (V8 11.3); some later V8s
 * raise a growth factor below 2 to 2, and then only the second flag has an effect.
 */
export function tuneHeap(v8Version: string = process.versions.v8): boolean {
	const major = Number(v8Version.split('.')[0]);
	if (!(major >= 11 && major <= 13)) return false;
	for (const flag of FLAGS) setFlagsFromString(flag);
	return true;
}
