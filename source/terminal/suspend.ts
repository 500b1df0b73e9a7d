/**
 * Job control (issue 9 item 13). In raw mode the terminal sends Ctrl-z as a byte instead of
 * stopping the process, and a SIGTSTP from outside (`kill -TSTP`, a shell's `suspend`) would stop
 * it with the screen and modes still set. Like any full-screen program: give the terminal back
 * (cooked mode, normal screen, cursor), stop, and on SIGCONT (`fg`) take it again and redraw.
 *
 * Stopping is SIGTSTP with its default action: with no listener left for it, libuv restores
 * SIG_DFL, so the process stops inside `kill` and the shell sees a stopped job, as for any program.
 * A process group without a job-control shell above it (orphaned, e.g. `ssh host ohtui`) cannot
 * be stopped: the kernel discards SIGTSTP; the screen is then taken back at once with a notice.
 */
import {readFileSync} from 'node:fs';
import type {Screen} from './screen.js';

export type Suspender = {
	/** Ctrl-z: give the terminal back and stop; returns false (and changes nothing) where stopping is impossible */
	suspend(): boolean;
	/** called after SIGCONT once the terminal is ohtui's again (the UI redraws in full) */
	onResume(listener: () => void): () => void;
	/** SIGTSTP and SIGCONT handlers; returns their removal */
	install(): () => void;
};

type Input = {isTTY?: boolean; setRawMode?: (mode: boolean) => unknown};

export type SuspenderOptions = {
	screen: Screen;
	stdin: Input;
	/** the process to hook (stand-in in tests) */
	process?: NodeJS.EventEmitter;
	/** stops this process (tests stand in); default SIGTSTP to itself */
	stop?: () => void;
	/** whether a job-control shell can continue us; default: /proc says our group is not orphaned */
	canStop?: () => boolean;
};

export function createSuspender(options: SuspenderOptions): Suspender {
	const {screen, stdin} = options;
	const target = options.process ?? process;
	const stop = options.stop ?? (() => process.kill(process.pid, 'SIGTSTP'));
	const canStop = options.canStop ?? jobControlAvailable;
	const listeners = new Set<() => void>();
	let suspended = false;
	let installed = false;

	const giveBack = () => {
		setRaw(stdin, false);
		screen.restore();
	};

	const takeBack = () => {
		if (!suspended) return;
		suspended = false;
		setRaw(stdin, true);
		screen.enter();
		for (const listener of listeners) listener();
	};

	const onTstp = () => {
		suspendNow();
	};

	const onCont = () => {
		if (installed && target.listenerCount('SIGTSTP') === 0) target.on('SIGTSTP', onTstp);
		takeBack();
	};

	function suspendNow(): boolean {
		if (suspended || !canStop()) return false;
		suspended = true;
		giveBack();
		// With no listener, SIGTSTP has its default action again: stop, right here.
		target.off('SIGTSTP', onTstp);
		stop();
		return true;
	}

	return {
		suspend: suspendNow,
		onResume(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
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

function setRaw(stdin: Input, mode: boolean): void {
	if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') return;
	try {
		stdin.setRawMode(mode);
	} catch {
		// a terminal that went away meanwhile: the hang-up path handles it
	}
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
