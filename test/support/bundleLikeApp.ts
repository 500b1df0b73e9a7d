/**
 * Bundles one entry with the app's bundling options (scripts/build.mjs's bundleOptions: production
 * mode, the same patches to Ink; written ASCII-only like the app) into a temporary folder: for
 * programs that must run the Ink the app ships, not the one in node_modules (the start-up bench's
 * baseline, the wrap-cache probe).
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, extname, join} from 'node:path';
import * as esbuild from 'esbuild';
import {asciiOnly} from '../../scripts/asciiOutput.mjs';
import {bundleOptions} from '../../scripts/build.mjs';

export async function bundleLikeApp(source: string, options: {inkPatches?: readonly string[]} = {}): Promise<{entry: string; dispose(): void}> {
	const name = basename(source, extname(source));
	const directory = mkdtempSync(join(tmpdir(), `ohtui-${name}-`));
	const result = await esbuild.build(bundleOptions({entryPoints: {[name]: source}, outdir: directory, ...options}));
	for (const file of result.outputFiles) {
		mkdirSync(dirname(file.path), {recursive: true});
		writeFileSync(file.path, asciiOnly(file.text));
	}

	markAsModules(directory);

	return {entry: join(directory, `${name}.js`), dispose: () => rmSync(directory, {recursive: true, force: true})};
}

/**
 * A package.json saying the folder's .js files are ES modules, as the app's own says of dist/:
 * without one, Node first reads a .js file with import statements as CommonJS and
 * parses it again as a module, a cost the app never pays (~3 % of the minimal Ink app's start on
 * Node 20, which made the start-up bench's ratios look better than they were).
 */
export function markAsModules(directory: string): void {
	writeFileSync(join(directory, 'package.json'), '{"type": "module"}\n');
}
