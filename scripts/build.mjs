#!/usr/bin/env node
// Bundles source/cli.tsx into one file, dist/cli.js: a bundled, production-mode Ink app starts
// several times faster than unbundled ESM from node_modules (see design.md, "Terminal facts").
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than dist/cli.js
import {chmodSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import * as esbuild from 'esbuild';
import {inkCursorUpFix} from './inkFix.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'source', 'cli.tsx');
const outfile = join(root, 'dist', 'cli.js');

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

const result = await esbuild.build({
	absWorkingDir: root,
	entryPoints: [entry],
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	jsx: 'automatic',
	write: false,
	outfile,
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
	plugins: [inkCursorUpFix, noDevtools],
}).catch(() => {
	// esbuild has already printed the errors.
	console.error('build failed');
	process.exit(1);
});

// Write to a temporary file and rename, so a test that runs dist/cli.js while another process
// rebuilds never sees half a file.
mkdirSync(dirname(outfile), {recursive: true});
for (const file of result.outputFiles) {
	const temporary = `${file.path}.${process.pid}.tmp`;
	writeFileSync(temporary, file.contents);
	chmodSync(temporary, 0o755);
	renameSync(temporary, file.path);
}

function isStale() {
	let built;
	try {
		built = statSync(outfile).mtimeMs;
	} catch {
		return true;
	}

	const inputs = [join(root, 'package.json'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url), join(root, 'scripts', 'inkFix.mjs')];
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
