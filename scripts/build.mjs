#!/usr/bin/env node
// Bundles ohtui into dist/: a bundled, production-mode Ink app starts several times faster than
// unbundled ESM from node_modules (see design.md, "Terminal facts"). Six builds:
// - the TUI (dist/chunks/tui-*.script.js, see tuiEntry): one script, run by the entry with V8's code
//   cache (runtime/codeCache.ts); what it needs only after the first frame (undici, zod, the
//   stand-ins) in lazy initialisers;
// - the app (dist/chunks/): the first chunk of each other path the entry chooses (ENTRY_TARGETS: the
//   commands, serve, doctor, and the config's help and schema) and the chunks they load with
//   import(), split so that a command parses only what it needs;
// - the TUI's start (source/boot/tuiStart.ts: the config's resolution and the skeleton), one file;
// - the entry (source/cli.tsx, dist/chunks/cli-*.js): the choice of a path, one file, which loads a
//   path's chunk (or the TUI's start and script) by its built name;
// - `ohtui status` answered from its cache (source/commands/statusFast.ts), one file;
// - the launcher (source/bin.ts, dist/cli.js), which loads one of the last two.
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than dist/cli.js
//   node scripts/build.mjs --pack      build, and remove every chunk of older builds (npm pack's
//                                      prepack: the package ships only what this build loads)
//
// The bundle is the package: every library is bundled, so an installed ohtui has no dependencies
// (package.json lists them all as devDependencies). The build fails if the output would load a
// package at run time (scripts/bundleImports.mjs). The plugins, the patches to dependencies among
// them, are in scripts/bundlePlugins.mjs.
import {chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {basename, dirname, join, relative} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import {asciiOnly} from './asciiOutput.mjs';
import {walkBundle} from './bundleImports.mjs';
import {isStale, removeOldChunks} from './buildDist.mjs';
import {commonJs, otherBuilds, tuiScript} from './buildForms.mjs';
import {builtinsViaRequire, builtinsViaRequireAll, startupPatch, startupPatchWherePresent, toEsmOnce, wsOptionalNatives, zodEnglishOnly} from './bundlePlugins.mjs';
import {ALL as ALL_INK_PATCHES, inkOutputFix} from './inkOutputFix.mjs';
import {inkFrameFix} from './inkFrameFix.mjs';
import {stringWidthFast} from './stringWidthFast.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'source', 'cli.tsx');
/**
 * What the entry (and the config modules it holds) loads with import(): the app build's entries,
 * by chunk name. The entry is bundled alone because esbuild keeps no shared module in an entry's
 * chunk: in the app's build, every config module the entry shared with a command was a chunk of its
 * own, nine files (~0.2 ms each on Node 20) before any path even started. Alone, the entry holds
 * its own copies of those modules (~20 kB, stateless): a UsageError from the app's chunks is told
 * by a mark, not by its class (config/errors.ts). The build fails on an import() not listed here.
 */
const ENTRY_TARGETS = {
	main: 'source/commands/main.ts',
	serve: 'source/server/serve.ts',
	doctor: 'source/doctor/doctor.ts',
	usage: 'source/config/usage.ts',
	fileSchema: 'source/config/fileSchema.ts',
};
/**
 * The TUI (boot/runApp.ts: the config's resolution, terminal, lifecycle, fleet, the UI, and what
 * it loads after the first frame: the client, the stand-ins) is not a module but one script, which
 * the entry runs with V8's code cache (boot/loadTui.ts, runtime/codeCache.ts): Node 20 caches no
 * module's code, and each module file costs the loader ~0.2 ms. It is bundled whole (its import()s
 * are inlined, so no module state is ever in two copies), as an ES module, then made an async
 * function's body (tuiScript below); the entry learns its name from OHTUI_TUI_SCRIPT.
 */
const tuiEntry = join(root, 'source', 'boot', 'runApp.ts');
/** what the entry runs before the TUI's script: the config's resolution and the skeleton (boot/tuiStart.ts) */
const tuiStartEntry = join(root, 'source', 'boot', 'tuiStart.ts');
const launcher = join(root, 'source', 'bin.ts');
const statusFastEntry = join(root, 'source', 'commands', 'statusFast.ts');
const outdir = join(root, 'dist');
const outfile = join(outdir, 'cli.js');
/** what a build reads besides source/: a change to any makes `--if-stale` build again */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'scripts/build.mjs', 'scripts/buildForms.mjs', 'scripts/buildDist.mjs', 'scripts/inkOutputFix.mjs', 'scripts/inkFrameFix.mjs', 'scripts/stringWidthFast.mjs', 'scripts/bundleImports.mjs', 'scripts/bundlePlugins.mjs', 'scripts/asciiOutput.mjs'].map(path => join(root, path));

