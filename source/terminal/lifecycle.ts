import {childHasTerminal} from './handOff.js';
import type {Screen} from './screen.js';
import {dieBySignal, terminalGone} from './tty.js';
import {oneLine} from './oneLine.js';

export {oneLine} from './oneLine.js';

/**
 * The one exit path. Normal quit, signals, uncaught errors and render errors all come here, so the
 * terminal is restored exactly once and `exit` is called exactly once, whichever fires first.
 */
export type Lifecycle = {
	/** register a cleanup; cleanups run newest first (unmount before dispose before close); one
	 * registered after shutdown began runs at once */
	defer(cleanup: () => unknown): void;
	/** shutdown has begun: start nothing new */
	readonly stopping: boolean;
	/** q / Ctrl-c, or a signal (code 128+N) */
	quit(code?: number): void;
	/** restore, print `ohtui: fatal: <message>` to stderr, exit 1 */
	fatal(error: unknown): void;
	/** SIGTERM, SIGHUP, SIGINT, uncaught exceptions, unhandled rejections, a dead stdout, stdin's end */
	installProcessHandlers(): () => void;
};

export type LifecycleOptions = {
	screen: Screen;
	stderr: {write(chunk: string): unknown};
	exit: (code: number) => void;
	/** strips secrets (the API key) from a fatal message */
	redact?: (text: string) => string;
	/** how long async cleanups (closing sockets) may take before exit goes ahead anyway */
	cleanupTimeoutMs?: number;
	/** the process to hook; a stand-in in tests */
	process?: NodeJS.EventEmitter & {stdout?: NodeJS.EventEmitter; stdin?: NodeJS.EventEmitter};
	/** whether the terminal hung up (tests stand in); default a zero-length write to stdout */
	terminalGone?: () => boolean;
	/** ends the process by a signal, skipping Node's exit path (tty.ts); tests stand in */
	dieBy?: (signal: NodeJS.Signals) => void;
};

const signalCodes = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143} as const;
type ExitSignal = keyof typeof signalCodes;

export function createLifecycle(options: LifecycleOptions): Lifecycle {
	const {screen, stderr, exit, redact = (text: string) => text, cleanupTimeoutMs = 2000} = options;
	const gone = options.terminalGone ?? (() => terminalGone(1));
	const dieBy = options.dieBy ?? dieBySignal;
	const cleanups: Array<() => unknown> = [];
	let state: 'running' | 'stopping' | 'exited' = 'running';

	const exitOnce = (code: number) => {
		if (state === 'exited') {
			return;
		}

		state = 'exited';
		exit(code);
	};

	/**
	 * After a hang-up (issue 9 item 14): nothing may touch the dead terminal (no unmount, no
	 * restore, no message) and Node's own exit path would crash on it, so the process ends by the
	 * signal. Sockets and the demo server go with the process.
	 */
	const hangUp = (signal: ExitSignal) => {
		if (state === 'exited') return;
		state = 'exited';
		cleanups.length = 0;
		dieBy(signal);
	};

	/** stdout failed or stdin ended: leave as on SIGHUP; while already leaving, only a dead terminal matters */
	const endOfTerminal = () => {
		if (state === 'running') shutdown(signalCodes.SIGHUP, undefined, 'SIGHUP');
		else if (state === 'stopping' && gone()) hangUp('SIGHUP');
	};

	const shutdown = (code: number, fatalError?: {error: unknown}, signal?: ExitSignal) => {
		if (state !== 'exited' && gone()) {
			hangUp(signal ?? 'SIGHUP');
			return;
		}

		if (state !== 'running') {
			// A second signal while sockets close: the user means it; go now.
			if (state === 'stopping' && fatalError === undefined && code >= 128) {
				screen.restore();
				exitOnce(code);
			}

			return;
		}

		state = 'stopping';
		const pending: Array<Promise<unknown>> = [];
		for (const cleanup of cleanups.splice(0).reverse()) {
			try {
				const result = cleanup();
				if (isThenable(result)) {
					pending.push(Promise.resolve(result).catch(() => undefined));
				}
			} catch {
				// A failing cleanup must not keep the terminal broken; the rest still run.
			}
		}

		screen.restore();
		if (fatalError) {
			try {
				stderr.write(`ohtui: fatal: ${redact(oneLine(fatalError.error))}\n`);
			} catch {
				// stderr is gone with the terminal.
			}
		}

		const finalCode = fatalError ? 1 : code;
		if (pending.length === 0) {
			exitOnce(finalCode);
			return;
		}

		let timer: NodeJS.Timeout | undefined;
		const timeout = new Promise<void>(resolve => {
			timer = setTimeout(resolve, cleanupTimeoutMs);
		});
		void Promise.race([Promise.all(pending), timeout]).then(() => {
			clearTimeout(timer);
			exitOnce(finalCode);
		});
	};

	return {
		defer(cleanup) {
			if (state === 'running') {
				cleanups.push(cleanup);
				return;
			}

			try {
				void Promise.resolve(cleanup()).catch(() => undefined);
			} catch {
				// as in shutdown: a failing cleanup is not worth a crash on the way out
			}
		},
		get stopping() {
			return state !== 'running';
		},
		quit(code = 0) {
			shutdown(code);
		},
		fatal(error) {
			shutdown(1, {error});
		},
		installProcessHandlers() {
			const target = options.process ?? process;
			const handlers: Array<[NodeJS.EventEmitter, string, (...args: any[]) => void]> = [];
			const on = (emitter: NodeJS.EventEmitter, event: string, handler: (...args: any[]) => void) => {
				emitter.on(event, handler);
				handlers.push([emitter, event, handler]);
			};

			for (const [signal, code] of Object.entries(signalCodes)) {
				on(target, signal, () => {
					// Ctrl-c under the user's pager or editor is that program's (terminal/handOff.ts)
					if (signal === 'SIGINT' && childHasTerminal()) return;
					shutdown(code, undefined, signal as ExitSignal);
				});
			}

			on(target, 'uncaughtException', (error: unknown) => {
				shutdown(1, {error});
			});
			on(target, 'unhandledRejection', (reason: unknown) => {
				shutdown(1, {error: reason});
			});
			if (target.stdout) {
				// EIO / EPIPE: the terminal went away (ssh dropped); nothing to draw on, so leave.
				on(target.stdout, 'error', () => {
					endOfTerminal();
				});
			}

			if (target.stdin) {
				// The end of input is the end of the session: a terminal that hung up without a SIGHUP
				// reaching ohtui (a parent that ignores it) must not leave it polling a server for ever.
				on(target.stdin, 'end', endOfTerminal);
				on(target.stdin, 'error', endOfTerminal);
			}

			return () => {
				for (const [emitter, event, handler] of handlers) {
					emitter.off(event, handler);
				}
			};
		},
	};
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return typeof (value as {then?: unknown} | null | undefined)?.then === 'function';
}
