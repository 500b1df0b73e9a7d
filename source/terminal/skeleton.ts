/**
 * The terminal while the start-up's skeleton shows (issue 29): the entry draws a first frame with
 * plain writes (../boot/skeleton.ts) before React and Ink are even loaded, and Ink's first frame
 * takes its place. From the skeleton on, the terminal is as Ink keeps it: the alternate screen, the
 * cursor hidden, raw mode (keys typed meanwhile are neither echoed nor lost: they wait in the
 * terminal's queue until Ink reads them).
 *
 * Ink must not see the difference, and the screen must not flicker:
 * - Ink enters the alternate screen again (`CSI ?1049h`) when it starts. That write is dropped:
 *   some terminals clear the screen on it, or save the cursor again over the one saved on the
 *   normal screen, which would put the shell's prompt somewhere else after quitting.
 * - Ink draws its first frame from the top without erasing what it does not cover; that write gets
 *   a clear of the screen in front of the frame, inside Ink's synchronized update where it has one
 *   (`CSI ?2026h`), so the skeleton is replaced in one step, with nothing left of it.
 * - Until the lifecycle's handlers are installed (../boot/runApp.ts calls `handOver`), SIGTERM and
 *   SIGINT give the terminal back and end the process as the lifecycle does (128+N); SIGHUP ends it
 *   by the signal without touching the dead terminal. A start that fails calls `restore`.
 */
import {fallbackRestoreSequence} from './screen.js';
import {dieBySignal} from './tty.js';

const ALTERNATE_ON = '\u001B[?1049h';
const CURSOR_HIDE = '\u001B[?25l';
/** home, then erase below: the whole screen, as Ink's own full clear (CSI 2J is what a hostile server's text would be, and some terminals push the screen into scrollback on it) */
const HOME_CLEAR = '\u001B[H\u001B[J';
/** autowrap off while the skeleton is written (a line too wide is cut, never wrapped), on after */
const WRAP_OFF = '\u001B[?7l';
const WRAP_ON = '\u001B[?7h';
/** Ink's synchronized output (its write-synchronized.js): begin */
const SYNC_BEGIN = '\u001B[?2026h';
/** a write of control sequences only (CSI, OSC ended by BEL or ST), no text */
const CONTROLS_ONLY = /^(?:\u001B\[[0-9;?<=>]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\))+$/;

export type SkeletonHold = {
	/** the lifecycle holds the process from now on: the skeleton's signal handlers go */
	handOver(): void;
	/** gives the terminal back (normal screen, cursor, raw mode off); once; nothing after a hang-up */
	restore(): void;
	/** whether Ink's first frame has replaced the skeleton */
	readonly replaced: boolean;
};

type Out = {write(chunk: string | Uint8Array, ...rest: unknown[]): boolean};
type In = {isTTY?: boolean; setRawMode?(mode: boolean): unknown};
type Io = {stdout: Out; stdin: In; process?: NodeJS.EventEmitter; exit?: (code: number) => void; dieBy?: (signal: NodeJS.Signals) => void};

const SIGNALS = {SIGINT: 130, SIGTERM: 143} as const;

/**
 * Writes `frame` (the skeleton's lines, ending without a newline) on the alternate screen with the
 * cursor hidden, turns raw mode on, and watches stdout for Ink's first frame (see above).
 */
export function holdForSkeleton(frame: string, {stdout, stdin, process: target = process, exit = code => process.exit(code), dieBy = dieBySignal}: Io): SkeletonHold {
	const write = stdout.write;
	let replaced = false;
	let restored = false;
	let dropped = false;
	const unwatch = () => {
		if (stdout.write !== watching) return;
		// the stream's own write again (it was an own property only while watched)
		delete (stdout as Partial<Out>).write;
		if (stdout.write !== write) stdout.write = write;
	};
	const watching = function (this: Out, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
		const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
		if (!dropped && text === ALTERNATE_ON) {
			dropped = true;
			const done = rest.find(arg => typeof arg === 'function') as (() => void) | undefined;
			if (done) queueMicrotask(done);
			return true;
		}
		// escape sequences alone (the cursor hidden again, a window title) are not the frame
		if (text !== SYNC_BEGIN && CONTROLS_ONLY.test(text)) return write.call(stdout, chunk, ...rest);
		unwatch();
		replaced = true;
		const cleared = text.startsWith(SYNC_BEGIN) ? SYNC_BEGIN + HOME_CLEAR + text.slice(SYNC_BEGIN.length) : text === SYNC_BEGIN ? text + HOME_CLEAR : HOME_CLEAR + text;
		return write.call(stdout, cleared, ...rest);
	};

	const onSignal = (signal: keyof typeof SIGNALS | 'SIGHUP') => {
		handOver();
		if (signal === 'SIGHUP') {
			restored = true;
			unwatch();
			dieBy('SIGHUP');
			return;
		}
		hold.restore();
		exit(SIGNALS[signal]);
	};
	const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map(signal => [signal, () => onSignal(signal)] as const);
	const handOver = () => {
		for (const [signal, handler] of handlers) target.removeListener(signal, handler);
	};

	const hold: SkeletonHold = {
		handOver,
		restore() {
			if (restored) return;
			restored = true;
			unwatch();
			try {
				stdin.setRawMode?.(false);
			} catch {
				// the terminal is gone
			}
			try {
				write.call(stdout, fallbackRestoreSequence);
			} catch {
				// the terminal is gone
			}
		},
		get replaced() {
			return replaced;
		},
	};

	for (const [signal, handler] of handlers) target.on(signal, handler);
	// raw mode first: a key typed once the skeleton shows is never echoed
	try {
		if (stdin.isTTY) stdin.setRawMode?.(true);
	} catch {
		// Ink will say what is wrong with the terminal
	}
	write.call(stdout, `${ALTERNATE_ON}${CURSOR_HIDE}${WRAP_OFF}${HOME_CLEAR}${frame}${WRAP_ON}`);
	stdout.write = watching;
	return hold;
}
