// The fatal path end to end: an uncaught exception or unhandled rejection in the running app
// restores the terminal, then prints one line, exit 1. A render error takes the same path through
// FatalBoundary, checked here in-process.
import {join} from 'node:path';
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {FatalBoundary} from '../../source/terminal/FatalBoundary.js';
import {alternateScreenOff, buildOnce, root, spawnCli, type PtySession} from './pty.js';

const sessions: PtySession[] = [];

beforeAll(() => {
	buildOnce();
}, 120_000);

afterEach(() => {
	for (const session of sessions.splice(0)) {
		session.dispose();
	}
});

describe('fatal errors in the running app', () => {
	it.each([
		['an uncaught exception', 'throw', 'ohtui: fatal: injected failure at somewhere (file.js:1:1)'],
		['an unhandled rejection', 'rejection', 'ohtui: fatal: injected rejection'],
	])('%s: restore, then one line, exit 1', async (_name, mode, line) => {
		const session = spawnCli({
			nodeArgs: ['--import', join(root, 'test', 'e2e', 'injectFailure.mjs')],
			env: {OHTUI_INJECT: mode},
		});
		sessions.push(session);
		// the demo's list drawn (its first row, an agent server's, has no sandbox status to wait for)
		await session.waitForText(/\d+ loaded · attention first/);
		session.kill('SIGUSR2');
		expect((await session.waitForExit()).exitCode).toBe(1);
		expect(session.bufferType()).toBe('normal');
		const afterRestore = session.raw.slice(session.raw.lastIndexOf(alternateScreenOff));
		expect(afterRestore).toContain(line);
		expect(session.screenText()).toContain(line);
		expect(session.screenText()).not.toContain('node:internal');
	});
});

describe('FatalBoundary', () => {
	function Broken(): React.ReactNode {
		throw new Error('render exploded');
	}

	it('hands a render error to the fatal path instead of drawing a stack trace', async () => {
		const onFatal = vi.fn();
		const {lastFrame} = render(
			<FatalBoundary onFatal={onFatal}>
				<Broken />
			</FatalBoundary>,
		);
		await vi.waitFor(() => expect(onFatal).toHaveBeenCalledOnce());
		expect((onFatal.mock.calls[0]![0] as Error).message).toBe('render exploded');
		expect(lastFrame() ?? '').not.toContain('render exploded');
	});
});
