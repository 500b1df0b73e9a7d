/**
 * Child process for test/bench/output.bench.ts, bundled like the app (with the Ink output patches
 * the bench chooses): the real <App/> over 10,000 conversations at 120x40 in a stand-in terminal,
 * `j` pressed PRESSES times (then `k` as many), each press timed from the key to the frame Ink
 * writes for it, with the garbage collections in between. Prints JSON on stdout. Run with
 * --expose-gc.
 */
import {EventEmitter} from 'node:events';
import {constants, PerformanceObserver, performance} from 'node:perf_hooks';
import {Writable} from 'node:stream';
import React from 'react';
import {render} from 'ink';
import {App} from '../../source/ui/App.js';
import {fleetOf} from '../ui/fakeFleet.js';
import {FakeStore} from '../ui/fakeStore.js';
import {NOW, conversation, list, snapshot} from '../ui/fixtures.js';

const PRESSES = Number(process.argv[2] ?? 200);
const KEYS = process.argv[3] === 'Gg' ? ['G', 'g'] : ['j', 'k'];

class Terminal extends Writable {
	isTTY = true;
	columns = 120;
	rows = 40;
	frames = 0;
	override _write(_chunk: unknown, _encoding: string, done: () => void): void {
		this.frames++;
		done();
	}
}

/** what Ink reads from a terminal's stdin: raw mode, and data through 'readable' + read() */
class Keyboard extends EventEmitter {
	isTTY = true;
	private pending: string[] = [];
	setRawMode(): this {
		return this;
	}
	setEncoding(): this {
		return this;
	}
	ref(): this {
		return this;
	}
	unref(): this {
		return this;
	}
	read(): string | null {
		return this.pending.shift() ?? null;
	}
	type(data: string): void {
		this.pending.push(data);
		this.emit('readable');
	}
}

const conversations = Array.from({length: 10_000}, (_, i) =>
	conversation({id: i.toString(16).padStart(32, '0'), title: `Conversation ${i}: fix the flaky test in module ${i % 97}`, updated_at: NOW - i * 1000}),
);
const store = new FakeStore(snapshot({visible: 'conversations', conversations: list(conversations)}));
const stdout = new Terminal();
const stdin = new Keyboard();
render(<App fleet={fleetOf(store)} serverLabel="http://127.0.0.1:3000" demo={false} onQuit={() => {}} now={() => NOW} env={{}} writeRaw={() => {}} />, {
	stdout: stdout as unknown as NodeJS.WriteStream,
	stdin: stdin as unknown as NodeJS.ReadStream,
	exitOnCtrlC: false,
	patchConsole: false,
	incrementalRendering: true,
	interactive: true,
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
let minor = 0;
let major = 0;
let gcMs = 0;
const observer = new PerformanceObserver(entries => {
	for (const entry of entries.getEntries()) {
		const kind = (entry as unknown as {detail: {kind: number}}).detail.kind;
		if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++;
		else minor++;
		gcMs += entry.duration;
	}
});

/** one key, timed to the first frame written after it */
async function press(key: string): Promise<number> {
	const before = stdout.frames;
	const at = performance.now();
	stdin.type(key);
	while (stdout.frames === before) await new Promise(resolve => setImmediate(resolve));
	const took = performance.now() - at;
	// Ink caps frames at 30 per second: the next key waits out the cap, as a person's would
	await sleep(35);
	return took;
}

await sleep(300);
// warm-up: V8 compiles the paths first
for (let i = 0; i < 40; i++) await press(i % 2 ? 'k' : 'j');
(globalThis as {gc?: () => void}).gc?.();
observer.observe({entryTypes: ['gc']});
const times: number[] = [];
if (KEYS[0] === 'j') {
	for (let i = 0; i < PRESSES; i++) times.push(await press('j'));
	for (let i = 0; i < PRESSES; i++) times.push(await press('k'));
} else {
	for (let i = 0; i < 2 * PRESSES; i++) times.push(await press(KEYS[i % 2]!));
}
await sleep(20);
observer.disconnect();
times.sort((a, b) => a - b);
const presses = times.length;
process.stdout.write(
	JSON.stringify({
		presses,
		medianMs: times[Math.floor(presses / 2)],
		p90Ms: times[Math.floor(presses * 0.9)],
		minorPerPress: minor / presses,
		majorPerPress: major / presses,
		gcMsPerPress: gcMs / presses,
		rssMb: process.memoryUsage().rss / 1024 / 1024,
	}),
);
process.exit(0);
