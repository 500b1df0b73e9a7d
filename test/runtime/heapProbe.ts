// Child process for test/runtime/memory.test.ts: optionally tunes the heap as the app does, makes
// the garbage that grows a young generation and an old generation that grows in steps, and
// prints what V8 did (JSON on stdout). Anything V8 prints about the flags lands on stderr.
// Modes: plain (V8's defaults), tuned (the flags first), settled (the flags after the young
// generation grew, then settleHeap, as the app does after its first frame).
import {constants, PerformanceObserver} from 'node:perf_hooks';
import {getHeapSpaceStatistics} from 'node:v8';
import {settleHeap, tuneHeap} from '../../source/runtime/memory.js';

const mode = process.argv[2];
if (mode === 'tuned') tuneHeap();

let majorCollections = 0;
const observer = new PerformanceObserver(list => {
	for (const entry of list.getEntries()) {
		if ((entry as unknown as {detail: {kind: number}}).detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorCollections++;
	}
});
observer.observe({entryTypes: ['gc']});

const newSpace = () => getHeapSpaceStatistics().find(space => space.space_name === 'new_space')!.space_size;

// garbage with survivors: what makes V8 grow the young generation
let keep: object[] = [];
for (let i = 0; i < 1_000_000; i++) {
	keep.push({i, s: `x${i}`});
	if (keep.length > 50_000) keep = [];
}

let youngBytes = newSpace();
keep = [];
let settledFrom: number | undefined;
if (mode === 'settled') {
	tuneHeap();
	settledFrom = youngBytes;
	settleHeap();
	youngBytes = newSpace();
}

// an old generation that grows to ~16 MB live in small steps
const retained: object[][] = [];
for (let i = 0; i < 160; i++) retained.push(Array.from({length: 12_500}, (_, x) => ({x, i})));

// gc entries are delivered asynchronously
setTimeout(() => {
	observer.disconnect();
	process.stdout.write(JSON.stringify({youngBytes, settledFrom, majorCollections, retained: retained.length}));
}, 50);
