// What the built bundle loads at run time, read from its text: an installed ohtui is one package
// with no dependencies, so every module specifier in dist/ must be a file of the bundle itself
// (`./chunks/…`) or one of Node's own modules. A bare package name would work in a checkout (its
// node_modules is there) and fail only after `npm i -g`. The build runs this over its output,
// and test/e2e/pack.test.ts over the installed copy.
import {readdirSync, readFileSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import {dirname, join, relative, resolve} from 'node:path';
import {buildSync, transformSync} from 'esbuild';

// esbuild's own shim for the CommonJS it wraps calls `__require("x")` (the banner's createRequire):
// a plain function call to the parser, so it is read from the text.
const SHIM = /\b__require\s*\(\s*(["'])([@\w.][^"'\s]*)\1\s*\)/g;

/**
 * every module specifier in one file of the bundle: what esbuild's own parser finds as import and
 * export statements, dynamic imports and `require` calls (so text inside strings and comments never
 * counts: the demo's conversations quote source code, bundled JSDoc names `import('../types/x')`),
 * plus the `__require` shim's calls. Order: the parser's, then the shim's.
 */
export function specifiers(source) {
	return [...parsedImports(source).map(entry => entry.path), ...shimRequires(source), ...scripts(source)];
}

// A script the bundle runs with vm.Script (the TUI's: scripts/build.mjs, runtime/codeCache.ts) is
// named by its file name in a string, `"./tui-<hash>.script.js"`: the only strings of that shape.
const SCRIPT = /(["'])(\.\/[\w-]+\.script\.js)\1/g;

function scripts(source) {
	const code = transformSync(source, {loader: 'js', format: 'esm', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent'}).code;
	return [...code.matchAll(SCRIPT)].map(match => match[2]);
}

/**
 * the files of the bundle that loading `entry` evaluates before any import() of it runs: its static
 * imports, followed (relative to the entry's folder). What start-up parses before the first frame.
 */
export function staticClosure(entry, read = path => readFileSync(path, 'utf8')) {
	const base = dirname(entry);
	const files = new Set();
	const queue = [resolve(entry)];
	while (queue.length > 0) {
		const file = queue.shift();
		const name = relative(base, file);
		if (files.has(name)) continue;
		files.add(name);
		for (const {path, kind} of parsedImports(read(file))) {
			if (kind === 'import-statement' && (path.startsWith('./') || path.startsWith('../'))) queue.push(resolve(dirname(file), path));
		}
	}

	return [...files].sort();
}

function parsedImports(source) {
	const result = buildSync({
		stdin: {contents: source, loader: 'js', resolveDir: '/'},
		bundle: true,
		write: false,
		metafile: true,
		format: 'esm',
		platform: 'node',
		external: ['*'],
		logLevel: 'silent',
	});
	return result.metafile.inputs['<stdin>']?.imports ?? [];
}

function shimRequires(source) {
	const code = transformSync(source, {loader: 'js', format: 'esm', minifyWhitespace: true, legalComments: 'none', logLevel: 'silent'}).code;
	return [...code.matchAll(SHIM)].filter(match => !inString(code, match.index)).map(match => match[2]);
}

/** whether `index` is inside a string or template literal of minified code (quotes counted from the start) */
function inString(code, index) {
	let quote = null;
	for (let i = 0; i < index; i++) {
		const char = code[i];
		if (quote) {
			if (char === '\\') i++;
			else if (char === quote) quote = null;
		} else if (char === '"' || char === "'" || char === '`') {
			quote = char;
		}
	}
	return quote !== null;
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

/** every .js and .cjs file under a folder, relative to it */
export function jsFilesUnder(directory) {
	return readdirSync(directory, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile() && (entry.name.endsWith('.js') || entry.name.endsWith('.cjs')))
		.map(entry => relative(directory, join(entry.parentPath ?? entry.path, entry.name)))
		.sort();
}
