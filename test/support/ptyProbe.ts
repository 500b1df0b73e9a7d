/**
 * A pty session for measurements: like test/e2e/pty.ts (same fresh HOME, same cleaned
 * environment, same headless terminal) but every output chunk is kept with the time it arrived,
 * and the screen is checked after each chunk is parsed, so "the first frame that shows X" is
 * timed to the chunk, not to a polling interval. Also reads the process's CPU time and memory.
 */
import {readFileSync} from 'node:fs';
import {performance} from 'node:perf_hooks';
import xterm from '@xterm/headless';
import * as pty from 'node-pty';
import {join} from 'node:path';
import {childEnv, cliPath, root, tempHome} from '../e2e/pty.js';
import {useModernWidths} from './appSession.js';

export type Chunk = {at: number; data: string};

/**
 * Ink ends every frame it draws on a terminal with the synchronized-output end marker (DEC mode
 * 2026 reset: CSI ? 2026 l), written after the frame's last byte.
 */
export const FRAME_END = '\u001B[?2026l';

/**
 * A key's frame is done once the app has written nothing for this long after it: more than Ink's
 * render throttle (30 fps: 34 ms from the start of one draw to the next), so a second draw that
 * the throttle held back (issue 29: the footer's keys 34 ms after the selection) is counted in.
 */
export const FRAME_QUIET_MS = 50;

/**
 * One key press as the user sees it: `firstByte`, ms from the write of the key to the first byte the
 * app wrote after it; `endOfFrame`, ms to the arrival of the last frame end marker (FRAME_END) it
 * wrote before going quiet for FRAME_QUIET_MS (its last byte when it wrote no marker); `frames`,
 * the markers in that time. Null when the key drew nothing.
 */
export type KeyFrame = {firstByte: number; endOfFrame: number; frames: number};

type Waiter = {check: (screen: string) => boolean; resolve: (at: number) => void};