export {builtinsViaRequire, startupPatch, startupPatches, toEsmOnce, wsOptionalNatives, zodEnglishOnly} from './bundlePlugins.mjs';

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
		plugins: [builtinsViaRequire, wsOptionalNatives, inkOutputFix(inkPatches), inkFrameFix(), stringWidthFast, startupPatch, zodEnglishOnly, toEsmOnce],
	};
}

async function main() {
	if (process.argv.includes('--if-stale') && !isStale(outdir, outfile, join(root, 'source'), BUILD_INPUTS)) {
		return;
	}

	// the app: each path's first chunk and the chunks they load with import() (code they share in shared chunks)
	const sources = Object.fromEntries(Object.entries(ENTRY_TARGETS).map(([name, path]) => [name, join(root, path)]));
	// no Ink in these (the TUI is its own script, below): its patches apply to the script's build
	const appOptions = bundleOptions({entryPoints: sources, outdir});
	const withoutInk = appOptions.plugins.filter(plugin => !['ink-output-allocation-fix', 'ink-one-frame-per-turn', 'string-width-by-parts'].includes(plugin.name)).map(plugin => (plugin === startupPatch ? startupPatchWherePresent : plugin));
	const app = await bundle({...appOptions, plugins: withoutInk, entryNames: 'chunks/[name]-[hash]'});
	// The entry, `ohtui status` answered from its cache, the launcher: one file each, with everything
	// they need in it but what they load from another build, by its built name (no shared chunks: a
	// status bar's call would load a dozen of them, ~0.4 ms each). None has a library to patch (the
	// patches fail a build they never apply to).
	const alone = (targets, written = join(outdir, 'chunks')) => ({
		splitting: false,
		entryNames: 'chunks/[name]-[hash]',
		plugins: [...(targets ? [otherBuilds(targets, written, root)] : []), builtinsViaRequire, toEsmOnce],
	});
	const paths = Object.fromEntries(Object.values(sources).map(source => [source, entryOutput(app, source)]));
	const tui = tuiScript(await bundle(tuiOptions()));
	// the TUI's start before its script (the config's resolution, the skeleton), one file loaded by the entry
	// CommonJS, loaded with require() (see commonJs): the TUI's start, the entry, status's own file, the launcher
	const tuiStart = await bundle(commonJs({...bundleOptions({entryPoints: {tuiStart: tuiStartEntry}, outdir}), ...alone()}));
	paths[tuiStartEntry] = entryOutput(tuiStart, tuiStartEntry);
	const cliOptions = commonJs({...bundleOptions({entryPoints: {cli: entry}, outdir}), ...alone(paths)});
	const cli = await bundle({...cliOptions, define: {...cliOptions.define, OHTUI_TUI_SCRIPT: JSON.stringify(`./${basename(tui.outputFiles[0].path)}`)}});
	const statusFast = await bundle(commonJs({...bundleOptions({entryPoints: {statusFast: statusFastEntry}, outdir}), ...alone()}));
	const launched = await bundle({
		...commonJs({
			...bundleOptions({entryPoints: {cli: launcher}, outdir}),
			...alone({[entry]: entryOutput(cli, entry), [statusFastEntry]: entryOutput(statusFast, statusFastEntry)}, outdir),
			entryNames: '[name]',
		}),
		// dist/cli.js: a .js, made CommonJS by dist/package.json
		outExtension: {},
		banner: {js: '#!/usr/bin/env node'},
	});
	const result = {outputFiles: [...app.outputFiles, ...tui.outputFiles, ...tuiStart.outputFiles, ...cli.outputFiles, ...statusFast.outputFiles, ...launched.outputFiles]};

	checkSelfContained(result.outputFiles);

	// Write to a temporary file and rename, so a test that runs dist/cli.js while another process
	// rebuilds never sees half a file; the entry last, so it never names a chunk not yet written.
	const entryFile = result.outputFiles.find(file => file.path === outfile);
	const chunks = result.outputFiles.filter(file => file !== entryFile);
	mkdirSync(join(outdir, 'chunks'), {recursive: true});
	// dist/cli.js is CommonJS, the chunks ES modules (.cjs files CommonJS whatever a package.json says)
	writeIfChanged(join(outdir, 'package.json'), `${JSON.stringify({type: 'commonjs'})}\n`);
	writeIfChanged(join(outdir, 'chunks', 'package.json'), `${JSON.stringify({type: 'module'})}\n`);
	for (const file of [...chunks, entryFile]) {
		const temporary = `${file.path}.${process.pid}.tmp`;
		writeFileSync(temporary, asciiOnly(file.text));
		if (file === entryFile) {
			chmodSync(temporary, 0o755);
		}

		renameSync(temporary, file.path);
	}

	removeOldChunks(
		outdir,
		chunks.map(file => file.path.slice(join(outdir, 'chunks').length + 1)),
		process.argv.includes('--pack'),
	);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	await main();
}

