/**
 * The config's `notifyCommand` (issue 19 §3): a program of the user's own, run for each
 * announcement with the event's fields in environment variables, beside the BEL and the desktop
 * notification (./notify.ts). For a phone push, a chat message, a sound.
 *
 * - A program and its arguments, run directly: no shell unless the user names one
 *   (`["sh", "-c", "…"]`). Its stdin, stdout and stderr go nowhere (the terminal is Ink's).
 * - Fields: OHTUI_EVENT (`needs-you`), OHTUI_SERVER, OHTUI_CONVERSATION (its id), OHTUI_STATUS
 *   (waiting, error, stuck, finished, or a sandbox's or start task's state), OHTUI_TITLE,
 *   OHTUI_WAITS_FOR (what a waiting agent asks to run), OHTUI_TEXT (the notification's line). Every
 *   value cleaned and masked; never a key: ohtui's own variables (OPENHANDS_*) and any variable
 *   holding a key it knows are left out of the program's environment.
 * - A time limit (TIMEOUT_MS; then SIGKILL), at most MAX_RUNNING at once (more are dropped, said in
 *   the log); a failure (not found, non-zero exit, killed) is one line in the log, never on screen.
 */
import {spawn as nodeSpawn, type ChildProcess, type SpawnOptions} from 'node:child_process';
import {scrubKnown} from '../text/knownSecrets.js';
import {maskSecrets} from '../text/secrets.js';

export const TIMEOUT_MS = 10_000;
export const MAX_RUNNING = 2;

export type NotifyFields = {
	event: 'needs-you';
	server: string;
	/** the conversation's (or sandbox's, start task's) id */
	id: string;
	status: string;
	title: string;
	waitsFor: string | null;
	text: string;
};

type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export type CommandNotifierOptions = {
	/** program and arguments */
	command: readonly string[];
	/** one line per failure (the log file); default nowhere */
	log?: (line: string) => void;
	env?: NodeJS.ProcessEnv;
	timeoutMs?: number;
	spawn?: Spawn;
};

export type CommandNotifier = {run(fields: NotifyFields): void; close(): void};

/** The program's environment: the user's, without ohtui's own settings or anything holding a known key. */
export function commandEnv(env: NodeJS.ProcessEnv, fields: NotifyFields): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(env)) {
		if (value === undefined || name.startsWith('OPENHANDS_') || name.startsWith('OHTUI_') || scrubKnown(value) !== value) continue;
		out[name] = value;
	}
	const value = (text: string | null) => maskSecrets(text ?? '').slice(0, 1000);
	out['OHTUI_EVENT'] = fields.event;
	out['OHTUI_SERVER'] = value(fields.server);
	out['OHTUI_CONVERSATION'] = value(fields.id);
	out['OHTUI_STATUS'] = value(fields.status);
	out['OHTUI_TITLE'] = value(fields.title);
	out['OHTUI_WAITS_FOR'] = value(fields.waitsFor);
	out['OHTUI_TEXT'] = value(fields.text);
	return out;
}

export function createCommandNotifier({command, log = () => {}, env = process.env, timeoutMs = TIMEOUT_MS, spawn = nodeSpawn as Spawn}: CommandNotifierOptions): CommandNotifier {
	const [program, ...args] = command;
	const running = new Set<ChildProcess>();
	let closed = false;
	const name = program ? maskSecrets(program) : '';
	const say = (what: string) => log(`${new Date().toISOString()} notify command ${name}: ${what}`);
	return {
		run(fields) {
			if (closed || !program) return;
			if (running.size >= MAX_RUNNING) {
				say(`${running.size} still running: this notification was not passed on`);
				return;
			}
			let child: ChildProcess;
			try {
				child = spawn(program, args, {env: commandEnv(env, fields), stdio: 'ignore', shell: false, windowsHide: true});
			} catch (error) {
				say(`could not start (${oneLine(error)})`);
				return;
			}
			running.add(child);
			let timedOut = false;
			const timer = setTimeout(() => {
				timedOut = true;
				child.kill('SIGKILL');
			}, timeoutMs);
			timer.unref?.();
			let done = false;
			const finish = (what: string | null) => {
				if (done) return;
				done = true;
				clearTimeout(timer);
				running.delete(child);
				if (what) say(what);
			};
			child.on('error', error => finish(`could not start (${oneLine(error)})`));
			child.on('exit', (code, signal) => {
				if (timedOut) finish(`killed after ${timeoutMs / 1000} s`);
				else if (signal) finish(`ended by ${signal}`);
				else finish(code === 0 ? null : `exit ${code}`);
			});
		},
		close() {
			closed = true;
		},
	};
}

function oneLine(error: unknown): string {
	const text = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
	return maskSecrets(text).split('\n')[0]!.slice(0, 200);
}
