/**
 * Runs dist/cli.js in a real pseudo-terminal and reads the screen through @xterm/headless, as a
 * person's terminal would show it. Every spawned process gets a fresh HOME, XDG_CONFIG_HOME and
 * XDG_CACHE_HOME (the user's real config and caches are never touched) and no CI variables (under
 * CI=true Ink writes only the last frame).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import xterm from '@xterm/headless';
import * as pty from 'node-pty';
import {afterEach, beforeAll} from 'vitest';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = join(root, 'dist', 'cli.js');

/** `npm test` builds first; a lone `vitest run test/e2e` builds here when sources changed. */
export function buildOnce(): void {
	execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], {cwd: root, stdio: 'inherit'});
}

export const alternateScreenOn = '\u001B[?1049h';
export const alternateScreenOff = '\u001B[?1049l';
export const cursorShow = '\u001B[?25h';

/** A temporary HOME that is also XDG_CONFIG_HOME; removed by `dispose`. */
export function tempHome(): {home: string; dispose(): void} {
	const home = mkdtempSync(join(tmpdir(), 'ohtui-e2e-'));
	// A killed app may still be writing its compile cache here as it exits (Node flushes it at exit),
	// and a detached `status --refresh-only` its answer: rmSync retries ENOTEMPTY (seen in CI after
	// tmux kill-server), and a folder still being written after that stays behind in the temporary
	// directory rather than failing a test that has passed (statusFast.test.ts's teardown, under load).
	return {
		home,
		dispose: () => {
			try {
				rmSync(home, {recursive: true, force: true, maxRetries: 8, retryDelay: 100});
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw error;
			}
		},
	};
}

/** The parent's environment minus anything that would change the app's behaviour. */
export function childEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (value === undefined || /^(CI|CONTINUOUS_INTEGRATION|GITHUB_ACTIONS|OPENHANDS_.*|NO_COLOR|FORCE_COLOR|TMUX|VITEST.*|NODE_OPTIONS|NODE_COMPILE_CACHE|NODE_DISABLE_COMPILE_CACHE)$/.test(name)) {
			continue;
		}

		env[name] = value;
	}

	// the compile cache (source/runtime/compileCache.ts) too goes to the temporary HOME
	return {...env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: join(home, '.cache'), TERM: 'xterm-256color', LANG: 'C.UTF-8', ...extra};
}

export type Exit = {exitCode: number; signal?: number};

export type PtySession = {
	/** every byte the app wrote, in order */
	readonly raw: string;
	readonly pid: number;
	/** the visible screen, one line per row, trailing spaces trimmed */
	screenText(): string;
	/** which buffer the terminal shows: 'alternate' while the UI runs, 'normal' once restored */
	bufferType(): 'normal' | 'alternate';
	waitForText(text: string | RegExp, timeoutMs?: number): Promise<void>;
	press(keys: string): void;
	/** resizes the pty (the app gets SIGWINCH) and the emulator together */
	resize(cols: number, rows: number): void;
	/** stops reading the app's output, as a stalled link or a paused terminal does */
	pauseOutput(): void;
	kill(signal: NodeJS.Signals): void;
	waitForExit(timeoutMs?: number): Promise<Exit>;
	/** kills the process if still running and removes its temporary HOME */
	dispose(): void;
};

export type SpawnOptions = {
	args?: string[];
	env?: Record<string, string>;
	cols?: number;
	rows?: number;
	/** an existing HOME (e.g. holding a config file); a fresh one otherwise */
	home?: string;
	/** node options before the script, e.g. ['--import', file] */
	nodeArgs?: string[];
};

export function spawnCli({args = [], env = {}, cols = 120, rows = 40, home, nodeArgs = []}: SpawnOptions = {}): PtySession {
	const temporary = home === undefined ? tempHome() : undefined;
	const homeDirectory = home ?? temporary!.home;
	const terminal = new xterm.Terminal({cols, rows, allowProposedApi: true, scrollback: 1000});
	const child = pty.spawn(process.execPath, [...nodeArgs, cliPath, ...args], {
		// node-pty sets TERM to `name`: a test asking for another TERM gets it
		name: env['TERM'] || 'xterm-256color',
		cols,
		rows,
		cwd: homeDirectory,
		env: childEnv(homeDirectory, env),
	});

	let raw = '';
	let pendingWrites = 0;
	child.onData(data => {
		raw += data;
		pendingWrites++;
		terminal.write(data, () => {
			pendingWrites--;
		});
	});

	let exit: Exit | undefined;
	const exited = new Promise<Exit>(resolve => {
		child.onExit(result => {
			exit = result;
			resolve(result);
		});
	});

	const screenText = () => {
		const buffer = terminal.buffer.active;
		const lines: string[] = [];
		for (let row = 0; row < terminal.rows; row++) {
			lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
		}

		return lines.join('\n');
	};

	const matches = (text: string | RegExp) => {
		const screen = screenText();
		return typeof text === 'string' ? screen.includes(text) : text.test(screen);
	};

	return {
		get raw() {
			return raw;
		},
		pid: child.pid,
		screenText,
		bufferType: () => terminal.buffer.active.type,
		async waitForText(text, timeoutMs = 10_000) {
			const deadline = Date.now() + timeoutMs;
			while (pendingWrites > 0 || !matches(text)) {
				if (Date.now() > deadline) {
					throw new Error(`timed out waiting for ${String(text)}; exit: ${JSON.stringify(exit)}; screen:\n${screenText()}`);
				}

				// eslint-disable-next-line no-await-in-loop
				await new Promise(resolve => setTimeout(resolve, 25));
			}
		},
		press(keys) {
			child.write(keys);
		},
		resize(cols, rows) {
			terminal.resize(cols, rows);
			child.resize(cols, rows);
		},
		pauseOutput() {
			child.pause();
		},
		kill(signal) {
			child.kill(signal);
		},
		async waitForExit(timeoutMs = 10_000) {
			let timer: NodeJS.Timeout | undefined;
			const timeout = new Promise<never>((_, reject) => {
				timer = setTimeout(() => {
					reject(new Error(`no exit within ${timeoutMs} ms; screen:\n${screenText()}`));
				}, timeoutMs);
			});
			try {
				const result = await Promise.race([exited, timeout]);
				// let xterm finish parsing the last bytes
				await new Promise<void>(resolve => terminal.write('', resolve));
				return result;
			} finally {
				clearTimeout(timer);
			}
		},
		dispose() {
			if (exit === undefined) {
				try {
					child.kill('SIGKILL');
				} catch {
					// already gone
				}
			}

			terminal.dispose();
			temporary?.dispose();
		},
	};
}

/**
 * A test file's sessions: builds once before its tests, and after each test disposes, newest first,
 * every session `spawn` started and everything given to `track` (a temporary HOME, a shell).
 */
export function ptySessions(): {spawn(options?: SpawnOptions): PtySession; track<T extends {dispose(): void}>(thing: T): T} {
	const owned: {dispose(): void}[] = [];
	beforeAll(() => {
		buildOnce();
	}, 120_000);
	afterEach(() => {
		for (const thing of owned.splice(0).reverse()) thing.dispose();
	});
	const track = <T extends {dispose(): void}>(thing: T): T => {
		owned.push(thing);
		return thing;
	};
	return {spawn: options => track(spawnCli(options)), track};
}
