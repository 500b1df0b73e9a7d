// The heap tuning on the Node that runs this test, whatever its version: V8 takes both flags
// without a word (an unknown flag prints "unrecognized flag" on the user's terminal) and each has
// its effect. CI runs it on every supported Node line (.ci/run).
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {beforeAll, describe, expect, it} from 'vitest';
import {root} from '../e2e/pty.js';

const run = promisify(execFile);

type Observed = {youngBytes: number; majorCollections: number; stderr: string};

async function observe(mode: 'tuned' | 'plain'): Promise<Observed> {
	const {stdout, stderr} = await run(process.execPath, ['--import', 'tsx', join(root, 'test', 'runtime', 'heapProbe.ts'), mode], {
		cwd: root,
		env: {...process.env, NODE_OPTIONS: ''},
	});
	return {...(JSON.parse(stdout) as Omit<Observed, 'stderr'>), stderr};
}

describe(`tuneHeap on Node ${process.version} (V8 ${process.versions.v8})`, () => {
	let tuned: Observed;
	let plain: Observed;

	beforeAll(async () => {
		[tuned, plain] = await Promise.all([observe('tuned'), observe('plain')]);
	}, 60_000);

	it('sets both flags silently (V8 knows them)', () => {
		expect(tuned.stderr).toBe('');
	});

	it('keeps the young generation at its start size (--semi-space-growth-factor)', () => {
		expect(tuned.youngBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
		expect(plain.youngBytes).toBeGreaterThanOrEqual(4 * tuned.youngBytes);
	});

	it('collects the old generation once it grew 10% (--heap-growing-percent)', () => {
		expect(tuned.majorCollections).toBeGreaterThanOrEqual(3 * Math.max(1, plain.majorCollections));
	});
});
