// The shapes the app's builds are made into (scripts/build.mjs): CommonJS for what require() loads,
// the TUI's script (one function run with V8's code cache), and one build's import() of another's.
import {isBuiltin} from 'node:module';
import {join, relative} from 'node:path';
import {specifiers as walkSpecifiers} from './bundleImports.mjs';
import {builtinsViaRequire} from './bundlePlugins.mjs';

/**
 * A build to CommonJS (.cjs), for files loaded with require(): the launcher (dist/cli.js, which
 * dist/package.json makes CommonJS), status's own file, the entry and the TUI's start. Neither a
 * status bar's `ohtui status` nor the TUI's start then starts Node's ES module loader (its set-up,
 * then an asynchronous read of each file on the thread pool): ~25 M of ~165 M instructions of a
 * status run on Node 20. The commands' chunks stay ES modules, which the entry import()s.
 * import.meta.url is the file's URL, made from __filename (node:url is loaded with Node).
 */
export function commonJs(options) {
	return {
		...options,
		format: 'cjs',
		outExtension: {'.js': '.cjs'},
		banner: {js: 'var __ohtuiFileUrl = require("node:url").pathToFileURL(__filename).href;'},
		define: {...options.define, 'import.meta.url': '__ohtuiFileUrl'},
		// Node's modules: plain require() calls in CommonJS output (builtinsViaRequire is for ES modules)
		plugins: options.plugins.filter(plugin => plugin !== builtinsViaRequire),
	};
}

/**
 * Makes the TUI's bundle the body of an async function (a module's top-level await, yoga's, stays
 * an await), in strict mode as a module is, returning what the module exported: the script's whole
 * text is that function, `(async function (require, __ohtuiScriptUrl) {…})`, which
 * runtime/codeCache.ts compiles and calls. Fails the build on anything a module has that a function
 * body cannot keep (an import or export left, import.meta).
 */
export function tuiScript(result) {
	const [file, ...others] = result.outputFiles;
	if (!file || others.length > 0) throw new Error('the TUI script build wrote more than one file');
	const text = file.text;
	const exported = /\nexport \{([^}]*)\};\n$/.exec(text);
	if (!exported) throw new Error('the TUI script: no export list at its end (scripts/build.mjs tuiScript)');
	const body = text.slice(0, exported.index + 1);
	const names = exported[1].split(',').map(name => name.trim()).filter(Boolean).map(name => {
		const [local, as = local] = name.split(/\s+as\s+/);
		return `${as}: ${local}`;
	});
	// Node's own modules only, through require (esbuild's parser names its own helpers `<runtime>`)
	const problems = walkSpecifiers(body).filter(specifier => specifier !== '<runtime>' && !isBuiltin(specifier) && !specifier.startsWith('node:'));
	if (/\bimport\.meta\b/.test(body.replace(/\/\/.*$/gm, '')) || problems.length > 0) {
		throw new Error(`the TUI script loads what a function cannot: ${problems.join(', ') || 'import.meta'}`);
	}

	const script = `(async function (require, __ohtuiScriptUrl) {\n"use strict";\n${body}return {${names.join(', ')}};\n})\n`;
	const contents = new TextEncoder().encode(script);
	return {...result, outputFiles: [{path: file.path, contents, hash: file.hash, text: script}]};
}

/**
 * A build of one file (the launcher, the entry) imports other builds' files by their source names
 * (the launcher `./cli.js`, the entry `./boot/runApp.js`): `targets` maps each source file to what
 * the other build wrote for it, and the import() is left to load that file at run time, named
 * relative to `written` (the folder this build's file goes to). Static imports are bundled into
 * the file; an import() of anything else fails the build (bundled, it would put a whole path into
 * the file).
 */
export function otherBuilds(targets, written, root) {
	return {
		name: 'other-builds',
		setup(build) {
			build.onResolve({filter: /^\./}, args => {
				if (args.kind !== 'dynamic-import' && args.kind !== 'require-call') return undefined;
				const base = join(args.resolveDir, args.path).replace(/\.js$/, '');
				const source = ['.ts', '.tsx'].map(extension => base + extension).find(path => path in targets);
				if (source === undefined) return {errors: [{text: `import('${args.path}') in ${relative(root, args.importer)} loads no other build's entry (scripts/build.mjs ENTRY_TARGETS)`}]};
				return {path: `./${relative(written, targets[source]).split('\\').join('/')}`, external: true};
			});
		},
	};
}

