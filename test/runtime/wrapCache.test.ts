// Ink's text caches stay bounded in the bundle the app ships: Ink 6.8's wrap-text.js kept every
// distinct string it ever wrapped or truncated (`const cache = {}`), and ohtui truncates titles,
// times and counts that change, in a UI kept open for days (issue 17). Ink 8 bounds it (an LRU of
// 4,096, vadimdemedes/ink issue #986), which the bundle makes 1,024 (scripts/bundlePlugins.mjs). Measured
// in a child process on the bundled Ink.
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {bundleLikeApp} from '../support/bundleLikeApp.js';
import {root} from '../e2e/pty.js';

const run = promisify(execFile);
let probe: {entry: string; dispose(): void};

beforeAll(async () => {
	probe = await bundleLikeApp(join(root, 'test', 'runtime', 'wrapCacheProbe.tsx'));
}, 60_000);

afterAll(() => {
	probe?.dispose();
});

describe('Ink text caches in the bundle', () => {
	it('rendering 100,000 distinct overflowing strings leaves the heap bounded', async () => {
		const {stdout} = await run(process.execPath, ['--expose-gc', probe.entry], {cwd: root, env: {...process.env, NODE_OPTIONS: ''}});
		const {strings, first, early, late} = JSON.parse(stdout) as {strings: number; first: number; early: number; late: number};
		expect(strings).toBe(100_000);
		expect((late - early) / 1024 / 1024).toBeLessThan(6);
		// and they fill early (issue 27 item 3): from 1,000 strings on, at 4,096 entries each (twice
		// over) they grew 2.4 MB more, and under a followed agent for most of an hour; at 1,024, 0.3 MB
		expect((late - first) / 1024 / 1024).toBeLessThan(1);
		// ~9 s of CPU (Ink 6.8's heap grew 19.7 MB here, Ink 8's 0.7 MB); generous for a busy machine
	}, 180_000);
});
