import {defineConfig} from 'vitest/config';
import {ISOLATED} from './test/isolated.js';

export default defineConfig({
	test: {
		environment: 'node',
		testTimeout: 20_000,
		hookTimeout: 20_000,
		// Three files at a time on a 2-core machine: with modules shared (below) the suite waits
		// more than it computes (real timers, servers' deadlines, ptys), about 1.2 cores busy
		// with two workers; more would crowd the pty tests' timing.
		maxWorkers: 3,
		// no test may start the user's real pager or editor (a stray Ctrl-g once ran vi under the
		// runner); the tests of the hand-off set their own fake programs
		env: {PAGER: 'false', VISUAL: 'false', EDITOR: 'false'},
		// CI: a failed test runs once more, and one that passes then is reported as FLAKY
		// (test/support/flakyReporter.ts, repeated in .ci/run's summary): a race to fix, not a pass to forget
		...(process.env['CI'] ? {retry: 1, reporters: ['default', './test/support/flakyReporter.ts']} : {}),
		projects: [
			{
				extends: true,
				test: {
					name: 'shared',
					include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
					exclude: [...ISOLATED],
					// A worker keeps its modules from one test file to the next: importing the app's
					// modules afresh for each of ~200 files was 40 % of the suite's CPU time (Node 20:
					// 384 s of CPU and 319 s wall for the suite isolated, 226 s and 230 s shared), and
					// CI runs the suite on four Node lines within 20 minutes.
					isolate: false,
				},
			},
			// what a test file changes at import time (vi.mock, chalk's colour level) stays in its file
			{extends: true, test: {name: 'isolated', include: [...ISOLATED], isolate: true}},
		],
	},
});
