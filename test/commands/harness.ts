/**
 * Runs an `ohtui <command>` in this process (the same runCommand the built CLI calls) with captured
 * output, its own XDG folders, and the environment a test gives: fast enough to run every command
 * against every stand-in kind. The built binary is exercised in test/e2e/commands.test.ts.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {parseArgs} from '../../source/config/flags.js';
import {runCommand} from '../../source/commands/main.js';

export type Run = {code: number; out: string; err: string};

export type RunOptions = {
	env?: Record<string, string | undefined>;
	/** standard input's text; default: an empty, ended stream */
	stdin?: string | Readable;
	/** stdout is a terminal this wide */
	columns?: number;
	signal?: AbortSignal;
	now?: () => number;
	/** sees stdout as it is written (a command that follows) */
	onStdout?: (text: string) => void;
	/** stands for the detached `ohtui …` status starts to refresh its cache */
	refresh?: (argv: readonly string[]) => void;
};

export type Home = {dir: string; env: Record<string, string>; remove(): void};

/** XDG folders of its own: config (none unless written), state (seen marks), cache (status). */
export function tempHome(): Home {
	const dir = mkdtempSync(join(tmpdir(), 'ohtui-cmd-'));
	return {
		dir,
		env: {HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), XDG_CACHE_HOME: join(dir, 'cache'), PATH: process.env['PATH'] ?? ''},
		remove: () => rmSync(dir, {recursive: true, force: true}),
	};
}

export async function ohtui(argv: string[], options: RunOptions = {}): Promise<Run> {
	const parsed = parseArgs(argv);
	if (parsed.command !== 'command') throw new Error(`not a command: ${argv.join(' ')}`);
	let out = '';
	let err = '';
	const stdout = {
		write: (text: string) => {
			out += text;
			options.onStdout?.(text);
			return true;
		},
		isTTY: options.columns !== undefined, columns: options.columns ?? 0};
	const stdin = typeof options.stdin === 'string' || options.stdin === undefined ? Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]) : options.stdin;
	const code = await runCommand(parsed.name, parsed.argv, {
		stdout,
		stderr: {write: (text: string) => (err += text)},
		stdin,
		env: options.env ?? {},
		now: options.now ?? Date.now,
		signal: options.signal ?? new AbortController().signal,
		...(options.refresh ? {refresh: options.refresh} : {}),
	});
	return {code, out, err};
}

/** Lines of tab-separated output, split into cells. */
export function rows(out: string): string[][] {
	return out
		.split('\n')
		.filter(Boolean)
		.map(line => line.split('\t'));
}
