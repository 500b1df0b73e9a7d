/**
 * Low-level facts about the controlling terminal, for the exit paths (issue 9 item 14).
 *
 * Node 20 aborts (SIGABRT) or crashes (SIGSEGV) when it exits normally after its terminal hung up:
 * at exit it restores the terminal modes it found at start and CHECKs that tcsetattr worked, which
 * on a hung-up tty fails with EIO (nodejs/node#51519, fixed upstream by #58200, not in 20.20). A
 * plain `process.exit` after an SSH drop therefore never reaches the shell as 129. Ending by the
 * signal itself, with its default action, skips Node's exit path entirely.
 */
import {writeSync} from 'node:fs';

/**
 * Whether the terminal on `fd` has gone away (hung up, closed). A zero-length write never blocks
 * and writes nothing, yet a hung-up tty refuses it with EIO.
 */
export function terminalGone(fd = 1): boolean {
	try {
		writeSync(fd, '');
		return false;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'EIO' || code === 'ENXIO' || code === 'EBADF' || code === 'EPIPE';
	}
}

/** What must be done however the process ends (./notifyCommand.ts: the notify programs still running). */
const lastSteps = new Set<() => void>();

/**
 * `step` runs at the end by a signal too, where Node's `exit` event does not come: quick,
 * synchronous, and never touching the terminal (it may be gone). Returns the function that removes it.
 */
export function beforeDeathBySignal(step: () => void): () => void {
	lastSteps.add(step);
	return () => lastSteps.delete(step);
}

/**
 * Ends the process by `signal` with its default action (the shell reports 128+N), without
 * running Node's exit path. Every listener for it goes first: with none left, libuv gives the
 * signal its default action back, even one the parent had ignored.
 */
export function dieBySignal(signal: NodeJS.Signals): void {
	for (const step of lastSteps) {
		try {
			step();
		} catch {
			// the signal still ends the process
		}
	}
	process.removeAllListeners(signal);
	process.kill(process.pid, signal);
	// Not reached for SIGHUP, SIGTERM or SIGINT; should the signal somehow be ignored, do not linger.
	setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200).unref();
}

/**
 * Node writes to a terminal synchronously: once the terminal stops reading (a stalled SSH link,
 * a paused tmux pane, XOFF) the next frame blocks the whole event loop, and even SIGTERM waits
 * for ever. Non-blocking, a write that cannot go out waits in the stream's queue instead, and the
 * exit path stops waiting for it after a moment.
 */
export function writeWithoutBlocking(stream: NodeJS.WriteStream): void {
	const handle = (stream as unknown as {_handle?: {setBlocking?: (blocking: boolean) => unknown}})._handle;
	if (stream.isTTY && typeof handle?.setBlocking === 'function') {
		handle.setBlocking(false);
	}
}

type ReadHandle = {reading?: boolean; readStop?: () => number; readStart?: () => number};

/**
 * Stops Node reading the terminal while a program ohtui started (a pager, an editor) has it, and
 * returns how to start again. Both processes read the same tty, and a Node stream keeps its handle
 * reading (until 16-64 kB are buffered) even with no listener and after `pause()`: keys typed into
 * `less` went to ohtui instead, at random. libuv's readStop is what stops it. The handle stays
 * marked as reading meanwhile, so nothing in the stream starts it again (net.Socket's _read starts
 * a handle not marked as reading); a read the stream asked for meanwhile waits, and `start`
 * (reading again, whatever the handle did before: Ink reads keys again right after) serves it.
 */
export function stopReading(stream: NodeJS.ReadableStream): () => void {
	const handle = (stream as unknown as {_handle?: ReadHandle})._handle;
	if (typeof handle?.readStop !== 'function' || typeof handle.readStart !== 'function') return () => {};
	handle.readStop();
	handle.reading = true;
	return () => {
		handle.readStart!();
	};
}
