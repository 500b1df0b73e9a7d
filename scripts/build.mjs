#!/usr/bin/env node
// Bundles source/cli.tsx into dist/chunks/cli-*.js plus the chunks it loads with import()
// (dist/chunks/): a bundled, production-mode Ink app starts several times faster than unbundled ESM
// from node_modules (see design.md, "Terminal facts"), and the split lets the first frame come
// before the modules it does not need (undici, zod; `serve`) are even parsed. Two more builds,
// without splitting: `ohtui status` answered from its cache (source/commands/statusFast.ts) as one
// file, and the launcher (source/bin.ts, dist/cli.js), which loads one or the other.
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than dist/cli.js
//   node scripts/build.mjs --pack      build, and remove every chunk of older builds (npm pack's
//                                      prepack: the package ships only what this build loads)
//
// The bundle is the package: every library is bundled, so an installed ohtui has no dependencies
// (package.json lists them all as devDependencies). The build fails if the output would load a
// package at run time (scripts/bundleImports.mjs).
//
// Patches to dependencies, applied at bundle time (each fails the build when its code moved), and
// the upstream release that makes each unnecessary, as of November 2026 (Ink 8.0.0, React 19.3):
// - below, Ink's React DevTools chunk: no release (Ink 8.0.0 still `import('./devtools.js')`s
//   when DEV=true, so a bundler still emits the chunk and ws with it).
// - below, yoga's wasm loader reaching for fetch: no release (yoga-layout 3.2.1 is the newest).
// - below, string-width's eager RGI_Emoji regex: no release (string-width 9.0.0 builds
//   /^(?:\p{RGI_Emoji}|…)/v at load too).
// Retired with the move to Ink 8 (issue 17): the incremental renderer's cursor-up fix (Ink 7.0.0,
// vadimdemedes/ink PR #910; test/e2e/build.test.ts keeps its test) and the bounded measure-text
// cache (Ink 8.0.0, issue #986; test/runtime/wrapCache.test.ts checks the caches stay bounded).
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {isBuiltin} from 'node:module';
import {fileURLToPath, pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import {asciiOnly} from './asciiOutput.mjs';
import {walkBundle} from './bundleImports.mjs';
import {ALL as ALL_INK_PATCHES, inkOutputFix} from './inkOutputFix.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'source', 'cli.tsx');
const launcher = join(root, 'source', 'bin.ts');
const statusFastEntry = join(root, 'source', 'commands', 'statusFast.ts');
const outdir = join(root, 'dist');
const outfile = join(outdir, 'cli.js');
/** the chunks of the last build (see removeOldChunks) */
const manifest = join(outdir, 'chunks', 'manifest.json');

/**
 * Patches to dependencies: literal replacements that must each match exactly once in every file
 * they apply to (all files matching `file`, or those of them containing `onlyIf`), and each patch
 * must apply somewhere, so an upgrade that moves the code fails the build instead of silently
 * losing the patch. None changes what the app shows, only when work is done (or what ships).
 */
export const startupPatches = [
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

export const startupPatch = {
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
						throw new Error(`${args.path}: expected exactly one ${JSON.stringify(needle.slice(0, 60))} (found ${count}); update the start-up patch in scripts/build.mjs`);
					}

					contents = contents.replace(needle, () => replacement);
				}

				seen.add(patch);
				return {contents, loader: 'js'};
			});
		}

		build.onEnd(result => {
			const missed = startupPatches.filter(patch => !seen.has(patch));
			if (result.errors.length === 0 && missed.length > 0) {
				return {errors: missed.map(patch => ({text: `start-up patch never applied: no file matched ${patch.file}`}))};
			}

			return undefined;
		});
	},
};

/**
 * Node's own modules through require() instead of import: since Node 22, `import … from 'node:http'`
 * builds an ES module facade that reads every export, and three of node:http's (WebSocket,
 * CloseEvent, MessageEvent) are getters that load Node's bundled undici: ~60 ms (more on a busy
 * machine) before the demo server's first line runs, for code ohtui never calls. require() returns
 * the module object and reads nothing; the bundle reads each export when it uses it. The same
 * holds, smaller, for node:fs (fs.promises) and node:util. Static imports only: a dynamic
 * import() of a Node module stays as it is (it is lazy already). Upstream: none (how Node builds
 * the facade of a built-in module, Node 22-26).
 */