export type Probe = {
	readonly pid: number;
	/** performance.now() when the process was spawned */
	readonly spawnedAt: number;
	readonly chunks: readonly Chunk[];
	/** the exit code and performance.now() when the exit was seen */
	readonly exited: Promise<{code: number; at: number}>;
	screenText(): string;
	/** bytes (UTF-8) written by the app after `since` (performance.now()) */
	bytesSince(since: number): number;
	/** resolves with the arrival time of the chunk after which `check(screen)` first holds */
	waitForScreen(check: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<number>;
	/** resolves with the arrival time of the first chunk written after `since` */
	waitForChunkAfter(since: number, timeoutMs?: number): Promise<number>;
	/** resolves once nothing was written for `quietMs` (counted from the call at the earliest) */
	waitForQuiet(quietMs: number, timeoutMs?: number): Promise<void>;
	/** writes keys; returns the time of writing */
	press(keys: string): number;
	/**
	 * Waits until nothing was written for `quietBeforeMs`, presses `key`, and times its frame
	 * (KeyFrame); null when nothing came within `timeoutMs`.
	 */
	pressForFrame(key: string, options?: {quietBeforeMs?: number; timeoutMs?: number}): Promise<KeyFrame | null>;
	resize(cols: number, rows: number): void;
	dispose(): void;
};

/**
 * The Node that runs the app in the benchmarks: OHTUI_BENCH_NODE (test/bench/run.ts sets it from
 * `--node`), else the Node running this process. Only the measured processes use it; the harness
 * and its stand-in servers stay on the Node that runs them.
 */
export function benchNode(): string {
	return process.env['OHTUI_BENCH_NODE'] || process.execPath;
}

export function spawnProbe({
	command = benchNode(),
	args = [],
	env = {},
	cols = 120,
	rows = 40,
}: {command?: string; args?: string[]; env?: Record<string, string>; cols?: number; rows?: number}): Probe {
	const home = tempHome();
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true, scrollback: 0});
	useModernWidths(terminal);
	const spawnedAt = performance.now();
	const child = pty.spawn(command, args, {name: 'xterm-256color', cols, rows, cwd: home.home, env: childEnv(home.home, env)});
	const chunks: Chunk[] = [];
	let waiters: Waiter[] = [];
	let lastAt = spawnedAt;
	let done = false;

	const screenText = () => {
		const buffer = terminal.buffer.active;
		const out: string[] = [];
		for (let row = 0; row < terminal.rows; row++) out.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
		return out.join('\n');
	};

	child.onData(data => {
		const at = performance.now();
		lastAt = at;
		chunks.push({at, data});
		terminal.write(data, () => {
			if (waiters.length === 0) return;
			const screen = screenText();
			waiters = waiters.filter(waiter => {
				if (!waiter.check(screen)) return true;
				waiter.resolve(at);
				return false;
			});
		});
	});
	const exited = new Promise<{code: number; at: number}>(resolve => {
		child.onExit(({exitCode}) => {
			done = true;
			resolve({code: exitCode, at: performance.now()});
		});
	});

	return {
		pid: child.pid,
		spawnedAt,
		chunks,
		exited,
		screenText,
		bytesSince(since) {
			let total = 0;
			for (const chunk of chunks) if (chunk.at > since) total += Buffer.byteLength(chunk.data);
			return total;
		},
		waitForScreen(check, what, timeoutMs = 30_000) {
			return new Promise<number>((resolve, reject) => {
				// already true: measured from the last chunk
				if (check(screenText())) {
					resolve(lastAt);
					return;
				}
				const timer = setTimeout(() => {
					waiters = waiters.filter(w => w !== waiter);
					reject(new Error(`timed out waiting for ${what}; screen:\n${screenText()}`));
				}, timeoutMs);
				const waiter: Waiter = {
					check,
					resolve: at => {
						clearTimeout(timer);
						resolve(at);
					},
				};
				waiters.push(waiter);
			});
		},
		async waitForChunkAfter(since, timeoutMs = 10_000) {
			const deadline = performance.now() + timeoutMs;
			for (;;) {
				let first: Chunk | undefined;
				for (let i = chunks.length - 1; i >= 0 && chunks[i]!.at > since; i--) first = chunks[i];
				if (first) return first.at;
				if (performance.now() > deadline) throw new Error('no output');
				// the arrival time is taken in onData, so a coarse wait here does not blur it
				// eslint-disable-next-line no-await-in-loop
				await new Promise(resolve => setTimeout(resolve, 5));
			}
		},
		async waitForQuiet(quietMs, timeoutMs = 30_000) {
			const calledAt = performance.now();
			const deadline = calledAt + timeoutMs;
			while (performance.now() - Math.max(lastAt, calledAt) < quietMs) {
				if (performance.now() > deadline) throw new Error('never quiet');
				// eslint-disable-next-line no-await-in-loop
				await new Promise(resolve => setTimeout(resolve, 10));
			}
		},
		press(keys) {
			const at = performance.now();
			child.write(keys);
			return at;
		},
		async pressForFrame(key, {quietBeforeMs = 120, timeoutMs = 10_000} = {}) {
			await this.waitForQuiet(quietBeforeMs);
			const at = this.press(key);
			try {
				await this.waitForChunkAfter(at, timeoutMs);
			} catch {
				return null;
			}
			await this.waitForQuiet(FRAME_QUIET_MS, 60_000);
			const after = chunks.filter(chunk => chunk.at > at);
			// a marker may be split between two reads of the pty: look at each chunk with the tail of the one before
			let tail = '';
			let frames = 0;
			let end = after.at(-1)!;
			for (const chunk of after) {
				const seen = (tail + chunk.data).split(FRAME_END).length - 1;
				tail = chunk.data.slice(-(FRAME_END.length - 1));
				frames += seen;
				if (seen > 0) end = chunk;
			}
			return {firstByte: after[0]!.at - at, endOfFrame: end.at - at, frames};
		},
		resize(newCols, newRows) {
			child.resize(newCols, newRows);
			terminal.resize(newCols, newRows);
		},
		dispose() {
			if (!done) {
				try {
					child.kill('SIGKILL');
				} catch {
					// gone
				}
			}
			terminal.dispose();
			home.dispose();
		},
	};
}

/**
 * The checkout whose build the benchmarks run: OHTUI_BENCH_ROOT (test/bench/run.ts sets it for
 * `--compare ROOT`: another build measured in the same run, e.g. the one before a dependency
 * move), else this one. Its dist/cli.js is the app; its scripts/build.mjs bundles the baselines.
 */
export function benchRoot(): string {
	return process.env['OHTUI_BENCH_ROOT'] || root;
}

export function spawnCliProbe(args: string[], env: Record<string, string> = {}): Probe {
	return spawnProbe({args: [process.env['OHTUI_BENCH_ROOT'] ? join(benchRoot(), 'dist', 'cli.js') : cliPath, ...args], env});
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in ms, from /proc/<pid>/stat (fields 14 and 15). */
export function cpuTimeMs(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	// the command name (field 2) may hold spaces: split after its closing parenthesis
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const utime = Number(fields[11]);
	const stime = Number(fields[12]);
	return ((utime + stime) * 1000) / CLOCK_TICKS;
}

/** Resident memory in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
	return kb / 1024;
}
