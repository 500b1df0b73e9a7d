/**
 * CI retries a failed test once (vitest.config.ts): the suite runs real ptys, servers and timers on a
 * fresh machine of unknown speed, and a stop whose CI fails does not land. A retry must not hide a
 * bug, so every test that passed only on its retry is printed here as `FLAKY …` with the error of
 * its failed try, and .ci/run repeats these lines in its summary: each one is a race to fix (one
 * such was an app bug: a notification's hold re-armed a millisecond early).
 */
import {relative} from 'node:path';
import type {Reporter, TestCase} from 'vitest/node';

export default class FlakyReporter implements Reporter {
	private readonly flaky: string[] = [];

	onTestCaseResult(test: TestCase): void {
		const diagnostic = test.diagnostic();
		if (!diagnostic?.flaky) return;
		const errors = (test.result().errors ?? []).map(error => error.message.split('\n')[0]);
		const why = errors.length ? `: ${errors.join(' | ').slice(0, 300)}` : '';
		this.flaky.push(`FLAKY ${relative(process.cwd(), test.module.moduleId)} > ${test.fullName} (passed on retry ${diagnostic.retryCount})${why}`);
	}

	onTestRunEnd(): void {
		if (this.flaky.length === 0) return;
		process.stdout.write(`\n${this.flaky.join('\n')}\n`);
	}
}
