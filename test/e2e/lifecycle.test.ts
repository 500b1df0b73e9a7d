// In-process tests of the one exit path (source/terminal): the paths a pty cannot provoke on
// demand (an uncaught exception, an unhandled rejection, a failing cleanup) are driven here.
import {EventEmitter} from 'node:events';
import {describe, expect, it, vi} from 'vitest';
import {createLifecycle, oneLine} from '../../source/terminal/lifecycle.js';
import {createScreen, restoreSequence} from '../../source/terminal/screen.js';

function setup(cleanupTimeoutMs = 50) {
	const out: string[] = [];
	const err: string[] = [];
	const exits: number[] = [];
	const events: string[] = [];
	const proc = Object.assign(new EventEmitter(), {stdout: new EventEmitter()});
	const screen = createScreen({write: (chunk: string) => events.push('out') && out.push(chunk)});
	const lifecycle = createLifecycle({
		screen,
		stderr: {write: (chunk: string) => events.push('err') && err.push(chunk)},
		exit: code => exits.push(code),
		redact: text => text.split('sk-secret').join('***'),
		cleanupTimeoutMs,
		process: proc,
	});
	const uninstall = lifecycle.installProcessHandlers();
	screen.enter();
	return {out, err, exits, events, proc, lifecycle, uninstall};
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
		expect(out.join('').endsWith(restoreSequence)).toBe(true);
		expect(out.filter(chunk => chunk === restoreSequence)).toHaveLength(1);
	});

	it.each([
		['SIGTERM', 143],
		['SIGHUP', 129],
		['SIGINT', 130],
	])('%s restores and exits %i', async (signal, code) => {
		const {out, exits, proc} = setup();
		proc.emit(signal);
		await vi.waitFor(() => expect(exits).toEqual([code]));
		expect(out.at(-1)).toBe(restoreSequence);
	});

	it('an uncaught exception restores first, then prints one redacted line, exit 1', async () => {
		const {err, exits, events, proc} = setup();
		proc.emit('uncaughtException', new Error('boom\n  at sk-secret \u001B[31mred'));
		await vi.waitFor(() => expect(exits).toEqual([1]));
		// enter, restore, then the message under the restored prompt
		expect(events).toEqual(['out', 'out', 'err']);
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
		expect(out.at(-1)).toBe(restoreSequence);
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

	it('oneLine keeps messages short and plain', () => {
		expect(oneLine(new Error(''))).toBe('Error');
		expect(oneLine(undefined)).toBe('undefined');
		expect(oneLine('x'.repeat(400))).toHaveLength(301);
	});
});
