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
 * - OHTUI_COUNT: how many notifications the run stands for; OHTUI_TEXT then says so
 *   (`… (+2 more)`), as a folded desktop notification does.
 * - Each run is a process group of its own (a new session): what the program starts ends with it.
 *   At TIMEOUT_MS the whole group is killed (SIGKILL), whether its first process is still there or
 *   not, and so is every group still alive when ohtui closes the notifier or exits. Before, only the
 *   program was killed: `sh -c` left its children behind, 15 of them after a 75 s storm, living on
 *   after ohtui (issue 27 item 11).
 * - At most MAX_RUNNING at once; what comes meanwhile is folded into one run made when one ends
 *   (before, each was dropped with a log line: 82 runs for 129 notifications). A failure (not
 *   found, non-zero exit, killed) is one line in the log, never on screen.
 */
import {spawn as nodeSpawn, type ChildProcess, type SpawnOptions} from 'node:child_process';
import {foldedLine} from '../present/foldedLine.js';
import {scrubKnown} from '../text/knownSecrets.js';
import {maskSecrets} from '../text/secrets.js';
import {beforeDeathBySignal} from './tty.js';

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
	/** the notification's line (for the first, when it stands for several) */
	text: string;
	/** how many notifications it stands for (a storm folded): 1 when absent */
	count?: number;
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
	const count = Math.max(1, Math.floor(fields.count ?? 1));
	out['OHTUI_TEXT'] = value(foldedLine(fields.text, count));
	out['OHTUI_COUNT'] = String(count);
	return out;
}

export function createCommandNotifier({command, log = () => {}, env = process.env, timeoutMs = TIMEOUT_MS, spawn = nodeSpawn as Spawn}: CommandNotifierOptions): CommandNotifier {
	const [program, ...args] = command;
	/** the programs started and not yet ended */
	const running = new Set<ChildProcess>();
	/** each run's process group (its id is its first process's) and the timer that ends it */
	const groups = new Map<number, NodeJS.Timeout>();
	/** what came while MAX_RUNNING ran: the first of it, and how many notifications it stands for */
	let waiting: NotifyFields | null = null;
	let closed = false;
	const name = program ? maskSecrets(program) : '';
	const say = (what: string) => log(`${new Date().toISOString()} notify command ${name}: ${what}`);

	const endAll = () => {
		for (const pgid of [...groups.keys()]) endGroup(pgid);
	};
	// ohtui's end (q, a signal, a hang-up, a crash: every way but SIGKILL) ends what it started,
	// watched only while a group lives
	let unwatch: (() => void) | null = null;
	const forget = (pgid: number) => {
		clearTimeout(groups.get(pgid));
		groups.delete(pgid);
		if (groups.size === 0 && unwatch) {
			unwatch();
			unwatch = null;
		}
	};
	const endGroup = (pgid: number) => {
		forget(pgid);
		try {
			// the negative id names the group: the program and everything it started
			process.kill(process.platform === 'win32' ? pgid : -pgid, 'SIGKILL');
		} catch {
			// ended already
		}
	};
	const remember = (pgid: number, timer: NodeJS.Timeout) => {
		groups.set(pgid, timer);
		if (unwatch) return;
		process.on('exit', endAll);
		const undoSignal = beforeDeathBySignal(endAll);
		unwatch = () => {
			process.off('exit', endAll);
			undoSignal();
		};
	};

	const start = (fields: NotifyFields) => {
		let child: ChildProcess;
		try {
			child = spawn(program!, args, {env: commandEnv(env, fields), stdio: 'ignore', shell: false, windowsHide: true, detached: true});
		} catch (error) {
			say(`could not start (${oneLine(error)})`);
			return;
		}
		running.add(child);
		const pgid = child.pid;
		let timedOut = false;
		if (pgid !== undefined) {
			const timer = setTimeout(() => {
				timedOut = running.has(child);
				endGroup(pgid);
			}, timeoutMs);
			timer.unref?.();
			remember(pgid, timer);
		}
		let done = false;
		const finish = (what: string | null) => {
			if (done) return;
			done = true;
			running.delete(child);
			// the group stays until its time is up if the program left something running in it
			if (pgid !== undefined && !groupAlive(pgid)) forget(pgid);
			if (what) say(what);
			const next = waiting;
			waiting = null;
			if (next && !closed) start(next);
		};
		child.on('error', error => finish(`could not start (${oneLine(error)})`));
		child.on('exit', (code, signal) => {
			if (timedOut) finish(`killed after ${timeoutMs / 1000} s`);
			else if (signal) finish(`ended by ${signal}`);
			else finish(code === 0 ? null : `exit ${code}`);
		});
	};

	return {
		run(fields) {
			if (closed || !program) return;
			if (running.size >= MAX_RUNNING) {
				// folded as the notifications themselves are: one run says how many it stands for
				waiting = waiting ? {...waiting, count: (waiting.count ?? 1) + (fields.count ?? 1)} : fields;
				return;
			}
			start(fields);
		},
		close() {
			closed = true;
			waiting = null;
			endAll();
		},
	};
}

/** Whether a process of the group is left (signal 0 only asks). */
function groupAlive(pgid: number): boolean {
	if (process.platform === 'win32') return false;
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

function oneLine(error: unknown): string {
	const text = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
	return maskSecrets(text).split('\n')[0]!.slice(0, 200);
}
