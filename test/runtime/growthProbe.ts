// Child process for test/runtime/memory.test.ts: settleOnGrowth with a short period, a burst that
// grows resident memory by ~150 MB and is then dropped, and quiet periods before and after.
// Prints how many times it settled in each phase (JSON on stdout).
import {settleHeap, settleOnGrowth, tuneHeap} from '../../source/runtime/memory.js';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
let settles = 0;

tuneHeap();
settleHeap();
await sleep(50);
const stop = settleOnGrowth(40, 4 * 1024 * 1024, () => {
	settles++;
	settleHeap();
});
await sleep(300);
const quietBefore = settles;

let burst: string[][] = [];
for (let i = 0; i < 40; i++) burst.push(Array.from({length: 20_000}, (_, j) => `${i}:${j}:${'x'.repeat(20)}`));
burst = [];
await sleep(300);
const afterBurst = settles - quietBefore;
await sleep(400);
const quietAfter = settles - quietBefore - afterBurst;
stop();
process.stdout.write(JSON.stringify({quietBefore, afterBurst, quietAfter}));
