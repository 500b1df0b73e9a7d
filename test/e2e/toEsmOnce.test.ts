// scripts/bundlePlugins.mjs's toEsmOnce: esbuild's __toESM copies a CommonJS module's exports for every file
// that imports it (React was copied 97 times before the first frame); with the plugin each module's
// copy is made once and shared, and reads the same as each fresh copy did.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import {afterAll, describe, expect, it} from 'vitest';
import {builtinsViaRequire, toEsmOnce} from '../../scripts/bundlePlugins.mjs';

const directory = mkdtempSync(join(tmpdir(), 'ohtui-toesm-'));

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

type Built = {
	sameCopy: boolean;
	sameFs: boolean;
	a: {default: {count(): number}; count(): number; answer: number};
	b: {default: unknown; answer: number};
	esm: {default: unknown; named: string};
	readFileSync: unknown;
};

/** Two files import the same CommonJS module (and node:fs, and a CommonJS module marked __esModule); the entry compares what each got. */
async function build(name: string, plugins: esbuild.Plugin[]): Promise<Built> {
	const base = join(directory, name);
	const files: Record<string, string> = {
		'lib.cjs': 'let n = 0; exports.count = () => ++n; exports.answer = 42;',
		'esm.cjs': 'Object.defineProperty(exports, "__esModule", {value: true}); exports.default = "d"; exports.named = "n";',
		'a.js': 'import lib, * as ns from "./lib.cjs"; import * as fs from "node:fs"; import * as esm from "./esm.cjs"; export const a = ns; export const fsA = fs; export const esmA = esm; export const libA = lib;',
		'b.js': 'import * as ns from "./lib.cjs"; import * as fs from "node:fs"; import * as esm from "./esm.cjs"; export const b = ns; export const fsB = fs; export const esmB = esm;',
		'entry.js': [
			'import {a, fsA, esmA, libA} from "./a.js"; import {b, fsB, esmB} from "./b.js";',
			'export const sameCopy = a === b, sameFs = fsA === fsB;',
			'export {a, b}; export const esm = esmB; export const readFileSync = fsB.readFileSync;',
			// one module behind both copies: its state is shared, as it was
			'if (libA.count() !== 1 || a.count() !== 2 || esmA.named !== esmB.named) throw new Error("not one module");',
		].join('\n'),
	};
	for (const [file, text] of Object.entries(files)) writeFileSync(`${base}-${file}`, text.replaceAll('"./', `"./${name}-`));
	const outfile = join(directory, `${name}.out.mjs`);
	await esbuild.build({
		entryPoints: [`${base}-entry.js`],
		bundle: true,
		format: 'esm',
		platform: 'node',
		outfile,
		write: false,
		logLevel: 'silent',
		banner: {js: "import {createRequire} from 'node:module'; const require = createRequire(import.meta.url);"},
		plugins: [builtinsViaRequire, ...plugins],
	}).then(result => {
		for (const file of result.outputFiles) writeFileSync(file.path, file.contents);
	});
	return (await import(pathToFileURL(outfile).href)) as Built;
}

describe('toEsmOnce', () => {
	it('gives every importer of a CommonJS module the same copy of its exports', async () => {
		const once = await build('once', [toEsmOnce]);
		expect(once.sameCopy).toBe(true);
		expect(once.sameFs).toBe(true);
		// what each importer reads is what a fresh copy gave: the exports, `default` the module itself
		expect(once.a.answer).toBe(42);
		expect(once.b.default).toBe(once.a.default);
		expect(once.a.default.count()).toBe(3);
		expect(once.esm).toMatchObject({default: 'd', named: 'n'});
		expect(once.readFileSync).toBe((await import('node:fs')).readFileSync);
	});

	it('without it, esbuild copies them once per importer (what the plugin saves)', async () => {
		const each = await build('each', []);
		expect(each.sameCopy).toBe(false);
		expect(each.sameFs).toBe(false);
		expect(each.a.answer).toBe(42);
	});

	it('is in the built app: every output that defines the helper has the shared one', async () => {
		const {readFileSync} = await import('node:fs');
		const {root, buildOnce} = await import('./pty.js');
		buildOnce();
		const text = readFileSync(join(root, 'dist', 'cli.js'), 'utf8');
		expect(text).toContain('__toESMCopies');
		expect(text).not.toContain('var __toESM = (mod, isNodeMode, target) =>');
	});
});
