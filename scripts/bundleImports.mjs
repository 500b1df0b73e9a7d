// What the built bundle loads at run time, read from its text: an installed ohtui is one package
// with no dependencies, so every module specifier in dist/ must be a file of the bundle itself
// (`./chunks/…`) or one of Node's own modules. A bare package name would work in a checkout (its
// node_modules is there) and fail only after `npm i -g`. The build runs this over its output,
// and test/e2e/pack.test.ts over the installed copy.
import {readdirSync, readFileSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import {dirname, join, relative, resolve} from 'node:path';
import {transformSync} from 'esbuild';

// esbuild's ESM output: `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`, and
// `__require("x")` / `require("x")` for the CommonJS code it wraps (the banner's createRequire).
const SPECIFIER = /(?:\bfrom|\bimport|\bimport\s*\(|\b(?:__)?require\s*\()\s*(["'])([@\w.][^"'\s]*)\1/g;

/**
 * every module specifier in one file of the bundle, in order. Comments go first (esbuild drops
 * them when it reprints the code): bundled JSDoc is full of `import('../types/x')`.
 */
export function specifiers(source) {
	const code = transformSync(source, {loader: 'js', format: 'esm', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent'}).code;
	return [...code.matchAll(SPECIFIER)].map(match => match[2]);
}

/** `node:` modules exist (or fail alike) whatever is installed; `isBuiltin('node:sqlite')` is false on Node 20 */
const isNodeModule = specifier => specifier.startsWith('node:') || isBuiltin(specifier);

/**
 * Checks the bundle whose entry is `entry`: follows its relative imports and returns what it
 * reaches (`files`, relative to the entry's folder), what it names but could not be found
 * (`missing`), and the specifiers that are neither relative nor Node's own (`bare`, as
 * `file: specifier`). `read` lets the build check files it has not written yet.
 */
export function walkBundle(entry, read = path => readFileSync(path, 'utf8')) {
	const base = dirname(entry);
	const files = new Set();
	const missing = [];
	const bare = [];
	const queue = [resolve(entry)];
	while (queue.length > 0) {
		const file = queue.shift();
		const name = relative(base, file);
		if (files.has(name)) continue;
		let source;
		try {
			source = read(file);
		} catch {
			missing.push(name);
			continue;
		}

		files.add(name);
		for (const specifier of specifiers(source)) {
			if (specifier.startsWith('./') || specifier.startsWith('../')) {
				queue.push(resolve(dirname(file), specifier));
			} else if (!isNodeModule(specifier)) {
				bare.push(`${name}: ${specifier}`);
			}
		}
	}

	return {files: [...files].sort(), missing, bare};
}

/** every .js file under a folder, relative to it */
export function jsFilesUnder(directory) {
	return readdirSync(directory, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile() && entry.name.endsWith('.js'))
		.map(entry => relative(directory, join(entry.parentPath ?? entry.path, entry.name)))
		.sort();
}
