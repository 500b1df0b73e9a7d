/**
 * Instructions from spawn to a frame, counted by valgrind's callgrind: unlike a time, the same on a
 * busy machine (within ~2 %), so a change can be weighed while other work runs. The app and the
 * minimal Ink app end right after the frame under OHTUI_EXIT_AFTER_FIRST_FRAME (`1`: Ink's first
 * frame, `skeleton`: the skeleton; source/cli.tsx, test/bench/exitNow.ts), in a pty (120x40) as
 * they need a terminal. Counted on the main thread (what the frame waits for; V8's compiler and
 * collector threads run beside it on another core), the whole process given too.
 * Used by the start-up bench where valgrind is installed (`apt-get install valgrind`).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {spawnProbe} from '../support/ptyProbe.js';

export type Count = {main: number; all: number};

export function hasValgrind(): boolean {
	try {
		execFileSync('valgrind', ['--version'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

/** `node args…` under callgrind in a pty, with `env`; the counts once it has exited. */
export async function countInstructions(node: string, args: string[], env: Record<string, string> = {}): Promise<Count> {
	const directory = mkdtempSync(join(tmpdir(), 'ohtui-count-'));
	try {
		const probe = spawnProbe({
			command: 'valgrind',
			args: ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${join(directory, 'out')}`, `--log-file=${join(directory, 'log')}`, node, ...args],
			env,
		});
		try {
			await Promise.race([probe.exited, new Promise((_, reject) => setTimeout(() => reject(new Error('callgrind: no exit in 120 s')), 120_000))]);
		} finally {
			probe.dispose();
		}

		const totals = readdirSync(directory)
			.filter(name => /^out-\d+$/.test(name))
			.sort()
			.map(name => Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(directory, name), 'utf8'))?.[1] ?? Number.NaN));
		// out-01 is the main thread (callgrind numbers threads from 1, in order of creation)
		return {main: totals[0] ?? Number.NaN, all: totals.reduce((sum, n) => sum + n, 0)};
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
}
