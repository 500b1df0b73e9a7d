// Ink's incremental renderer, as bundled: one-row changes land on their rows. Ink 6.8.0 moved the
// cursor up one line too few when the frame ended with a newline (fixed in Ink 7.0.0, vadimdemedes/ink
// PR #910), and ohtui carried a bundle-time fix until it moved to Ink 8 (issue 17). This keeps the
// fix's test without the fix: an Ink that brought the bug back fails here.
import {mkdtempSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import xterm from '@xterm/headless';
import {afterAll, describe, expect, it} from 'vitest';
import {root} from './pty.js';

const inkBuild = dirname(createRequire(join(root, 'package.json')).resolve('ink'));
const directory = mkdtempSync(join(tmpdir(), 'ohtui-logupdate-'));

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

type LogUpdate = {create(stream: unknown, options: {incremental: boolean; showCursor: boolean}): (frame: string) => void};

async function bundleLogUpdate(): Promise<LogUpdate> {
	const outfile = join(directory, 'log-update.mjs');
	await esbuild.build({entryPoints: [join(inkBuild, 'log-update.js')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent'});
	return ((await import(pathToFileURL(outfile).href)) as {default: LogUpdate}).default;
}

/** Draws the frames with Ink's incremental renderer into a headless terminal; returns its rows. */
async function draw(logUpdate: LogUpdate, frames: string[]): Promise<string[]> {
	// convertEol: a tty's output translation turns each LF into CR LF, as Ink expects
	const terminal = new xterm.Terminal({cols: 20, rows: 8, allowProposedApi: true, convertEol: true});
	let written = Promise.resolve();
	const stream = {
		isTTY: true,
		columns: 20,
		rows: 8,
		write(chunk: string) {
			written = written.then(async () => new Promise<void>(resolve => terminal.write(chunk, resolve)));
			return true;
		},
	};
	const render = logUpdate.create(stream, {incremental: true, showCursor: true});
	for (const frame of frames) render(frame);
	await written;
	const rows = Array.from({length: 5}, (_, row) => terminal.buffer.active.getLine(row)?.translateToString(true) ?? '');
	terminal.dispose();
	return rows;
}

describe("Ink's incremental renderer", () => {
	it('draws one-row changes of frames that end with a newline on their own rows', async () => {
		const logUpdate = await bundleLogUpdate();
		expect(await draw(logUpdate, ['one\ntwo\nthree\n', 'one\nTWO\nthree\n', 'one\nTWO\nTHREE\n'])).toEqual(['one', 'TWO', 'THREE', '', '']);
		expect(await draw(logUpdate, ['one\ntwo\nthree', 'one\nTWO\nthree', 'ONE\nTWO\nthree'])).toEqual(['ONE', 'TWO', 'three', '', '']);
	});
});
