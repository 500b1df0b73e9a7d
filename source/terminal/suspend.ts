/**
 * Job control (issue 9 item 13). In raw mode the terminal sends Ctrl-z as a byte instead of
 * stopping the process, and a SIGTSTP from outside (`kill -TSTP`, a shell's `suspend`) would stop
 * it with the screen and modes still set. Like any full-screen program: give the terminal back,
 * stop, and on `fg` take it again and redraw.
 *
 * Giving the terminal back and taking it again is Ink's `suspendTerminal()` (Ink 7.1): it stops
 * drawing and reading, turns raw mode and bracketed paste off, leaves the alternate screen, and
 * after its callback re-enters and redraws in full. Ink has no job control, so this module keeps
 * what it lacks: stopping is SIGTSTP with its default action (with no listener left for it, libuv
 * restores SIG_DFL, so the process stops inside `kill`, inside Ink's callback, and the shell sees a
 * stopped job, as for any program); `fg` continues right there and Ink takes the terminal back. A
 * process group without a job-control shell above it (orphaned, e.g. `ssh host ohtui`) cannot be
 * stopped: the kernel discards SIGTSTP, so ohtui refuses instead of blanking the screen.
 */
import {readFileSync} from 'node:fs';
import {childHasTerminal, type HandOver} from './handOff.js';

export type Suspender = {
	/** Ctrl-z: give the terminal back and stop; returns false (and changes nothing) where stopping is impossible */
	suspend(): boolean;
	/** the UI's way to hand the terminal over, once it is drawn; returns its removal */
	attach(handOver: HandOver): () => void;
	/** SIGTSTP and SIGCONT handlers; returns their removal */
	install(): () => void;
};

export type SuspenderOptions = {
	/** the process to hook (stand-in in tests) */
	process?: NodeJS.EventEmitter;
	/** stops this process (tests stand in); default SIGTSTP to itself */
	stop?: () => void;
	/** whether a job-control shell can continue us; default: /proc says our group is not orphaned */
	canStop?: () => boolean;
};

export function createSuspender(options: SuspenderOptions = {}): Suspender {
	const target = options.process ?? process;
	const stop = options.stop ?? (() => process.kill(process.pid, 'SIGTSTP'));
	const canStop = options.canStop ?? jobControlAvailable;
	let handOver: HandOver | null = null;
	let suspended = false;
	let installed = false;

	const onTstp = () => {
		// Ctrl-z under the user's pager or editor (terminal/handOff.ts): the terminal is already
		// handed over; stop with that program, as one job, and `fg` continues both
		if (childHasTerminal()) stopHere();
		else suspendNow();
	};

	const onCont = () => {
		if (installed && target.listenerCount('SIGTSTP') === 0) target.on('SIGTSTP', onTstp);
	};

	/** With no listener, SIGTSTP has its default action again: stop, right here, until `fg`. */
	const stopHere = () => {
		target.off('SIGTSTP', onTstp);
		stop();
	};

	function suspendNow(): boolean {
		if (suspended || !canStop()) return false;
		suspended = true;
		if (handOver === null) {
			// before the first frame: the terminal is still as the shell left it
			stopHere();
			suspended = false;
			return true;
		}
		handOver(stopHere)
			.catch(() => undefined)
			.finally(() => {
				suspended = false;
			});
		return true;
	}

	return {
		suspend: suspendNow,
		attach(next) {
			handOver = next;
			return () => {
				if (handOver === next) handOver = null;
			};
		},
		install() {
			installed = true;
			target.on('SIGTSTP', onTstp);
			target.on('SIGCONT', onCont);
			return () => {
				installed = false;
				target.off('SIGTSTP', onTstp);
				target.off('SIGCONT', onCont);
			};
		},
	};
}

/**
 * POSIX: a stop signal to an orphaned process group is discarded. Our group is not orphaned when
 * our parent is in the same session but another group (a job-control shell). Read from /proc
 * (Linux); elsewhere assume a shell.
 */
export function jobControlAvailable(): boolean {
	try {
		const self = statFields(process.pid);
		const parent = statFields(self.ppid);
		return parent.session === self.session && parent.pgrp !== self.pgrp;
	} catch {
		return process.platform !== 'linux';
	}
}

function statFields(pid: number): {ppid: number; pgrp: number; session: number} {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	// the command name (field 2) may hold spaces: split after its closing parenthesis
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return {ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3])};
}
