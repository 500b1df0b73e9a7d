// In-process tests of the one exit path (source/terminal): the paths a pty cannot provoke on
// demand (an uncaught exception, an unhandled rejection, a failing cleanup) are driven here.
import {EventEmitter} from 'node:events';
import {describe, expect, it, vi} from 'vitest';
import {createLifecycle, oneLine} from '../../source/terminal/lifecycle.js';
import {createScreen, fallbackRestoreSequence} from '../../source/terminal/screen.js';
import {createSuspender} from '../../source/terminal/suspend.js';

const RELEASED = '<ink unmount>';

function setup(cleanupTimeoutMs = 50) {
	const out: string[] = [];
	const err: string[] = [];
	const exits: number[] = [];
	const events: string[] = [];
	const deaths: string[] = [];
	const terminal = {gone: false};
	const proc = Object.assign(new EventEmitter(), {stdout: new EventEmitter(), stdin: new EventEmitter()});
	const screen = createScreen({write: (chunk: string) => events.push('out') && out.push(chunk)}, {TERM: 'xterm-256color'});
	// the UI's hold: Ink's unmount, which writes its own restore (a stand-in here)
	const release = vi.fn(() => {
		events.push('out');
		out.push(RELEASED);
	});
	const lifecycle = createLifecycle({
		screen,
		stderr: {write: (chunk: string) => events.push('err') && err.push(chunk)},
		exit: code => exits.push(code),
		redact: text => text.split('sk-secret').join('***'),
		cleanupTimeoutMs,
		process: proc,
		terminalGone: () => terminal.gone,
		dieBy: signal => deaths.push(signal),
	});
	const uninstall = lifecycle.installProcessHandlers();
	screen.hold(release);
	return {out, err, exits, events, proc, lifecycle, uninstall, terminal, deaths, release, screen};
}

describe('lifecycle', () => {
	it('quits once: cleanups newest first, then restore, then exit 0', async () => {
		const {out, exits, lifecycle} = setup();
		const order: string[] = [];
		lifecycle.defer(async () => order.push('close client'));
		lifecycle.defer(() => order.push('dispose store'));
		lifecycle.defer(() => order.push('unmount'));
		lifecycle.quit();
		lifecycle.quit();
		await vi.waitFor(() => expect(exits).toEqual([0]));
		expect(order).toEqual(['unmount', 'dispose store', 'close client']);
		expect(out).toEqual([RELEASED]);
	});

	it.each([
		['SIGTERM', 143],
		['SIGHUP', 129],
		['SIGINT', 130],
	])('%s restores and exits %i', async (signal, code) => {
		const {out, exits, proc} = setup();
		proc.emit(signal);
		await vi.waitFor(() => expect(exits).toEqual([code]));
		expect(out.at(-1)).toBe(RELEASED);
	});

	it('an uncaught exception restores first, then prints one redacted line, exit 1', async () => {
		const {err, exits, events, proc} = setup();
		proc.emit('uncaughtException', new Error('boom\n  at sk-secret \u001B[31mred'));
		await vi.waitFor(() => expect(exits).toEqual([1]));
		// restore, then the message under the restored prompt
		expect(events).toEqual(['out', 'err']);
		expect(err).toEqual(['ohtui: fatal: boom at *** red\n']);
	});

	it('an unhandled rejection takes the same path', async () => {
		const {err, exits, proc} = setup();
		proc.emit('unhandledRejection', 'plain reason');
		await vi.waitFor(() => expect(exits).toEqual([1]));
		expect(err).toEqual(['ohtui: fatal: plain reason\n']);
	});

	it('a throwing cleanup or one that never settles does not keep the terminal broken', async () => {
		const {out, exits, lifecycle} = setup(20);
		lifecycle.defer(async () => new Promise(() => undefined));
		lifecycle.defer(() => {
			throw new Error('unmount failed');
		});
		lifecycle.fatal(new Error('render exploded'));
		expect(out.at(-1)).toBe(RELEASED);
		await vi.waitFor(() => expect(exits).toEqual([1]));
	});

	it('a second signal while cleanups hang exits at once', () => {
		const {exits, lifecycle, proc} = setup(60_000);
		lifecycle.defer(async () => new Promise(() => undefined));
		proc.emit('SIGTERM');
		expect(exits).toEqual([]);
		proc.emit('SIGINT');
		expect(exits).toEqual([130]);
	});

	it('a cleanup registered after shutdown began runs at once', () => {
		const {lifecycle} = setup();
		lifecycle.quit();
		expect(lifecycle.stopping).toBe(true);
		const late = vi.fn();
		lifecycle.defer(late);
		expect(late).toHaveBeenCalledOnce();
	});

	it('uninstalls its handlers', () => {
		const {proc, uninstall} = setup();
		uninstall();
		expect(proc.listenerCount('SIGTERM')).toBe(0);
		expect(proc.stdout.listenerCount('error')).toBe(0);
	});

	it('after a hang-up nothing touches the terminal: no cleanup, no restore, the end comes by SIGHUP itself', () => {
		const {out, err, exits, proc, lifecycle, terminal, deaths} = setup();
		const unmount = vi.fn();
		lifecycle.defer(unmount);
		const before = out.length;
		terminal.gone = true;
		proc.emit('SIGHUP');
		expect(deaths).toEqual(['SIGHUP']);
		expect(unmount).not.toHaveBeenCalled();
		expect(out.length).toBe(before);
		expect(err).toEqual([]);
		expect(exits).toEqual([]);
		proc.emit('SIGTERM');
		expect(deaths).toEqual(['SIGHUP']);
	});

	it('SIGTERM or a fatal error on a dead terminal also ends by a signal, never by Node exit', () => {
		const a = setup();
		a.terminal.gone = true;
		a.proc.emit('SIGTERM');
		expect(a.deaths).toEqual(['SIGTERM']);
		const b = setup();
		b.terminal.gone = true;
		b.lifecycle.fatal(new Error('late'));
		expect(b.deaths).toEqual(['SIGHUP']);
		expect(b.err).toEqual([]);
	});

	it('stdin ending (a tty gone without a SIGHUP) ends the app instead of polling on', async () => {
		const alive = setup();
		alive.proc.stdin.emit('end');
		await vi.waitFor(() => expect(alive.exits).toEqual([129]));
		expect(alive.out.at(-1)).toBe(RELEASED);
		const dead = setup();
		dead.terminal.gone = true;
		dead.proc.stdin.emit('error', Object.assign(new Error('read EIO'), {code: 'EIO'}));
		expect(dead.deaths).toEqual(['SIGHUP']);
		expect(dead.exits).toEqual([]);
	});

	it('oneLine keeps messages short and plain', () => {
		expect(oneLine(new Error(''))).toBe('Error');
		expect(oneLine(undefined)).toBe('undefined');
		expect(oneLine('x'.repeat(400))).toHaveLength(301);
	});
});

