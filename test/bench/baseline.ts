/**
 * Builds test/bench/baselineInk.tsx with the app's bundling options into a temporary folder: the
 * options (and Ink) of the checkout under test (ptyProbe.ts benchRoot: another build in a
 * side-by-side run gets a minimal app of its own Ink, bundled its own way).
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import * as esbuild from 'esbuild';
import {benchRoot} from '../support/ptyProbe.js';
import {bundleLikeApp, markAsModules} from '../support/bundleLikeApp.js';

export async function buildBaselineInk(): Promise<{entry: string; dispose(): void}> {
	const root = benchRoot();
	const source = join(root, 'test', 'bench', 'baselineInk.tsx');
	if (!process.env['OHTUI_BENCH_ROOT']) return bundleLikeApp(source);
	const {bundleOptions} = (await import(pathToFileURL(join(root, 'scripts', 'build.mjs')).href)) as typeof import('../../scripts/build.mjs');
	const directory = mkdtempSync(join(tmpdir(), 'ohtui-baselineInk-'));
	const result = await esbuild.build(bundleOptions({entryPoints: {baselineInk: source}, outdir: directory}));
	for (const file of result.outputFiles) {
		mkdirSync(dirname(file.path), {recursive: true});
		writeFileSync(file.path, file.contents);
	}

	markAsModules(directory);

	return {entry: join(directory, 'baselineInk.js'), dispose: () => rmSync(directory, {recursive: true, force: true})};
}
