// The heap tuning on the Node that runs this test, whatever its version: V8 takes the flags
// without a word (an unknown flag prints "unrecognized flag" on the user's terminal) and each has
// its effect. CI runs it on every supported Node line (.ci/run).
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {beforeAll, describe, expect, it} from 'vitest';
import {root} from '../e2e/pty.js';

const run = promisify(execFile);

type Observed = {youngBytes: number; settledFrom?: number; majorCollections: number; stderr: string};

async function observe(mode: 'tuned' | 'plain' | 'settled'): Promise<Observed> {
	const {stdout, stderr} = await run(process.execPath, ['--import', 'tsx', join(root, 'test', 'runtime', 'heapProbe.ts'), mode], {
		cwd: root,
		env: {...process.env, NODE_OPTIONS: ''},
	});
	return {...(JSON.parse(stdout) as Omit<Observed, 'stderr'>), stderr};
}

describe(`tuneHeap on Node ${process.version} (V8 ${process.versions.v8})`, () => {
	let tuned: Observed;
	let plain: Observed;
	let settled: Observed;

	beforeAll(async () => {
		[tuned, plain, settled] = await Promise.all([observe('tuned'), observe('plain'), observe('settled')]);
	}, 60_000);

	it('sets every flag silently (V8 knows them)', () => {
		expect(tuned.stderr).toBe('');
	});

	it('keeps the young generation at its start size (--semi-space-growth-factor)', () => {
		expect(tuned.youngBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
		expect(plain.youngBytes).toBeGreaterThanOrEqual(4 * tuned.youngBytes);
	});

	it('collects the old generation once it grew 10% (--heap-growing-percent)', () => {
		expect(tuned.majorCollections).toBeGreaterThanOrEqual(3 * Math.max(1, plain.majorCollections));
	});

	it('settleHeap, after the young generation grew, is silent and never leaves it bigger', () => {
		expect(settled.stderr).toBe('');
		expect(settled.settledFrom).toBeGreaterThan(0);
		// V8 12+ (Node 22+) shrinks it to its start size here; Node 20's V8 keeps it (see memory.ts)
		expect(settled.youngBytes).toBeLessThanOrEqual(settled.settledFrom!);
	});

	it('settleOnGrowth settles after a burst grew resident memory, and not while it stays level', async () => {
		const {stdout, stderr} = await run(process.execPath, ['--import', 'tsx', join(root, 'test', 'runtime', 'growthProbe.ts')], {cwd: root, env: {...process.env, NODE_OPTIONS: ''}});
		const seen = JSON.parse(stdout) as {quietBefore: number; afterBurst: number; quietAfter: number};
		expect(stderr).toBe('');
		expect(seen.quietBefore).toBe(0);
		expect(seen.afterBurst).toBe(1);
		expect(seen.quietAfter).toBe(0);
	}, 30_000);
});