describe('suspend (Ctrl-z, SIGTSTP, SIGCONT)', () => {
	function suspender(canStop = true) {
		const proc = new EventEmitter();
		const log: string[] = [];
		const s = createSuspender({
			process: proc,
			stop: () => log.push(`stop with ${proc.listenerCount('SIGTSTP')} SIGTSTP listeners`),
			canStop: () => canStop,
		});
		// Ink's suspendTerminal: gives the terminal back, runs the callback, takes it again
		const handOver = async (during: () => Promise<void> | void) => {
			log.push('terminal given back');
			await during();
			log.push('terminal taken again');
		};
		const uninstall = s.install();
		const detach = s.attach(handOver);
		return {proc, log, s, uninstall, detach};
	}

	it('gives the terminal back through Ink, then stops with SIGTSTP at its default action; fg takes it again', async () => {
		const {log, s} = suspender();
		expect(s.suspend()).toBe(true);
		// no listener of ours while stopping: the kernel's default action stops the process
		expect(log).toEqual(['terminal given back', 'stop with 0 SIGTSTP listeners']);
		await vi.waitFor(() => expect(log.at(-1)).toBe('terminal taken again'));
	});

	it('an outside SIGTSTP does the same; SIGCONT listens for SIGTSTP again; one suspension at a time', async () => {
		const {proc, log, s} = suspender();
		proc.emit('SIGTSTP');
		expect(s.suspend()).toBe(false);
		proc.emit('SIGCONT');
		expect(proc.listenerCount('SIGTSTP')).toBe(1);
		await vi.waitFor(() => expect(log.at(-1)).toBe('terminal taken again'));
		// a stray SIGCONT while running changes nothing
		proc.emit('SIGCONT');
		expect(proc.listenerCount('SIGTSTP')).toBe(1);
		expect(s.suspend()).toBe(true);
	});

	it('without a job-control shell it refuses and keeps the terminal', () => {
		const {log, s} = suspender(false);
		expect(s.suspend()).toBe(false);
		expect(log).toEqual([]);
	});

	it('before the UI is drawn there is nothing to give back: it only stops', () => {
		const {log, s, detach} = suspender();
		detach();
		expect(s.suspend()).toBe(true);
		expect(log).toEqual(['stop with 0 SIGTSTP listeners']);
	});
});

describe('screen', () => {
	it('restores once, through the UI\'s release; by hand only when that throws', () => {
		const out: string[] = [];
		const screen = createScreen({write: (chunk: string) => out.push(chunk)}, {TERM: 'screen-256color'});
		const release = vi.fn();
		screen.hold(release);
		expect(screen.active).toBe(true);
		screen.restore();
		screen.restore();
		expect(release).toHaveBeenCalledOnce();
		expect(out).toEqual([]);
		screen.hold(() => {
			throw new Error('unmount failed halfway');
		});
		screen.restore();
		expect(out).toEqual([fallbackRestoreSequence]);
		expect(screen.active).toBe(false);
	});

	it('TERM unset, empty or dumb: nothing of its own written, even when the release throws', () => {
		for (const env of [{}, {TERM: ''}, {TERM: 'dumb'}]) {
			const out: string[] = [];
			const screen = createScreen({write: (chunk: string) => out.push(chunk)}, env);
			screen.hold(() => {
				throw new Error('x');
			});
			screen.restore();
			expect(screen.capable).toBe(false);
			expect(out).toEqual([]);
		}
	});
});
