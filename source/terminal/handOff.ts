/**
 * Hands the terminal to a program of the user's for a while: the pager ($PAGER, default `less`)
 * for the whole text of an event, a diff or a page, and the editor ($VISUAL, $EDITOR, default
 * `vi`) for a message. The text goes to a private temporary file (a folder only the user can
 * enter, a file only the user can read, removed afterwards), the program runs on it through
 * `sh -c 'exec …'` (so `PAGER='less -S'` works, as git runs them; `exec`, because a waiting
 * dash dies of the Ctrl-c meant for `less` and ohtui would take the terminal back from a pager
 * still running), and an editor's file is read back.
 * What is handed over is the caller's: already clean and masked as the screen shows it.
 *
 * While the program runs, the terminal's signal keys are its own: Ctrl-c (SIGINT, to the whole
 * foreground group) must not quit ohtui under `less`, and Ctrl-\ (SIGQUIT) must not kill it; git
 * ignores both while its editor runs for the same reason. Ctrl-z stops both processes as one job
 * (terminal/suspend.ts lets the signal's default action stop ohtui), and `fg` continues both.
 */
import {spawn} from 'node:child_process';
import {closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {stopReading} from './tty.js';

let owners = 0;

/** A program ohtui started has the terminal now: its signal keys are not for ohtui. */
export function childHasTerminal(): boolean {
	return owners > 0;
}

/** Ink's suspendTerminal with a callback: the terminal is the callback's until it settles. */
export type HandOver = (during: () => Promise<void> | void) => Promise<void>;

export type Program = {kind: 'pager' | 'editor'; command: string; label: string};

/** The user's pager or editor, as git finds them. */
export function programFor(kind: Program['kind'], env: NodeJS.ProcessEnv = process.env): Program {
	const pick = (names: string[], fallback: string): Program => {
		for (const name of names) {
			const value = env[name]?.trim();
			if (value) return {kind, command: value, label: `$${name} (${value.split(/\s+/)[0]})`};
		}
		return {kind, command: fallback, label: fallback};
	};
	return kind === 'pager' ? pick(['PAGER'], 'less') : pick(['VISUAL', 'EDITOR'], 'vi');
}

export type HandOffResult = {ok: true; text: string} | {ok: false; reason: string};

export type HandOffOptions = {
	program: Program;
	text: string;
	/** the temporary file's name (its extension picks the editor's mode) */
	name: string;
	/** Ink's suspendTerminal */
	handOver: HandOver;
	/** the stream Ink reads keys from */
	stdin: NodeJS.ReadableStream;
	env?: NodeJS.ProcessEnv;
};

/** Runs the program on the text; resolves with the file's text afterwards (what an editor saved). */
export async function handOff({program, text, name, handOver, stdin, env = process.env}: HandOffOptions): Promise<HandOffResult> {
	const folder = mkdtempSync(join(tmpdir(), 'ohtui-'));
	try {
		const file = join(folder, name.replace(/[^\w.-]+/g, '-').slice(0, 80) || 'ohtui.txt');
		writeFileSync(file, text, {mode: 0o600, flag: 'wx'});
		let outcome: {code: number | null; signal: NodeJS.Signals | null} | {error: Error} = {error: new Error('did not run')};
		let saved: string | Error = '';
		await handOver(async () => {
			const startReading = stopReading(stdin);
			const ignoreQuit = () => {};
			process.on('SIGQUIT', ignoreQuit);
			owners++;
			try {
				outcome = await run(program.command, file, env);
			} finally {
				owners--;
				process.off('SIGQUIT', ignoreQuit);
				startReading();
				// read and removed before ohtui draws again: the file (a draft, an event) is gone when
				// the screen is back (the redraw and a later removal raced under load)
				saved = readSaved(file);
				rmSync(folder, {recursive: true, force: true});
			}
		});
		const done = outcome as {code: number | null; signal: NodeJS.Signals | null} | {error: Error};
		if ('error' in done) return {ok: false, reason: `could not start ${program.label}: ${done.error.message}`};
		if (done.code !== 0) {
			const how = done.signal ? `ended by ${done.signal}` : done.code === 127 ? 'not found (status 127)' : `exited with status ${done.code}`;
			return {ok: false, reason: `${program.label} ${how}`};
		}
		const read = saved as string | Error;
		if (read instanceof Error) throw read;
		return {ok: true, text: read};
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

function readSaved(file: string): string | Error {
	try {
		return readFileSync(file, 'utf8');
	} catch (error) {
		return error instanceof Error ? error : new Error(String(error));
	}
}

/**
 * The program gets the terminal on a descriptor of its own (/dev/tty opened afresh, blocking),
 * not ohtui's: libuv opens ohtui's stdin again for itself and makes it non-blocking, and a child
 * sharing it gets EAGAIN from its reads (a shell then clears O_NONBLOCK, and ohtui's next read of
 * its stdin blocked the whole process: the pager's exit was never seen).
 */
async function run(command: string, file: string, env: NodeJS.ProcessEnv): Promise<{code: number | null; signal: NodeJS.Signals | null} | {error: Error}> {
	let tty: number | undefined;
	try {
		tty = openSync('/dev/tty', 'r+');
	} catch {
		// no controlling terminal (cannot happen under the UI, which needs one): share ohtui's
	}
	try {
		return await new Promise(resolve => {
			const child = spawn('/bin/sh', ['-c', `exec ${command} "$1"`, 'ohtui', file], {stdio: tty === undefined ? 'inherit' : [tty, tty, tty], env});
			child.once('error', error => resolve({error}));
			child.once('exit', (code, signal) => resolve({code, signal}));
		});
	} finally {
		if (tty !== undefined) closeSync(tty);
	}
}
