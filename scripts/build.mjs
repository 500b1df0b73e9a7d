#!/usr/bin/env node
// Bundles source/cli.tsx into dist/cli.js plus the chunks it loads with import() (dist/chunks/):
// a bundled, production-mode Ink app starts several times faster than unbundled ESM from
// node_modules (see design.md, "Terminal facts"), and the split lets the first frame come before
// the modules it does not need (undici, zod, the stand-in server) are even parsed.
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than dist/cli.js
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import * as esbuild from 'esbuild';
import {inkCursorUpFix} from './inkFix.mjs';
import {inkOutputFix} from './inkOutputFix.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'source', 'cli.tsx');
const outdir = join(root, 'dist');
const outfile = join(outdir, 'cli.js');
/** the chunks of the last build (see removeOldChunks) */
const manifest = join(outdir, 'chunks', 'manifest.json');

if (process.argv.includes('--if-stale') && !isStale()) {
	process.exit(0);
}

/**
 * Ink imports react-devtools-core only when DEV=true (a development aid that is not installed);
 * an empty module keeps the bundle from importing a package that does not exist at run time.
 */
const noDevtools = {
	name: 'no-react-devtools',
	setup(build) {
		build.onResolve({filter: /^react-devtools-core$/}, () => ({path: 'react-devtools-core', namespace: 'ohtui-stub'}));
		build.onLoad({filter: /.*/, namespace: 'ohtui-stub'}, () => ({
			contents: 'export default {initialize() {}, connectToDevTools() {}};',
			loader: 'js',
		}));
	},
};

/**
 * Start-up patches to dependencies: literal replacements that must each match exactly once in
 * every file they apply to (all files matching `file`, or those of them containing `onlyIf`), and
 * each patch must apply somewhere, so an upgrade that moves the code fails the build instead of
 * silently losing the patch. Neither changes a result, only when the work is done.
 */
const startupPatches = [
	{
		// Emscripten's loader for yoga's wasm (embedded as a data: URL) reads `typeof fetch` and then
		// fetches that data: URL: in Node 20 the first touch of the global fetch loads Node's own
		// copy of undici (~40 ms before the first frame), just to decode base64. Decode it directly.
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
		file: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
		onlyIf: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
		replacements: [
			['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;\nconst maybeEmojiRegex = /\\p{Emoji}/u;\nconst nonAsciiRegex = /[^\\u0000-\\u007F]/;'],
			[
				'if (rgiEmojiRegex.test(segment) ||',
				'if ((nonAsciiRegex.test(segment) && maybeEmojiRegex.test(segment) && (rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v).test(segment)) ||',
			],
		],
	},
];

const startupPatch = {
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

const result = await esbuild.build({
	absWorkingDir: root,
	entryPoints: {cli: entry},
	bundle: true,
	splitting: true,
	chunkNames: 'chunks/[name]-[hash]',
	platform: 'node',
	format: 'esm',
	target: 'node20',
	jsx: 'automatic',
	write: false,
	outdir,
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
	plugins: [inkCursorUpFix, inkOutputFix, noDevtools, startupPatch],
}).catch(() => {
	// esbuild has already printed the errors.
	console.error('build failed');
	process.exit(1);
});

// Write to a temporary file and rename, so a test that runs dist/cli.js while another process
// rebuilds never sees half a file; the entry last, so it never names a chunk not yet written.
const entryFile = result.outputFiles.find(file => file.path === outfile);
const chunks = result.outputFiles.filter(file => file !== entryFile);
mkdirSync(join(outdir, 'chunks'), {recursive: true});
for (const file of [...chunks, entryFile]) {
	const temporary = `${file.path}.${process.pid}.tmp`;
	writeFileSync(temporary, file.contents);
	if (file === entryFile) {
		chmodSync(temporary, 0o755);
	}

	renameSync(temporary, file.path);
}

removeOldChunks(chunks.map(file => file.path.slice(join(outdir, 'chunks').length + 1)));

/**
 * Chunk names carry a content hash, so each build adds files. Removes the chunks of older builds,
 * but keeps the previous build's (a dist/cli.js started just before this build finished still
 * imports those) and anything written in the last few minutes (another build of other sources
 * running at the same time, as when two test runs build at once).
 */
function removeOldChunks(current) {
	const keep = new Set([...current, ...readManifest(), 'manifest.json']);
	const recent = Date.now() - 5 * 60_000;
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

	const inputs = [join(root, 'package.json'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url), join(root, 'scripts', 'inkFix.mjs'), join(root, 'scripts', 'inkOutputFix.mjs')];
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
