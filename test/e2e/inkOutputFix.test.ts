// The bundle's allocation patches to Ink's frame builder (scripts/inkOutputFix.mjs), checked against
// the installed Ink 8: the patched Output turns random frames (styled text, wide and zero-width
// characters, nested clips, transformers, one frame after another) into exactly the text the
// unpatched one does.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ALL, inkOutputFix, patches, patchSource} from '../../scripts/inkOutputFix.mjs';
import {root} from './pty.js';

const inkBuild = dirname(createRequire(join(root, 'package.json')).resolve('ink'));
const directory = mkdtempSync(join(tmpdir(), 'ohtui-inkoutput-'));

type Clip = {x1?: number; x2?: number; y1?: number; y2?: number};
type OutputInstance = {
	write(x: number, y: number, text: string, options: {transformers: Array<(line: string, index: number) => string>}): void;
	clip(clip: Clip): void;
	unclip(): void;
	get(): {output: string; height: number};
};
type Module = {
	Output: new (options: {width: number; height: number}) => OutputInstance;
};

let plain: Module;
let patched: Module;

async function bundle(name: string, plugins: esbuild.Plugin[]): Promise<Module> {
	const entry = join(directory, 'entry.mjs');
	writeFileSync(
		entry,
		`export {default as Output} from ${JSON.stringify(join(inkBuild, 'output.js'))};\n`,
	);
	const outfile = join(directory, `${name}.mjs`);
	await esbuild.build({entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile, plugins, logLevel: 'silent', absWorkingDir: root});
	return (await import(pathToFileURL(outfile).href)) as Module;
}

beforeAll(async () => {
	plain = await bundle('plain', []);
	patched = await bundle('patched', [inkOutputFix()]);
});

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

const SGR = ['\u001B[1m', '\u001B[22m', '\u001B[2m', '\u001B[36m', '\u001B[39m', '\u001B[7m', '\u001B[27m', '\u001B[0m', '\u001B[38;5;123m', '\u001B[48;2;1;2;3m', '\u001B[1;31m', '\u001B[4m', '\u001B[24m'];
const PIECES = [
	'a',
	'b',
	'Z',
	' ',
	'  ',
	'-',
	'~',
	'id-12',
	'\n',
	'é',
	'e\u0301',
	'中',
	'文字',
	'😀',
	'👍🏽',
	'🇩🇪',
	'›',
	'…',
	'·',
	'\u200B',
	'\uFE0F',
	'\t',
	'\r',
	'\r\n',
	'\u001B',
	'\u001B]8;;http://x\u0007link\u001B]8;;\u0007',
	...SGR,
];

const text = fc.array(fc.constantFrom(...PIECES), {maxLength: 24}).map(parts => parts.join(''));
const color = (code: string) => (line: string) => `\u001B[${code}m${line}\u001B[39m`;
const TRANSFORMERS = [[], [color('32')], [color('33'), (line: string) => `\u001B[1m${line}\u001B[22m`]];

type Op =
	| {kind: 'write'; x: number; y: number; text: string; transformers: number}
	| {kind: 'clip'; clip: Clip}
	| {kind: 'unclip'};

const op: fc.Arbitrary<Op> = fc.oneof(
	{weight: 6, arbitrary: fc.record({kind: fc.constant('write' as const), x: fc.integer({min: -3, max: 30}), y: fc.integer({min: -2, max: 8}), text, transformers: fc.integer({min: 0, max: 2})})},
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('clip' as const),
			clip: fc.record({x1: fc.integer({min: -2, max: 20}), x2: fc.integer({min: 0, max: 40}), y1: fc.integer({min: -2, max: 6}), y2: fc.integer({min: 0, max: 10})}, {requiredKeys: []}),
		}),
	},
	{weight: 1, arbitrary: fc.constant({kind: 'unclip' as const})},
);
const frame = fc.record({width: fc.integer({min: 1, max: 32}), height: fc.integer({min: 1, max: 8}), ops: fc.array(op, {maxLength: 12})});

function draw(module: Module, {width, height, ops}: {width: number; height: number; ops: Op[]}): {output: string; height: number} {
	const output = new module.Output({width, height});
	for (const o of ops) {
		if (o.kind === 'write') output.write(o.x, o.y, o.text, {transformers: TRANSFORMERS[o.transformers]!});
		else if (o.kind === 'clip') output.clip(o.clip);
		else output.unclip();
	}

	return output.get();
}

describe('Ink output allocation patches', () => {
	it('draws every frame exactly as unpatched Ink does, one frame after another', () => {
		// A sequence per run: the patched Output reuses the previous frame's lines and interned cells.
		fc.assert(
			fc.property(fc.array(frame, {minLength: 1, maxLength: 4}), frames => {
				for (const f of frames) expect(draw(patched, f)).toEqual(draw(plain, f));
			}),
			{numRuns: 400},
		);
	});

	it('draws a full-size table frame with a selected, clipped row exactly as unpatched Ink does', () => {
		const rows = Array.from({length: 38}, (_, i) => `  oh-agent-server-${String(i).padStart(4, '0')}  \u001B[32mRUNNING\u001B[39m  5m ago   ${'x'.repeat(i)}`);
		const ops: Op[] = [{kind: 'clip', clip: {x1: 0, x2: 120, y1: 0, y2: 39}}];
		rows.forEach((row, y) => ops.push({kind: 'write', x: 0, y, text: y === 3 ? `\u001B[7m\u001B[1m› ${row.slice(2)}\u001B[22m\u001B[27m` : row, transformers: 0}));
		ops.push({kind: 'unclip'});
		const f = {width: 120, height: 39, ops};
		expect(draw(patched, f)).toEqual(draw(plain, f));
		// and again, now from the previous frame's caches
		expect(draw(patched, f)).toEqual(draw(plain, f));
	});

	it('fails loudly when a patched line is not there exactly once', () => {
		for (const patch of patches) {
			const source = readFileSync(join(root, 'node_modules', patch.file), 'utf8');
			const needle = patch.replacements[0]![0];
			expect(() => patchSource(source, patch.file, [patch.name])).not.toThrow();
			expect(() => patchSource(source.replace(needle, ''), patch.file, [patch.name])).toThrow(/no longer apply/);
			expect(() => patchSource(source + needle, patch.file, [patch.name])).toThrow(/found 2/);
		}
	});

	it('each patch names what upstream would retire it, and the app builds with all of them', () => {
		for (const patch of patches) expect(patch.retiredBy).toMatch(/release/);
		expect(ALL).toEqual(patches.map(patch => patch.name));
	});

	it('fails a bundle that never loads the patched files', async () => {
		await expect(esbuild.build({stdin: {contents: 'export const x = 1;'}, bundle: true, write: false, plugins: [inkOutputFix()], logLevel: 'silent'})).rejects.toThrow(/never loaded/);
	});
});
