// Every package in the bundle that imports string-width (Ink, wrap-ansi, slice-ansi, cli-truncate,
// widest-line) gets it through source/text/widthByParts.ts: printable ASCII counted by length, the
// rest measured by string-width itself, so every width is what string-width says (issue 29 item 2).
// string-width 8 takes its fast path only for a string that is all printable ASCII; Ink measures
// every text node of every frame (renderNodeToOutput's widestLine) and the changed lines again
// (line-update.js), so one `✓` in a 120-column row sent the whole row through Intl.Segmenter:
// about a fifth of a key press on Conversations, against almost nothing for Sandboxes' ASCII rows.
// Escape sequences are stripped first, with string-width's own strip-ansi, as string-width does
// (unless they are to be counted: then each ESC is a zero-width part, as string-width counts it).
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const parts = join(root, 'source', 'text', 'widthByParts.ts');

export const stringWidthFast = {
	name: 'string-width-by-parts',
	setup(build) {
		let used = false;
		build.onStart(() => {
			used = false;
		});
		// a package's import (the app's own code calls widthByParts where it measures)
		build.onResolve({filter: /^string-width$/}, async args => {
			if (args.pluginData === 'real' || !/[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
			const real = await build.resolve('string-width', {kind: args.kind, resolveDir: args.resolveDir, pluginData: 'real'});
			if (real.errors.length > 0) return {errors: real.errors};
			used = true;
			return {path: real.path, namespace: 'string-width-by-parts'};
		});
		build.onLoad({filter: /.*/, namespace: 'string-width-by-parts'}, async args => {
			const strip = await build.resolve('strip-ansi', {kind: 'import-statement', resolveDir: dirname(args.path)});
			if (strip.errors.length > 0) return {errors: strip.errors};
			return {
				resolveDir: root,
				loader: 'js',
				contents: [
					`import stringWidth from ${JSON.stringify(args.path)};`,
					`import stripAnsi from ${JSON.stringify(strip.path)};`,
					`import {widthByParts} from ${JSON.stringify(parts)};`,
					'export default function stringWidthByParts(input, options = {}) {',
					"\tif (typeof input !== 'string') return stringWidth(input, options);",
					// counted, an escape sequence's ESC is a zero-width part and the rest printable ASCII, as string-width counts them
					"\tconst text = !options.countAnsiEscapeCodes && (input.includes('\\u001B') || input.includes('\\u009B')) ? stripAnsi(input) : input;",
					'\treturn widthByParts(text, part => stringWidth(part, options));',
					'}',
				].join('\n'),
			};
		});
		build.onEnd(result => {
			if (result.errors.length === 0 && !used) return {errors: [{text: 'string-width-by-parts: no package imported string-width; the plugin is stale'}]};
			return undefined;
		});
	},
};
