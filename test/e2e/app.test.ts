// The whole app in a real pseudo-terminal: demo mode, tab keys, and every way out restoring the
// terminal (alternate screen left, cursor shown).
import {describe, expect, it} from 'vitest';
import {alternateScreenOff, alternateScreenOn, cursorShow, ptySessions, type PtySession} from './pty.js';

const restored = `${alternateScreenOff}${cursorShow}`;
const sessions = ptySessions();

function start(args: string[] = [], env: Record<string, string> = {}): PtySession {
	return sessions.spawn({args, env});
}

/** Waits for data rows, not just the first frame: Ink turns on raw mode in an effect after the
 * first frame, and a Ctrl-c typed before that is the tty's SIGINT rather than a key. */
async function startDemo(env: Record<string, string> = {}): Promise<PtySession> {
	const session = start([], env);
	// the list drawn (the selected first row of the demo is an agent server's: no sandbox status to wait for)
	await session.waitForText(/\d+ loaded · attention first/);
	return session;
}

/** The last thing written leaves the alternate screen and shows the cursor (cli-cursor may add
 * one more cursor-show of its own at exit; nothing else may follow). */
function expectRestored(session: PtySession): void {
	expect(session.raw).toContain(alternateScreenOn);
	const tail = session.raw.slice(session.raw.lastIndexOf(restored));
	expect(tail.startsWith(restored)).toBe(true);
	expect(tail.replaceAll(cursorShow, '')).toBe(alternateScreenOff);
	expect(session.bufferType()).toBe('normal');
}

describe('ohtui in a terminal', () => {
	it('starts in demo mode on the alternate screen with the tabs and demo data', async () => {
		// demo conversations come from the embedded server
		const session = await startDemo();
		expect(session.bufferType()).toBe('alternate');
		const screen = session.screenText();
		for (const tab of ['Settings', 'Conversations', 'Sandboxes', 'Specs']) {
			expect(screen).toContain(tab);
		}

		expect(screen).toMatch(/demo/i);
		// the demo's two servers listen after the first frame: the header says each is ok then, and
		// the one list holds the app server's conversations and the agent server's
		// (a word per server: ok, or how many of its agents need you)
		await session.waitForText(/^ohtui app (ok|\d+ needs? you) · agent (ok|\d+ needs? you) +demo/m);
		await session.waitForText(/^[› ] app +\S[\s\S]*^[› ] agent +\S|^[› ] agent +\S[\s\S]*^[› ] app +\S/m);
		session.press('1');
		await session.waitForText('CodeActAgent');
	});

	it('3 shows the Sandboxes tab with demo sandboxes', async () => {
		const session = await startDemo();
		expect(session.screenText()).not.toMatch(/STATUS\s+SPEC/);
		session.press('3');
		// the sandbox table's own columns and its specs, and the sandbox keys in the footer
		await session.waitForText(/STATUS\s+SPEC/);
		await session.waitForText(/(RUNNING|PAUSED).*server:/);
		// the footer offers what the selected sandbox's status allows (the demo's newest one may be
		// booting, ERROR as the server's health check says, or running)
		const screen = session.screenText();
		const status = /^\s*› .*?\b(RUNNING|STARTING|PAUSED|ERROR|MISSING)\b/m.exec(screen)?.[1];
		if (status === 'MISSING') expect(screen).not.toMatch(/p pause|r resume/);
		else expect(screen).toContain(status === 'RUNNING' || status === 'STARTING' ? 'p pause' : 'r resume');
	});

	it('redraws the whole screen on resize, wider and narrower, with no stale lines left', async () => {
		const session = await startDemo();
		session.press('3');
		await session.waitForText('URLS');
		for (const [cols, rows] of [
			[100, 30],
			[130, 45],
			[90, 26],
		] as const) {
			session.resize(cols, rows);
			// eslint-disable-next-line no-await-in-loop
			// the table's header line spans the width (the header's first line with two servers may not)
			await session.waitForText(new RegExp(`^.*\\n.*\\n.{${cols - 10},${cols}}\\n`));
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 300));
			const lines = session.screenText().split('\n');
			expect(lines[0]).toMatch(/^ohtui .*demo/);
			expect(lines[1]).toMatch(/1 Settings.*2 Conversations.*3 Sandboxes.*4 Specs/);
			expect(lines[2]).toContain('URLS');
			expect(lines.filter(line => line.includes('ohtui '))).toHaveLength(1);
			expect(lines.filter(line => line.includes('URLS'))).toHaveLength(1);
		}
	});

	it('q exits 0 and restores the terminal', async () => {
		const session = await startDemo();
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
		expectRestored(session);
	});

	it('Ctrl-c exits 0 and restores the terminal', async () => {
		const session = await startDemo();
		session.press('\u0003');
		expect((await session.waitForExit()).exitCode).toBe(0);
		expectRestored(session);
	});

	it.each([
		['SIGTERM', 143],
		['SIGHUP', 129],
		['SIGINT', 130],
	] as const)('%s restores the terminal and exits %i', async (signal, code) => {
		const session = await startDemo();
		session.kill(signal);
		expect((await session.waitForExit()).exitCode).toBe(code);
		expectRestored(session);
	});

	it('draws in colour, and in none with NO_COLOR (bold and inverse are not colour: they stay)', async () => {
		const colour = /\u001B\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;
		const coloured = await startDemo();
		expect(coloured.raw).toMatch(colour);
		const plain = await startDemo({NO_COLOR: '1'});
		expect(plain.raw).not.toMatch(colour);
		expect(plain.raw).toContain('\u001B[7m');
	});
});