function writeIfChanged(path, text) {
	try {
		if (readFileSync(path, 'utf8') === text) return;
	} catch {}

	writeFileSync(`${path}.${process.pid}.tmp`, text);
	renameSync(`${path}.${process.pid}.tmp`, path);
}

async function bundle(options) {
	return esbuild.build({...options, metafile: true}).catch(error => {
		// esbuild prints a file's errors but not a plugin's onEnd errors: say them all
		console.error(`build failed: ${error.message}`);
		process.exit(1);
	});
}

/**
 * The modules the TUI's script runs when it is run (before the first frame): its entry's static
 * imports and requires, followed; what is reached only through an import() is bundled in a lazy
 * initialiser, run at that import (the client, the stand-ins, the websocket). Paths as esbuild
 * names its inputs (`node_modules/zod/…`, `ohtui-builtin:node:http?from=…`). For the bundle's tests.
 */
export async function tuiStaticInputs() {
	const {metafile} = await esbuild.build({...tuiOptions(), metafile: true});
	const start = relative(root, tuiEntry).split('\\').join('/');
	const reached = new Set([start]);
	const queue = [start];
	while (queue.length > 0) {
		for (const {path, kind} of metafile.inputs[queue.shift()]?.imports ?? []) {
			if (kind === 'dynamic-import' || reached.has(path) || !(path in metafile.inputs)) continue;
			reached.add(path);
			queue.push(path);
		}
	}

	return {eager: [...reached].sort(), all: Object.keys(metafile.inputs).sort()};
}

/** the TUI's script build (see tuiEntry): one file, ES module syntax, no import left but Node's own through require */
export function tuiOptions() {
	const options = bundleOptions({entryPoints: {tui: tuiEntry}, outdir});
	return {
		...options,
		splitting: false,
		entryNames: 'chunks/[name]-[hash].script',
		// the script gets require from its runner; import.meta is a module's: its url is given as an
		// argument, and Ink's import.meta.resolve('react-devtools-core') (with DEV=true only, in a
		// try) throws, as when that package is missing
		banner: {},
		define: {...options.define, 'import.meta.url': '__ohtuiScriptUrl', 'import.meta.resolve': 'undefined'},
		plugins: options.plugins.map(plugin => (plugin === builtinsViaRequire ? builtinsViaRequireAll : plugin)),
	};
}

/** the absolute path of the file a build wrote for `source` */
function entryOutput(result, source) {
	const input = relative(root, source).split('\\').join('/');
	const [path] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === input) ?? [];
	if (!path) throw new Error(`no output for ${input}`);
	return join(root, path);
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
