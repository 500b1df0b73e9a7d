// The bundle's carried fix for Ink 6.8.0's incremental renderer (scripts/inkFix.mjs), checked
// against the installed Ink: the unpatched renderer leaves a wrong screen, the patched one not.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import xterm from '@xterm/headless';
import {afterAll, describe, expect, it} from 'vitest';
import {inkCursorUpFix, needle, patchLogUpdate} from '../../scripts/inkFix.mjs';
import {root} from './pty.js';

const inkBuild = dirname(createRequire(join(root, 'package.json')).resolve('ink'));
const logUpdatePath = join(inkBuild, 'log-update.js');
const directory = mkdtempSync(join(tmpdir(), 'ohtui-inkfix-'));

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

type LogUpdate = {create(stream: unknown, options: {incremental: boolean; showCursor: boolean}): (frame: string) => void};

async function bundleLogUpdate(name: string, plugins: esbuild.Plugin[]): Promise<LogUpdate> {
	const outfile = join(directory, `${name}.mjs`);
	await esbuild.build({entryPoints: [logUpdatePath], bundle: true, format: 'esm', platform: 'node', outfile, plugins, logLevel: 'silent'});
	return ((await import(pathToFileURL(outfile).href)) as {default: LogUpdate}).default;
}

/** Draws the frames with Ink's incremental renderer into a headless terminal; returns its rows. */
async function draw(logUpdate: LogUpdate, frames: string[]): Promise<string[]> {
	const terminal = new xterm.Terminal({cols: 20, rows: 8, allowProposedApi: true});
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
	for (const frame of frames) {
		render(frame);
	}

	await written;
	const rows: string[] = [];
	for (let row = 0; row < 5; row++) {
		rows.push(terminal.buffer.active.getLine(row)?.translateToString(true) ?? '');
	}

	terminal.dispose();
	return rows;
}

// Frames that end with a newline, as Ink's own output does, and change one row at a time.
const frames = ['one\ntwo\nthree\n', 'one\nTWO\nthree\n', 'one\nTWO\nTHREE\n'];

describe('Ink 6.8.0 incremental-render fix', () => {
	it('finds its line exactly once in the installed Ink', () => {
		const source = readFileSync(logUpdatePath, 'utf8');
		expect(source.split(needle)).toHaveLength(2);
		expect(patchLogUpdate(source)).not.toContain(needle);
	});

	it('refuses to build when the line is missing or already fixed', () => {
		expect(() => patchLogUpdate('const nothing = 1;')).toThrow(/found 0/);
		expect(() => patchLogUpdate(patchLogUpdate(readFileSync(logUpdatePath, 'utf8')))).toThrow(/found 0/);
	});

	it('fails a bundle that never loads log-update.js', async () => {
		await expect(
			esbuild.build({stdin: {contents: 'export const x = 1;'}, bundle: true, write: false, plugins: [inkCursorUpFix], logLevel: 'silent'}),
		).rejects.toThrow(/never loaded/);
	});

	it('the unpatched renderer misplaces a one-row change; the patched one draws it right', async () => {
		const unpatched = await draw(await bundleLogUpdate('unpatched', []), frames);
		expect(unpatched.slice(0, 3)).not.toEqual(['one', 'TWO', 'THREE']);

		const patched = await draw(await bundleLogUpdate('patched', [inkCursorUpFix]), frames);
		expect(patched).toEqual(['one', 'TWO', 'THREE', '', '']);
	});

	it('is in the built bundle', () => {
		expect(readFileSync(join(root, 'dist', 'cli.js'), 'utf8')).not.toContain(needle);
	});
});
