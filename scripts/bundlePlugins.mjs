// The esbuild plugins of the app's bundle (scripts/build.mjs's bundleOptions): what is patched or
// resolved differently from a plain esbuild build, each for a reason given at its definition.
//
// Patches to dependencies, applied at bundle time (each fails the build when its code moved), and
// the upstream release that makes each unnecessary, as of November 2026 (Ink 8.0.0, React 19.3):
// - below, Ink's React DevTools chunk: no release (Ink 8.0.0 still `import('./devtools.js')`s
//   when DEV=true, so a bundler still emits the chunk and ws with it).
// - below, yoga's wasm loader reaching for fetch: no release (yoga-layout 3.2.1 is the newest).
// - below, string-width's eager RGI_Emoji regex: no release (string-width 9.0.0 builds
//   /^(?:\p{RGI_Emoji}|…)/v at load too).
// - below, the size of Ink's text caches (4,096 strings each, twice over): no release (Ink 8.0.0).
// Retired with the move to Ink 8 (issue 17): the incremental renderer's cursor-up fix (Ink 7.0.0,
// vadimdemedes/ink PR #910; test/e2e/build.test.ts keeps its test) and the bounded measure-text
// cache (Ink 8.0.0, issue #986; test/runtime/wrapCache.test.ts checks the caches stay bounded).
import {readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {createRequire, isBuiltin} from 'node:module';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Patches to dependencies: literal replacements that must each match exactly once in every file
 * they apply to (all files matching `file`, or those of them containing `onlyIf`), and each patch
 * must apply somewhere, so an upgrade that moves the code fails the build instead of silently
 * losing the patch. None changes what the app shows, only when work is done (or what ships).
 */
export const startupPatches = [
	{
		// Ink 8's two text caches (measure-text.js, wrap-text.js) are QuickLRUs of 4,096 strings each,
		// kept twice over (QuickLRU's old generation): 16,384 row texts in all, a few hundred bytes
		// each. Under a followed live agent (two new rows a second, each with its own time) they
		// filled for most of an hour: about 4 MB an hour of the soak's live heap growth (issue 27
		// item 3; heap snapshots 8 and 16 minutes in: their maps were the growth, with the JIT's
		// code). A screen measures a few hundred texts a frame: 1,024 keeps every one of them and
		// fills in minutes. Upstream: no release (Ink 8.0.0's sizes).
		file: /[\\/]ink[\\/]build[\\/]measure-text\.js$/,
		replacements: [['new QuickLRU({ maxSize: 4096 })', 'new QuickLRU({ maxSize: 1024 })']],
	},
	{
		// wrap-text's cache holds only the texts too wide for their box (a truncated title, an event
		// row), each twice (its key names the width and the wrap): a frame has a few dozen of them.
		// At 1,024 a followed agent's rows filled it for half an hour (a 36-minute soak on Node 20:
		// from nearly empty 8 minutes in to 2 x 1,024 entries at the end, ~0.8 MB of the 1.5 MB the
		// live heap grew); 256 keeps ten screens of them and fills in minutes. Upstream: as above.
		file: /[\\/]ink[\\/]build[\\/]wrap-text\.js$/,
		replacements: [['new QuickLRU({ maxSize: 4096 })', 'new QuickLRU({ maxSize: 256 })']],
	},
	{
		// With DEV=true, Ink (6.8 to 8.0) imports its devtools.js (React DevTools, and the ws WebSocket
		// library it needs): a 117 kB chunk that a user never loads (react-devtools-core is not
		// installed, so it would fail anyway), and whose ws requires optional native packages
		// (bufferutil, utf-8-validate) the bundle check rightly refuses. Without the import the
		// chunk is not emitted; DEV=true does nothing. Upstream: no release (see the top).
		file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
		replacements: [["await import('./devtools.js');", '// React DevTools are not bundled (scripts/build.mjs)']],
	},
	{
		// Emscripten's loader for yoga's wasm (embedded as a data: URL) reads `typeof fetch` and then
		// fetches that data: URL: in Node 20 the first touch of the global fetch loads Node's own
		// copy of undici (~40 ms before the first frame), just to decode base64. Decode it directly.
		// Upstream: no release (yoga-layout 3.2.1, the newest, still has this loader).
		file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
		replacements: [
			['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return w||!0?'],
			[
				'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
				'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
			],
		],
	},
	{
		// string-width builds /^\p{RGI_Emoji}$/v when loaded: ~10 ms of regex parsing before the first
		// frame, which never needs it. Build it on first use, and only for a cluster that can be an
		// RGI emoji: every one has a non-ASCII code point and an Emoji code point.
		// Only Ink's own copy (8.x) has the regex; wrap-ansi's nested 7.x is left as it is.
		// Upstream: no release (string-width 9.0.0 still builds its emoji regex at load).
		file: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
		onlyIf: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
		replacements: [
			// and its Intl.Segmenter, made at load (ICU's break iterator: 13-40 ms here), only when a
			// string that is not printable ASCII is measured (the ASCII fast path needs none): a command
			// that prints ASCII (`ohtui status`) never makes one
			['const segmenter = new Intl.Segmenter();', 'let segmenter;'],
			['for (const {segment} of segmenter.segment(string)) {', 'for (const {segment} of (segmenter ??= new Intl.Segmenter()).segment(string)) {'],
			['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;\nconst maybeEmojiRegex = /\\p{Emoji}/u;\nconst nonAsciiRegex = /[^\\u0000-\\u007F]/;'],
			[
				'if (rgiEmojiRegex.test(segment) ||',
				'if ((nonAsciiRegex.test(segment) && maybeEmojiRegex.test(segment) && (rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v).test(segment)) ||',
			],
		],
	},
];

export const startupPatch = startupPatchOf(true);

/**
 * The same patches for a build that holds only some of the patched files (the commands' chunks:
 * string-width, no Ink): each applies where its file is, and the TUI's build, which holds them all,
 * is the one that fails when one never applies.
 */
export const startupPatchWherePresent = startupPatchOf(false);

function startupPatchOf(everyOne) {
	return {
	name: 'startup-patches',
	setup(build) {
		const seen = new Set();
		build.onStart(() => {
			seen.clear();
		});
		for (const patch of startupPatches) {
			build.onLoad({filter: patch.file}, args => {
				let contents = readFileSync(args.path, 'utf8');
				if (patch.onlyIf !== undefined && !contents.includes(patch.onlyIf)) {
					return undefined;
				}

				for (const [needle, replacement] of patch.replacements) {
					const count = contents.split(needle).length - 1;
					if (count !== 1) {
						throw new Error(`${args.path}: expected exactly one ${JSON.stringify(needle.slice(0, 60))} (found ${count}); update the start-up patch in scripts/bundlePlugins.mjs`);
					}

					contents = contents.replace(needle, () => replacement);
				}

				seen.add(patch);
				return {contents, loader: 'js'};
			});
		}

		build.onEnd(result => {
			const missed = startupPatches.filter(patch => !seen.has(patch));
			if (everyOne && result.errors.length === 0 && missed.length > 0) {
				return {errors: missed.map(patch => ({text: `start-up patch never applied: no file matched ${patch.file}`}))};
			}

			return undefined;
		});
	},
	};
}

/**
 * Node's own modules through require() instead of import: since Node 22, `import … from 'node:http'`
 * builds an ES module facade that reads every export, and three of node:http's (WebSocket,
 * CloseEvent, MessageEvent) are getters that load Node's bundled undici: ~60 ms (more on a busy
 * machine) before the demo server's first line runs, for code ohtui never calls. require() returns
 * the module object and reads nothing; the bundle reads each export when it uses it. The same
 * holds, smaller, for node:fs (fs.promises) and node:util. Static imports only: a dynamic
 * import() of a Node module stays as it is (it is lazy already). Upstream: none (how Node builds
 * the facade of a built-in module, Node 22-26).
 * Each importing file gets a require() module of its own (`node:fs?from=<importer>`, a few bytes):
 * one shared by files in different chunks became a chunk of its own (esbuild puts each set of
 * entries' shared modules in one), five files of a few hundred bytes before the first frame.
 */
export const builtinsViaRequire = viaRequire(['import-statement']);

/**
 * The same for dynamic imports too, for the TUI's script (scripts/build.mjs tuiOptions): a function
 * run by vm.Script has no import(), so `await import('node:fs')` becomes the module's require().
 */
export const builtinsViaRequireAll = viaRequire(['import-statement', 'dynamic-import']);

/**
 * Node modules the app needs only once it acts (crypto for a file's temporary name, child_process
 * for an editor or `tput`, fs/promises, zlib for a patch, http for the stand-ins...): loading them
 * is ~1.5 ms on Node 20 and ~5 ms on Node 24 before the first frame (crypto alone ~15 of Node's
 * internal modules). Each import of one gets an object of getters, one per export the module has
 * on the Node that builds (a name a newer Node adds reads as undefined, as an import of it would
 * on an older Node), each loading the module on its first read. A module read at the top level of
 * an importer (`class X extends EventEmitter`) loads there, as before.
 */
const LAZY_BUILTINS = new Set(['node:crypto', 'node:child_process', 'node:fs/promises', 'node:zlib', 'node:http', 'node:https', 'node:tls', 'node:dgram', 'node:readline', 'node:worker_threads', 'node:perf_hooks', 'node:dns']);
const requireHere = createRequire(import.meta.url);

function lazyBuiltin(id) {
	const names = Object.keys(requireHere(id)).filter(name => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
	return [
		`let loaded; const load = () => loaded ??= require(${JSON.stringify(id)}); const lazy = {};`,
		`for (const name of ${JSON.stringify(names.join(','))}.split(',')) Object.defineProperty(lazy, name, {get: () => load()[name], enumerable: true});`,
		'module.exports = lazy;',
	].join('\n');
}

function viaRequire(kinds) {
	return {
	name: 'builtins-via-require',
	setup(build) {
		build.onResolve({filter: /^[a-z_]/}, args => {
			if (!kinds.includes(args.kind)) return undefined;
			if (!args.path.startsWith('node:') && !isBuiltin(args.path)) return undefined;
			const path = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
			return {path: `${path}?from=${relative(root, args.importer).split('\\').join('/')}`, namespace: 'ohtui-builtin'};
		});
		build.onLoad({filter: /.*/, namespace: 'ohtui-builtin'}, args => {
			const id = args.path.slice(0, args.path.indexOf('?from='));
			return {contents: LAZY_BUILTINS.has(id) ? lazyBuiltin(id) : `module.exports = require(${JSON.stringify(id)});`, loader: 'js'};
		});
	},
	};
}

/**
 * zod's error messages in English only. `zod` exports every locale (`z.locales`, 46 of them): half
 * of the zod chunk (345 of 708 kB) that every start of the client, and every `ohtui status` or `ls`,
 * parses for messages ohtui never shows (it sets no locale; zod's default, English, is imported on
 * its own by classic/schemas.js). The build fails when the file no longer re-exports `en` this way.
 * Upstream: none (zod 4.x keeps `export * as locales` in its classic entry).
 */
export const zodEnglishOnly = {
	name: 'zod-english-only',
	setup(build) {
		const line = 'export { default as en } from "./en.js";';
		let applied = false;
		let zod = false;
		build.onStart(() => {
			applied = false;
			zod = false;
		});
		// a bundle without zod (the start-up bench's minimal Ink app) has nothing to patch
		build.onLoad({filter: /[\\/]node_modules[\\/]zod[\\/]/}, () => {
			zod = true;
			return undefined;
		});
		build.onLoad({filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/}, args => {
			if (!readFileSync(args.path, 'utf8').includes(line)) {
				throw new Error(`${args.path}: no ${line}; update zodEnglishOnly in scripts/bundlePlugins.mjs`);
			}

			applied = true;
			return {contents: line, loader: 'js'};
		});
		build.onEnd(result => (result.errors.length === 0 && zod && !applied ? {errors: [{text: 'zodEnglishOnly never applied: zod no longer loads v4/locales/index.js'}]} : undefined));
	},
};

/**
 * ws (the stand-in's websocket server, bundled for `ohtui serve` and the demo) tries its optional
 * native add-ons with `require('bufferutil')` / `require('utf-8-validate')` inside try/catch and
 * falls back to JavaScript when they are missing. esbuild leaves such a require as it is, which would
 * make the bundle load a package at run time: resolve both to a module that throws, so ws always
 * takes its own fallback (on Node >= 18.14 it uses buffer.isUtf8 for UTF-8 anyway).
 */
export const wsOptionalNatives = {
	name: 'ws-optional-natives',
	setup(build) {
		build.onResolve({filter: /^(bufferutil|utf-8-validate)$/}, args => ({path: args.path, namespace: 'ohtui-absent'}));
		build.onLoad({filter: /.*/, namespace: 'ohtui-absent'}, args => ({
			contents: `throw new Error(${JSON.stringify(`${args.path} is not bundled`)});`,
			loader: 'js',
		}));
	},
};

/**
 * esbuild's __toESM (its helper for `import … from` a CommonJS module) copies every property of the
 * module into a new object, with a getter each, at every importing module: React alone was copied
 * 97 times before the first frame (44 properties each), node:fs 8 times (104), ~15 ms of a Node 20
 * start-up in all. The copy is the same each time (a module's exports are complete once its require()
 * returned), so each module's copy is made once and shared: the helper is replaced in the output by
 * one that keeps its results in a WeakMap. Every output file that defines the helper gets the new
 * one; the build fails when esbuild's helper no longer reads as below.
 * Upstream: none (esbuild 0.28 emits the copy at each import).
 */
const TO_ESM = 'var __toESM = (mod, isNodeMode, target) => (target =';
const TO_ESM_ONCE = [
	'var __toESMCopies = /* @__PURE__ */ new WeakMap(), __toESM = (mod, isNodeMode) => {',
	'  if (mod == null || typeof mod != "object" && typeof mod != "function") return __toESMCopy(mod, isNodeMode);',
	'  let copies = __toESMCopies.get(mod);',
	'  copies || __toESMCopies.set(mod, copies = []);',
	'  return copies[isNodeMode ? 1 : 0] ??= __toESMCopy(mod, isNodeMode);',
	'}, __toESMCopy = (mod, isNodeMode, target) => (target =',
].join('\n');

export const toEsmOnce = {
	name: 'to-esm-once',
	setup(build) {
		build.onEnd(result => {
			if (result.errors.length > 0 || !result.outputFiles) return undefined;
			let uses = 0;
			let patched = 0;
			result.outputFiles = result.outputFiles.map(file => {
				if (file.path.endsWith('.map')) return file;
				const text = file.text;
				if (text.includes('__toESM(')) uses++;
				const count = text.split(TO_ESM).length - 1;
				if (count === 0) return file;
				if (count !== 1) throw new Error(`${file.path}: ${count} definitions of __toESM; update toEsmOnce in scripts/bundlePlugins.mjs`);
				patched++;
				const contents = new TextEncoder().encode(text.replace(TO_ESM, () => TO_ESM_ONCE));
				return {path: file.path, contents, hash: file.hash, get text() {
					return new TextDecoder().decode(contents);
				}};
			});
			return uses > 0 && patched === 0 ? {errors: [{text: 'toEsmOnce never applied: esbuild\'s __toESM no longer reads as expected (scripts/bundlePlugins.mjs)'}]} : undefined;
		});
	},
};
