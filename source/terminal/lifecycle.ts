import type {Screen} from './screen.js';

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
	/** SIGTERM, SIGHUP, SIGINT, uncaught exceptions, unhandled rejections, a dead stdout */
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
	process?: NodeJS.EventEmitter & {stdout?: NodeJS.EventEmitter};
};

const signalCodes = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143} as const;

export function createLifecycle(options: LifecycleOptions): Lifecycle {
	const {screen, stderr, exit, redact = (text: string) => text, cleanupTimeoutMs = 2000} = options;
	const cleanups: Array<() => unknown> = [];
	let state: 'running' | 'stopping' | 'exited' = 'running';

	const exitOnce = (code: number) => {
		if (state === 'exited') {
			return;
		}

		state = 'exited';
		exit(code);
	};

	const shutdown = (code: number, fatalError?: {error: unknown}) => {
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
					shutdown(code);
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
					shutdown(1);
				});
			}

			return () => {
				for (const [emitter, event, handler] of handlers) {
					emitter.off(event, handler);
				}
			};
		},
	};
}

/** One line, no control characters, bounded: safe to print under the restored prompt. */
export function oneLine(error: unknown): string {
	const raw = error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : safeString(error);
	const clean = raw
		// eslint-disable-next-line no-control-regex
		.replace(/\u001B\[[0-?]*[ -/]*[@-~]/g, '')
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001F\u007F-\u009F]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	const text = clean === '' ? 'unknown error' : clean;
	return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return typeof (value as {then?: unknown} | null | undefined)?.then === 'function';
}

function safeString(value: unknown): string {
	try {
		return String(value);
	} catch {
		return 'unknown error';
	}
}
