// The bundle's render patch to Ink (scripts/inkFrameFix.mjs), checked against the installed Ink 8:
// a key whose effect changes more state (the selection moves, then the footer's keys for the new row)
// draws one frame with both, where unpatched Ink drew the first at once and the second 34 ms later.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough, Writable} from 'node:stream';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {inkFrameFix, patch, patchInk} from '../../scripts/inkFrameFix.mjs';
import {root} from './pty.js';

const ESU = '\u001B[?2026l';
const directory = mkdtempSync(join(tmpdir(), 'ohtui-inkframe-'));

/** frames: those the key drew; inRender: those written before render() returned */
type Run = {frames: string[]; inRender: number; dispose(): void};
type Module = {start(stdout: NodeJS.WritableStream, stdin: NodeJS.ReadableStream, done: (text: string) => boolean): Promise<Run>};

// the app: a row and a footer that follows it through an effect, as useHintScopes reports the keys
const APP = `
import React, {useEffect, useState} from 'react';
import {render, Text, useInput} from 'ink';

export async function start(stdout, stdin, done) {
	function App() {
		const [row, setRow] = useState(0);
		const [footer, setFooter] = useState(0);
		useInput(input => {
			if (input === 'j') setRow(r => r + 1);
		});
		useEffect(() => setFooter(row), [row]);
		return React.createElement(Text, null, 'row ' + row + ' footer ' + footer);
	}
	const frames = [];
	let text = '';
	stdout.on('frame', frame => frames.push(frame));
	const instance = render(React.createElement(App), {stdout, stdin, interactive: true, patchConsole: false, exitOnCtrlC: false});
	const inRender = frames.length;
	// past the throttle's window: the next draw is a leading one
	await new Promise(resolve => setTimeout(resolve, 100));
	frames.length = 0;
	await new Promise(resolve => {
		stdout.on('frame', () => { if (done(frames.join(''))) resolve(); });
		stdin.write('j');
	});
	return {frames, inRender, dispose: () => instance.unmount()};
}
`;

const noDevtools: esbuild.Plugin = {
	name: 'no-devtools',
	setup(build) {
		build.onResolve({filter: /^react-devtools-core$/}, () => ({path: 'devtools', namespace: 'stub'}));
		build.onLoad({filter: /.*/, namespace: 'stub'}, () => ({contents: 'export default {};', loader: 'js'}));
	},
};

async function bundle(name: string, plugins: esbuild.Plugin[]): Promise<Module> {
	const entry = join(directory, `${name}-entry.mjs`);
	writeFileSync(entry, APP);
	const outfile = join(directory, `${name}.mjs`);
	await esbuild.build({
		entryPoints: [entry],
		bundle: true,
		format: 'esm',
		platform: 'node',
		outfile,
		// Ink's DevTools (with DEV=true only) are not in the app's bundle either
		plugins: [...plugins, noDevtools],
		logLevel: 'silent',
		absWorkingDir: root,
		nodePaths: [join(root, 'node_modules')],
		define: {'process.env.NODE_ENV': '"production"'},
		banner: {js: "import {createRequire as __cr} from 'node:module'; const require = __cr(import.meta.url);"},
	});
	return (await import(pathToFileURL(outfile).href)) as Module;
}

/** A terminal-like stdout that says when a synchronized frame ended. */
function terminal(): Writable {
	let pending = '';
	const stdout = new Writable({
		write(chunk, _encoding, callback) {
			pending += String(chunk);
			if (pending.includes(ESU)) {
				stdout.emit('frame', pending);
				pending = '';
			}
			callback();
		},
	});
	return Object.assign(stdout, {isTTY: true, columns: 40, rows: 10});
}

/** A terminal-like stdin: Ink reads keys from it in raw mode. */
function keyboard(): PassThrough {
	return Object.assign(new PassThrough(), {isTTY: true, setRawMode: () => {}, ref: () => {}, unref: () => {}});
}

let plain: Module;
let patched: Module;

beforeAll(async () => {
	plain = await bundle('plain', []);
	patched = await bundle('patched', [inkFrameFix()]);
}, 60_000);

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

async function runOf(module: Module): Promise<Run> {
	const run = await module.start(terminal(), keyboard(), text => text.includes('row 1 footer 1'));
	run.dispose();
	return run;
}

const framesOf = async (module: Module) => (await runOf(module)).frames;

describe('Ink render patch: one frame per turn', () => {
	it('draws a key and what its effect changes in one frame (unpatched Ink: two, 34 ms apart)', async () => {
		const before = await framesOf(plain);
		expect(before).toHaveLength(2);
		expect(before[0]).toContain('row 1 footer 0');
		const after = await framesOf(patched);
		expect(after).toHaveLength(1);
		expect(after[0]).toContain('row 1 footer 1');
	});

	it("still draws the first frame inside render(), as unpatched Ink does (the app's start goes on after it)", async () => {
		expect((await runOf(plain)).inRender).toBe(1);
		expect((await runOf(patched)).inRender).toBe(1);
	});

	it('fails loudly when the patched lines are not there exactly once', () => {
		const source = readFileSync(join(root, 'node_modules', patch.file), 'utf8');
		const needle = patch.replacements[0]![0];
		expect(() => patchInk(source, patch.file)).not.toThrow();
		expect(() => patchInk(source.replace(needle, ''), patch.file)).toThrow(/no longer applies/);
		expect(() => patchInk(source + needle, patch.file)).toThrow(/found 2/);
		expect(patch.retiredBy).toMatch(/release/);
	});

	it('fails a bundle that never loads Ink', async () => {
		await expect(esbuild.build({stdin: {contents: 'export const x = 1;'}, bundle: true, write: false, plugins: [inkFrameFix()], logLevel: 'silent'})).rejects.toThrow(/never loaded/);
	});
});
