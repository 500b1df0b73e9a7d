// The bundle is the package (an installed ohtui has no node_modules): scripts/bundleImports.mjs
// finds what a bundle loads, and the build refuses output that would load a package.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {jsFilesUnder, specifiers, staticClosure, walkBundle} from '../../scripts/bundleImports.mjs';
import {tuiStaticInputs} from '../../scripts/build.mjs';
import {fromPackage} from './bundledPaths.js';
import {buildOnce, root} from './pty.js';

const directory = mkdtempSync(join(tmpdir(), 'ohtui-bundle-'));

afterAll(() => {
	rmSync(directory, {recursive: true, force: true});
});

function fakeBundle(files: Record<string, string>): string {
	const base = mkdtempSync(join(directory, 'b-'));
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(join(base, name, '..'), {recursive: true});
		writeFileSync(join(base, name), text);
	}

	return join(base, 'cli.js');
}

describe('specifiers', () => {
	it('reads every kind of import esbuild writes, and Node modules with or without node:', () => {
		const source = [
			'#!/usr/bin/env node',
			'import {a} from "./chunks/a.js";',
			'export {b} from "./chunks/b.js";',
			'import "./chunks/side.js";',
			'const c = await import("./chunks/c.js");',
			'var fs = __require("fs"), z = __require("node:zlib");',
			'const r = require("some-package");',
		].join('\n');
		expect(specifiers(source).sort()).toEqual(['./chunks/a.js', './chunks/b.js', './chunks/c.js', './chunks/side.js', 'fs', 'node:zlib', 'some-package']);
	});

	it('names the scripts the bundle runs with vm.Script by their file names (runtime/codeCache.ts)', () => {
		const source = 'var TUI = "./tui-AB12CD.script.js"; const other = "./notes.js"; // "./gone.script.js"';
		expect(specifiers(source)).toEqual(['./tui-AB12CD.script.js']);
	});

	it('ignores import-like text in strings and template literals (the demo quotes source code)', () => {
		const source = [
			'const a = "import {S} from \'../store/settings\'";',
			"const b = `import {Switch} from '../components/Switch'\nconst x = __require(\"bus\")`;",
			'const c = \'export * from "./chunks/registry"\';',
			'export const y = 1;',
		].join('\n');
		expect(specifiers(source)).toEqual([]);
	});

	it('ignores imports in comments and words in strings (bundled JSDoc names type files)', () => {
		const source = [
			'/** @param {import("../types/dispatcher").Options} options */',
			'// const x = require("not-really");',
			'const words = ["from", "to"]; const s = "import " + name;',
			'export const y = 1;',
		].join('\n');
		expect(specifiers(source)).toEqual([]);
	});
});

describe('walkBundle', () => {
	it('follows relative imports from the entry and reports bare packages and missing files', () => {
		const entry = fakeBundle({
			'cli.js': 'import "./chunks/a.js"; const later = () => import("./chunks/b.js"); import "node:fs";',
			'chunks/a.js': 'import "./gone.js"; const ws = __require("bufferutil"); const p = __require("node:sqlite");',
			'chunks/b.js': 'export {} from "ink";',
			'chunks/never.js': 'export const x = 1;',
		});
		const result = walkBundle(entry);
		expect(result.files).toEqual(['chunks/a.js', 'chunks/b.js', 'cli.js']);
		expect(result.missing).toEqual(['chunks/gone.js']);
		expect(result.bare).toEqual(['chunks/a.js: bufferutil', 'chunks/b.js: ink']);
		expect(jsFilesUnder(join(entry, '..'))).toContain('chunks/never.js');
	});
});

/** the entry's file (./chunks/cli-<hash>.cjs), as the launcher names it */
function entryChunk(): string {
	return launcherTargets().find(name => name.startsWith('./chunks/cli-'))!;
}

/** the files dist/cli.js (the launcher) imports, in its order */
function launcherTargets(): string[] {
	return specifiers(readFileSync(join(root, 'dist', 'cli.js'), 'utf8')).filter(name => name.startsWith('./'));
}

