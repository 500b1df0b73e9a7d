/** Builds test/bench/baselineInk.tsx with the app's bundling options into a temporary folder. */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import * as esbuild from 'esbuild';
import {bundleOptions} from '../../scripts/build.mjs';

export async function buildBaselineInk(): Promise<{entry: string; dispose(): void}> {
	const directory = mkdtempSync(join(tmpdir(), 'ohtui-bench-baseline-'));
	const source = join(dirname(fileURLToPath(import.meta.url)), 'baselineInk.tsx');
	const result = await esbuild.build(bundleOptions({entryPoints: {baseline: source}, outdir: directory}));
	for (const file of result.outputFiles) {
		mkdirSync(dirname(file.path), {recursive: true});
		writeFileSync(file.path, file.contents);
	}

	return {entry: join(directory, 'baseline.js'), dispose: () => rmSync(directory, {recursive: true, force: true})};
}
