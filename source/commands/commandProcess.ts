/**
 * The process around a command: Ctrl-c (or SIGTERM) aborts what is in flight and the command ends
 * with 130 (a second one ends the process at once); a closed stdout (`ohtui ls | head -1`) ends it
 * quietly, without an EPIPE trace, and output that cannot be written (a full disk, /dev/full) ends
 * it with one line and exit 1 (../boot/exit.ts); `refresh` starts `ohtui ARGS` detached (status's
 * next answer).
 * Shared by the commands' chunk (./main.ts) and status's own file (./statusFast.ts).
 */
import {createRequire} from 'node:module';
import {setPriority} from 'node:os';
import {watchOutput} from '../boot/exit.js';
import {EXIT} from './exitCodes.js';

/** nice(1)'s default */
const BACKGROUND_PRIORITY = 10;

/** `name`: the command, for the line a failed write prints (`ohtui ls: output not written …`). */
export function commandProcess(name: string): {signal: AbortSignal; refresh: (args: readonly string[]) => void} {
	const controller = new AbortController();
	const stop = () => {
		if (controller.signal.aborted) process.exit(EXIT.interrupted);
		controller.abort();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	watchOutput(`ohtui ${name}`);
	process.stderr.on('error', () => {});
	return {signal: controller.signal, refresh: refreshDetached};
}

/** `ohtui ARGS` in its own session, no terminal, nothing inherited: it outlives this process quietly. */
export function refreshDetached(args: readonly string[]): void {
	try {
		// loaded here, not with the chunk (4 ms a status run, measured, for a module it rarely needs)
		const {spawn} = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
		const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args], {detached: true, stdio: 'ignore', env: process.env});
		child.unref();
		// background work: on a busy machine it yields to what someone waits for (this process's
		// exit, the status bar, the terminal), as `nice` would
		if (child.pid !== undefined) setPriority(child.pid, BACKGROUND_PRIORITY);
	} catch {
		// the next status asks in the foreground
	}
}