export const builtinsViaRequire = {
	name: 'builtins-via-require',
	setup(build) {
		build.onResolve({filter: /^[a-z_]/}, args => {
			if (args.kind !== 'import-statement') return undefined;
			if (!args.path.startsWith('node:') && !isBuiltin(args.path)) return undefined;
			const path = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
			return {path, namespace: 'ohtui-builtin'};
		});
		build.onLoad({filter: /.*/, namespace: 'ohtui-builtin'}, args => ({
			contents: `module.exports = require(${JSON.stringify(args.path)});`,
			loader: 'js',
		}));
	},
};

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
				throw new Error(`${args.path}: no ${line}; update zodEnglishOnly in scripts/build.mjs`);
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
 * The bundling options, shared with the start-up bench's baseline (a minimal Ink app built the
 * same way: test/bench/baselineInk.tsx). `inkPatches`: the names of the output patches to apply
 * (scripts/inkOutputFix.mjs; all by default; the output bench builds with fewer to weigh each).
 */
export function bundleOptions({entryPoints, outdir: directory, inkPatches = ALL_INK_PATCHES}) {
	return {
		absWorkingDir: root,
		entryPoints,
		bundle: true,
		splitting: true,
		chunkNames: 'chunks/[name]-[hash]',
		platform: 'node',
		format: 'esm',
		target: 'node20',
		jsx: 'automatic',
		write: false,
		outdir: directory,
		// React and Ink check NODE_ENV at load time: production mode skips dev-only checks and warnings.
		define: {'process.env.NODE_ENV': '"production"'},
		// Some dependencies are CommonJS and call require(); an ESM bundle has no require of its own.
		banner: {
			js: [
				'#!/usr/bin/env node',
				"import {createRequire as __ohtuiCreateRequire} from 'node:module';",
				'const require = __ohtuiCreateRequire(import.meta.url);',
			].join('\n'),
		},
		minifySyntax: true,
		legalComments: 'none',
		logLevel: 'warning',
		plugins: [builtinsViaRequire, wsOptionalNatives, inkOutputFix(inkPatches), startupPatch, zodEnglishOnly],
	};
}

async function main() {
	if (process.argv.includes('--if-stale') && !isStale()) {
		return;
	}

	// the app: the entry and the chunks it loads with import() (code they share in shared chunks)
	const app = await bundle({...bundleOptions({entryPoints: {cli: entry}, outdir}), entryNames: 'chunks/[name]-[hash]'});
	// `ohtui status` answered from its cache: one file, with everything it needs in it (no shared
	// chunks: a status bar's call would load a dozen of them, ~0.4 ms each). Neither it nor the
	// launcher has a library to patch (the patches fail a build they never apply to).
	const alone = {splitting: false, plugins: [builtinsViaRequire]};
	const statusFast = await bundle({...bundleOptions({entryPoints: {statusFast: statusFastEntry}, outdir}), ...alone, entryNames: 'chunks/[name]-[hash]'});
	// the launcher, naming those two by their built names
	const targets = {'./cli.js': entryOutput(app, entry), './commands/statusFast.js': entryOutput(statusFast, statusFastEntry)};
	const launched = await bundle({...bundleOptions({entryPoints: {cli: launcher}, outdir}), ...alone, plugins: [launcherTargets(targets), builtinsViaRequire]});
	const result = {outputFiles: [...app.outputFiles, ...statusFast.outputFiles, ...launched.outputFiles]};

	checkSelfContained(result.outputFiles);

	// Write to a temporary file and rename, so a test that runs dist/cli.js while another process
	// rebuilds never sees half a file; the entry last, so it never names a chunk not yet written.
	const entryFile = result.outputFiles.find(file => file.path === outfile);
	const chunks = result.outputFiles.filter(file => file !== entryFile);
	mkdirSync(join(outdir, 'chunks'), {recursive: true});
	for (const file of [...chunks, entryFile]) {
		const temporary = `${file.path}.${process.pid}.tmp`;
		writeFileSync(temporary, asciiOnly(file.text));
		if (file === entryFile) {
			chmodSync(temporary, 0o755);
		}

		renameSync(temporary, file.path);
	}

	removeOldChunks(
		chunks.map(file => file.path.slice(join(outdir, 'chunks').length + 1)),
		process.argv.includes('--pack'),
	);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await main();
}

