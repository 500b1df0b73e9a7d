/**
 * Child process for test/runtime/wrapCache.test.ts, bundled like the app (the Ink it ships, with its
 * patches): renders 100,000 distinct strings too wide for their box, `wrap="truncate"` as the app's
 * tables do, 500 per frame into a stand-in terminal, and prints the heap in use (after a full
 * collection) once 1,000 and 10,000 have been drawn and again after all of them (JSON on stdout).
 * Run with --expose-gc.
 */
import {Writable} from 'node:stream';
import React from 'react';
import {Box, render, Text} from 'ink';

const PER_FRAME = 500;
const FRAMES = 200;
const WIDTH = 24;

/** a terminal that takes frames and counts them */
class Terminal extends Writable {
	isTTY = true;
	columns = WIDTH;
	rows = 40;
	frames = 0;
	override _write(_chunk: unknown, _encoding: string, done: () => void): void {
		this.frames++;
		done();
	}
}

function Rows({frame}: {frame: number}) {
	const rows = [];
	for (let i = 0; i < PER_FRAME; i++) {
		const n = frame * PER_FRAME + i;
		// distinct, and more than twice the width of the box
		rows.push(<Text key={i} wrap="truncate">{`row ${n} ${'conversation-title-'.repeat(2)}${n}`}</Text>);
	}
	// a screenful shows, as in the app's tables; Ink wraps every text node, drawn or clipped
	return (
		<Box flexDirection="column" width={WIDTH} height={40} overflow="hidden">
			<Box flexDirection="column" flexShrink={0}>
				{rows}
			</Box>
		</Box>
	);
}

const gc = (globalThis as {gc?: () => void}).gc!;
const heapUsed = () => {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
};

const stdout = new Terminal();
// as the app renders (source/boot/renderApp.tsx), with no frame-rate cap so the run stays short
// interactive as the app forces it: under CI=true Ink would write only the last frame, and the
// loop below waits for each frame (CI timed out here at 180 s on every line)
const instance = render(<Rows frame={0} />, {stdout: stdout as unknown as NodeJS.WriteStream, exitOnCtrlC: false, patchConsole: false, incrementalRendering: true, interactive: true, maxFps: 1000});
const settle = async (written: number) => {
	while (stdout.frames === written) await new Promise(resolve => setTimeout(resolve, 2));
};

let first = 0;
let early = 0;
for (let frame = 1; frame < FRAMES; frame++) {
	const written = stdout.frames;
	instance.rerender(<Rows frame={frame} />);
	// eslint-disable-next-line no-await-in-loop
	await settle(written);
	if (frame === 2) first = heapUsed();
	if (frame === 20) early = heapUsed();
}

const late = heapUsed();
instance.unmount();
process.stdout.write(JSON.stringify({strings: FRAMES * PER_FRAME, first, early, late}));
