/** Builds test/bench/baselineInk.tsx with the app's bundling options into a temporary folder. */
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {bundleLikeApp} from '../support/bundleLikeApp.js';

export async function buildBaselineInk(): Promise<{entry: string; dispose(): void}> {
	return bundleLikeApp(join(dirname(fileURLToPath(import.meta.url)), 'baselineInk.tsx'));
}