describe('the built bundle', () => {
	beforeAll(() => {
		buildOnce();
	});

	it('loads nothing but its own files and Node modules', () => {
		const {files, missing, bare} = walkBundle(join(root, 'dist', 'cli.js'));
		expect(bare).toEqual([]);
		expect(missing).toEqual([]);
		// the chunks of this build (the manifest's), every one reachable from the entry
		const manifest = (JSON.parse(readFileSync(join(root, 'dist', 'chunks', 'manifest.json'), 'utf8')) as {current: string[]}).current;
		expect(files).toEqual(['cli.js', ...manifest.map(name => `chunks/${name}`)].sort());
	});

	it('loads Node modules with require, never through an ES module facade (node:http\'s loads undici)', () => {
		for (const name of walkBundle(join(root, 'dist', 'cli.js')).files) {
			const source = readFileSync(join(root, 'dist', name), 'utf8');
			expect(source, name).not.toMatch(/^import[^;]*from\s*"(node:)?[a-z_]+(\/[a-z_]+)?";$/m);
		}
	});

	it('runs neither zod, undici, ws nor a stand-in before the first frame: the TUI\'s script has them only in lazy initialisers, run at their import()', async () => {
		// the launcher and the entry hold none of them at all
		const files = [join(root, 'dist', 'cli.js'), join(root, 'dist', entryChunk())];
		for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(fromPackage('(zod|undici|ws)/'));
		// the script holds them (no module state in two copies), reached only through an import()
		const {eager, all} = await tuiStaticInputs();
		const later = /^(node_modules\/(zod|undici|ws)\/|source\/server\/|source\/api\/(createClient|schemas\/))/;
		expect(all.filter(path => later.test(path)).length).toBeGreaterThan(100);
		expect(eager.filter(path => later.test(path))).toEqual([]);
		// the first frame's own modules are run with it
		expect(eager).toEqual(expect.arrayContaining(['source/boot/renderApp.tsx', 'node_modules/ink/build/index.js']));
	}, 30_000);

	it('loads three files before the first frame: the entry, the TUI\'s start (the config\'s resolution, the skeleton), the TUI as one script; no Node module is a chunk of its own', () => {
		// each module file costs a Node 20 start ~0.2 ms and ~4.5 M instructions in the loader: the
		// entry, bundled alone, holds its config modules; the TUI's start is one file with no React or
		// Ink (the skeleton is drawn before they load); the TUI's script holds the rest and is run with
		// V8's code cache (runtime/codeCache.ts); each file's require() of a Node module sits with it
		// (scripts/bundlePlugins.mjs)
		const chunks = join(root, 'dist', 'chunks');
		expect(staticClosure(join(root, 'dist', entryChunk()))).toEqual([entryChunk().slice('./chunks/'.length)]);
		const loads = specifiers(readFileSync(join(root, 'dist', entryChunk()), 'utf8')).filter(name => name.startsWith('./'));
		expect(loads.filter(name => name.endsWith('.script.js'))).toEqual([expect.stringMatching(/^\.\/tui-\w+\.script\.js$/)]);
		const start = loads.filter(name => name.startsWith('./tuiStart-'));
		expect(start).toHaveLength(1);
		expect(walkBundle(join(chunks, start[0]!)).files).toEqual([start[0]!.slice(2)]);
		const startText = readFileSync(join(chunks, start[0]!), 'utf8');
		expect(startText).toMatch(/^\/\/ source\/config\/resolveConfig\.ts$/m);
		expect(startText).not.toMatch(fromPackage('(ink|react|react-reconciler|yoga-layout|zod|undici)/'));
		expect(loads.some(name => /^\.\/(runApp|renderApp|resolveConfig)-/.test(name))).toBe(false);
		const current = (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
		for (const name of current) {
			const modules = [...readFileSync(join(chunks, name), 'utf8').matchAll(/^\/\/ (\S+)$/gm)].map(m => m[1]!);
			if (modules.length > 0) expect(modules.every(module => module.startsWith('ohtui-builtin:')), name).toBe(false);
		}
	});

	it('loads no node:http or node:v8 before the first frame (each is needed only after it)', async () => {
		// a static import of one anywhere on the TUI's path made Node load it before the first frame
		// (node:http ~2 ms on Node 20, node:v8 ~1.6 ms): the reason phrases come from node:http at the
		// first error answer (undici loads it with the client anyway), the heap settings (node:v8) are
		// set after the first frame. node:vm is loaded before it: it runs the TUI's script.
		expect(readFileSync(join(root, 'dist', entryChunk()), 'utf8')).not.toMatch(/^\/\/ ohtui-builtin:node:(http|v8)\b/m);
		const {eager} = await tuiStaticInputs();
		expect(eager.filter(path => /^ohtui-builtin:node:(http|v8|vm)\b/.test(path))).toEqual([]);
	}, 30_000);

	it('reaches no path of its own statically: the entry (which every command but status from its cache, --help and --version load) holds only the choice of a path', () => {
		// each path comes in with import() (cli.tsx): the TUI's start (boot/runApp.ts: terminal,
		// lifecycle, fleet, stores), the UI, the client, a command, the config's resolution (and the key
		// map with it). One of them imported statically again puts it before every `ohtui status`.
		// the launcher (dist/cli.js) imports nothing statically; the entry is its chunk
		expect(staticClosure(join(root, 'dist', 'cli.js'))).toEqual(['cli.js']);
		const chunks = join(root, 'dist', 'chunks');
		const entryChunk = launcherTargets().find(name => name.startsWith('./chunks/cli-'))!;
		const files = staticClosure(join(root, 'dist', entryChunk)).map(name => join(chunks, name));
		const text = files.map(file => readFileSync(file, 'utf8')).join('\n');
		expect(text).toMatch(/^\/\/ source\/config\/startup\.ts$/m);
		const modules = [...text.matchAll(/^\/\/ (source\/\S+)$/gm)].map(m => m[1]!);
		const ownPaths = /^source\/(boot\/(?!(exit|loadTui)\.ts$)|terminal\/(?!oneLine\.ts$)|fleet\/|store\/|ui\/|api\/|log\/|commands\/|doctor\/|server\/|config\/(resolveConfig|fileSchema)\.ts$)/;
		expect(modules.filter(name => ownPaths.test(name))).toEqual([]);
		expect(text).not.toMatch(fromPackage('(ink|react|react-reconciler|yoga-layout|scheduler|zod|undici|ws)/'));
	});

	it("the launcher loads status's own file or the entry, nothing else; status's own file is one file that loads nothing of the bundle", () => {
		// a status bar calls `ohtui status` every few seconds: answered from its cache it parses two
		// files (source/bin.ts, source/commands/statusFast.ts), not the entry's two dozen chunks
		const targets = launcherTargets();
		expect(targets).toEqual([expect.stringMatching(/^\.\/chunks\/statusFast-\w+\.cjs$/), expect.stringMatching(/^\.\/chunks\/cli-\w+\.cjs$/)]);
		// all CommonJS (required: no ES module loader on a status bar's call, nor on the TUI's path)
		expect(readFileSync(join(root, 'dist', 'package.json'), 'utf8')).toMatch(/"type":\s*"commonjs"/);
		expect(readFileSync(join(root, 'dist', 'chunks', 'package.json'), 'utf8')).toMatch(/"type":\s*"module"/);
		expect(readFileSync(join(root, 'dist', 'cli.js'), 'utf8')).toMatch(/require\("\.\/chunks\/statusFast-\w+\.cjs"\)/);
		const fast = join(root, 'dist', targets[0]!);
		expect(walkBundle(fast).files).toEqual([targets[0]!.slice('./chunks/'.length)]);
		expect(specifiers(readFileSync(fast, 'utf8')).every(name => name.startsWith('node:'))).toBe(true);
		// what it holds: the cache, the line, the masking; never the config's resolution, the
		// servers, the client, the asking, or a library
		const text = readFileSync(fast, 'utf8');
		expect(text).toMatch(/^\/\/ source\/commands\/statusCached\.ts$/m);
		expect(text).toMatch(/^\/\/ source\/text\/secrets\.ts$/m);
		expect(text).not.toMatch(/^\/\/ source\/(config\/(resolveConfig|fileSchema)|ui\/|api\/|commands\/(servers|statusAsk|status|main)\.ts|boot\/(?!exit\.ts))/m);
		expect(text).not.toMatch(/^\/\/ node_modules\//m);
	});

	it('carries only the parts of undici it uses (source/api/transport/undiciParts.ts): no mocks, caches, EventSource; WebSocket only in its own lazily loaded chunk', () => {
		const chunks = join(root, 'dist', 'chunks');
		const current = (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
		for (const name of current) {
			expect(readFileSync(join(chunks, name), 'utf8'), name).not.toMatch(fromPackage('undici/(index\\.js|lib/(mock|cache|web/(eventsource|cache|cookies))/)'));
		}
		// the events websocket (issue 18) is loaded with import() at the first socket: a session that
		// opens none never parses it
		// (the TUI's script has its own copy, reached only through the same import(): see above)
		const sockets = current.filter(name => !name.endsWith('.script.js') && fromPackage('undici/lib/web/websocket/').test(readFileSync(join(chunks, name), 'utf8')));
		expect(sockets).toEqual([expect.stringMatching(/^webSocketParts-/)]);
		const client = current.find(name => name.startsWith('createClient-'))!;
		for (const entry of [join(root, 'dist', 'cli.js'), join(chunks, client)]) expect(staticClosure(entry)).not.toContain(sockets[0]);
	});

	it('carries no React DevTools chunk (Ink imports it only with DEV=true)', () => {
		expect(walkBundle(join(root, 'dist', 'cli.js')).files.some(name => /devtools/i.test(name))).toBe(false);
	});
});