async function bundle(options) {
	return esbuild.build({...options, metafile: true}).catch(() => {
		// esbuild has already printed the errors.
		console.error('build failed');
		process.exit(1);
	});
}

/** the path, relative to dist/, of the file a build wrote for `source` */
function entryOutput(result, source) {
	const input = relative(root, source).split('\\').join('/');
	const [path] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === input) ?? [];
	if (!path) throw new Error(`no output for ${input}`);
	return `./${relative(outdir, join(root, path)).split('\\').join('/')}`;
}

/**
 * The launcher (source/bin.ts) imports the entry and status's own file by their source names
 * (`./cli.js`, `./commands/statusFast.js`); in dist/ they are the other builds' files. Any other
 * import of the launcher is bundled into it.
 */
function launcherTargets(targets) {
	return {
		name: 'launcher-targets',
		setup(build) {
			build.onResolve({filter: /^\.\/(cli|commands\/statusFast)\.js$/}, args => (args.importer === launcher ? {path: targets[args.path], external: true} : undefined));
		},
	};
}

/**
 * The build's output must run with nothing installed: every file it names is one of its own, or
 * Node's; and every chunk is reachable from the entry (none ships that nothing imports).
 */
function checkSelfContained(files) {
	const byPath = new Map(files.map(file => [file.path, file.text]));
	const read = path => {
		if (!byPath.has(path)) throw new Error(`not in this build: ${path}`);
		return byPath.get(path);
	};

	const {files: reached, missing, bare} = walkBundle(outfile, read);
	const unreached = files.map(file => relative(outdir, file.path)).filter(name => !reached.includes(name));
	const problems = [
		...bare.map(entry => `imports a package at run time (the installed ohtui has none): ${entry}`),
		...missing.map(name => `imports a file the build did not write: ${name}`),
		...unreached.map(name => `a chunk nothing imports: ${name}`),
	];
	if (problems.length > 0) {
		console.error(`build failed: the bundle is not self-contained\n  ${problems.join('\n  ')}`);
		process.exit(1);
	}
}

/**
 * Chunk names carry a content hash, so each build adds files. Removes the chunks of older builds,
 * but keeps the previous build's (a dist/cli.js started just before this build finished still
 * imports those) and anything written in the last few minutes (another build of other sources
 * running at the same time, as when two test runs build at once). With `all` (--pack), keeps
 * only this build's: the package must not ship a chunk nothing loads.
 */
function removeOldChunks(current, all = false) {
	const keep = new Set([...current, ...(all ? [] : readManifest()), 'manifest.json']);
	const recent = all ? Number.POSITIVE_INFINITY : Date.now() - 5 * 60_000;
	for (const name of readdirSync(join(outdir, 'chunks'))) {
		const path = join(outdir, 'chunks', name);
		try {
			if (!keep.has(name) && statSync(path).mtimeMs < recent) {
				rmSync(path, {force: true});
			}
		} catch {
			// removed by the other build meanwhile
		}
	}

	writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify({current}));
	renameSync(`${manifest}.${process.pid}.tmp`, manifest);
}

/** this build's chunks as the last build recorded them */
function readManifest() {
	try {
		const data = JSON.parse(readFileSync(manifest, 'utf8'));
		return Array.isArray(data.current) ? data.current.filter(name => typeof name === 'string') : [];
	} catch {
		return [];
	}
}

function isStale() {
	let built;
	try {
		built = statSync(outfile).mtimeMs;
	} catch {
		return true;
	}

	// dist/chunks removed by hand: the entry alone cannot run
	if (!readManifest().every(name => existsSync(join(outdir, 'chunks', name)))) {
		return true;
	}

	const inputs = [join(root, 'package.json'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url), join(root, 'scripts', 'inkOutputFix.mjs'), join(root, 'scripts', 'bundleImports.mjs')];
	return newestMtime(join(root, 'source'), inputs) > built;
}

function newestMtime(directory, extra) {
	let newest = 0;
	for (const file of extra) {
		try {
			newest = Math.max(newest, statSync(file).mtimeMs);
		} catch {}
	}

	for (const entry of readdirSync(directory, {withFileTypes: true, recursive: true})) {
		if (entry.isFile()) {
			newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
		}
	}

	return newest;
}
