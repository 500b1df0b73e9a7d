// Issue 9 items 13 and 14 in a real pty: Ctrl-z and an outside SIGTSTP under a job-control shell,
// an SSH drop (the pty closed under the app), SIGTERM while the terminal has stopped reading.
import {readdirSync, readFileSync} from 'node:fs';
import * as pty from 'node-pty';
import xterm from '@xterm/headless';
import {describe, expect, it} from 'vitest';
import {childEnv, cliPath, ptySessions, tempHome, type PtySession} from './pty.js';
import {newConversationOn} from './demoServers.js';

const sessions = ptySessions();

function demo(env: Record<string, string> = {}): PtySession {
	return sessions.spawn({env});
}

/** An interactive bash (job control on) in a pty, read through a headless terminal. */
function shell() {
	const home = tempHome();
	const terminal = new xterm.Terminal({cols: 120, rows: 40, allowProposedApi: true, scrollback: 200});
	const child = pty.spawn('bash', ['--norc', '--noprofile', '-i'], {name: 'xterm-256color', cols: 120, rows: 40, cwd: home.home, env: childEnv(home.home, {PS1: 'shell$ '})});
	let pending = 0;
	child.onData(data => {
		pending++;
		terminal.write(data, () => pending--);
	});
	const screenText = () => {
		const buffer = terminal.buffer.active;
		return Array.from({length: terminal.rows}, (_, row) => buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '').join('\n');
	};
	const session = {
		pid: child.pid,
		type: (text: string) => child.write(text),
		bufferType: () => terminal.buffer.active.type,
		screenText,
		async waitFor(check: (screen: string) => boolean, what: string, timeoutMs = 15_000) {
			const deadline = Date.now() + timeoutMs;
			while (pending > 0 || !check(screenText())) {
				if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screenText()}`);
				// eslint-disable-next-line no-await-in-loop
				await new Promise(resolve => setTimeout(resolve, 25));
			}
		},
		dispose() {
			try {
				child.kill('SIGKILL');
			} catch {
				// gone
			}
			terminal.dispose();
			home.dispose();
		},
	};
	return sessions.track(session);
}

describe('job control (item 13)', () => {
	it('Ctrl-z gives the terminal back to the shell; fg takes it again and redraws in full', async () => {
		const sh = shell();
		await sh.waitFor(screen => screen.includes('shell$'), 'the prompt');
		sh.type(`${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)}\r`);
		await sh.waitFor(screen => /\d+ loaded · attention first/.test(screen), 'the app');
		expect(sh.bufferType()).toBe('alternate');
		sh.type('\u001A');
		await sh.waitFor(screen => /Stopped/.test(screen), 'the shell to report a stopped job');
		expect(sh.bufferType()).toBe('normal');
		// the shell is usable: cooked mode, echo on
		sh.type('echo back-at-the-shell\r');
		await sh.waitFor(screen => screen.includes('\nback-at-the-shell'), 'the echo');
		sh.type('fg\r');
		await sh.waitFor(screen => /\d+ loaded · attention first/.test(screen) && screen.includes('1 Settings'), 'the app again');
		expect(sh.bufferType()).toBe('alternate');
		// keys work (raw mode is back): tab 4, then quit
		sh.type('4');
		await sh.waitFor(screen => screen.includes('WORKING DIR'), 'the Specs tab');
		sh.type('q');
		await sh.waitFor(screen => /shell\$ *$/.test(screen.trimEnd()), 'the prompt after quitting');
		expect(sh.bufferType()).toBe('normal');
	});

	it('an outside SIGTSTP then fg: the terminal was given back, and comes back redrawn', async () => {
		const sh = shell();
		await sh.waitFor(screen => screen.includes('shell$'), 'the prompt');
		sh.type(`${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)} & fg\r`);
		await sh.waitFor(screen => /\d+ loaded · attention first/.test(screen), 'the app');
		// the app is the shell's child running the bundle
		const pid = childRunning(sh.pid, cliPath);
		process.kill(pid, 'SIGTSTP');
		await sh.waitFor(screen => /Stopped/.test(screen), 'a stopped job');
		expect(sh.bufferType()).toBe('normal');
		sh.type('fg\r');
		await sh.waitFor(screen => screen.includes('1 Settings') && /\d+ loaded · attention first/.test(screen), 'the app again');
		expect(sh.bufferType()).toBe('alternate');
		sh.type('q');
		await sh.waitFor(screen => /shell\$ *$/.test(screen.trimEnd()), 'the prompt after quitting');
	});
});

describe('a terminal that goes away or stops reading (item 14)', () => {
	it('an SSH drop (the pty closed under the app) ends by SIGHUP, never by a crash', async () => {
		for (let run = 0; run < 3; run++) {
			const home = tempHome();
			const child = pty.spawn(process.execPath, [cliPath], {name: 'xterm-256color', cols: 120, rows: 40, cwd: home.home, env: childEnv(home.home)});
			let out = '';
			// eslint-disable-next-line no-await-in-loop
			const exit = await new Promise<{exitCode: number; signal?: number}>(resolve => {
				let closing = false;
				child.onData(data => {
					out += data;
					if (!closing && /\d+ loaded/.test(out)) {
						closing = true;
						setTimeout(() => (child as unknown as {destroy(): void}).destroy(), 200);
					}
				});
				child.onExit(resolve);
			});
			home.dispose();
			// 1 is SIGHUP (a shell reports 129); Node 20's own exit path would end in 6 or 11 here
			expect(exit.signal).toBe(1);
		}
	});

	it('SIGTERM ends the app even while the terminal has stopped reading', async () => {
		const session = demo();
		await session.waitForText(/\d+ loaded/);
		session.press('3');
		await session.waitForText('STATUS');
		session.pauseOutput();
		// frames pile up: more than any pty buffer holds (one key per read, each a frame)
		for (let i = 0; i < 300; i++) {
			session.press(i % 2 ? 'k' : 'j');
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 5));
		}
		// and each resize redraws the whole screen
		for (let i = 0; i < 60; i++) {
			session.resize(i % 2 ? 120 : 100, 40);
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 20));
		}
		await new Promise(resolve => setTimeout(resolve, 500));
		session.kill('SIGTERM');
		// generous, not a timing assertion: before the fix the process never ended
		const exit = await session.waitForExit(10_000);
		expect(exit.exitCode).toBe(143);
	});
});

function childRunning(parent: number, script: string): number {
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			// the full-screen app names its process `ohtui` (issue 26 item 17: tmux names the window after it)
			const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\u0000');
			if (ppid === parent && (argv.includes(script) || argv[0] === 'ohtui')) return Number(entry);
		} catch {
			// gone meanwhile
		}
	}
	throw new Error(`no child of ${parent} runs ${script}`);
}

describe('terminals of every kind (item 16)', () => {
	const sgr = /\u001B\[[0-9;]*m/;

	// (an unset TERM cannot be had through node-pty, which always sets one: capableTerminal's unit test has it)
	it('TERM=dumb: no alternate screen, no styles, the active tab and the cursor still marked', async () => {
		const session = demo({TERM: 'dumb'});
		await session.waitForText(/\d+ loaded/);
		expect(session.raw).not.toContain('\u001B[?1049h');
		expect(session.raw).not.toContain('\u001B[?2004h');
		expect(session.raw).not.toMatch(sgr);
		expect(session.screenText().split('\n')[1]).toMatch(/\[\d [A-Z][a-z]+\]/);
		session.press('2');
		await session.waitForText('[2 Conversations]');
		// the demo's two servers: n asks which one first
		await newConversationOn(session, 'app');
		session.press('\r');
		await session.waitForText('_(what should the agent do?)');
		session.press('\u001B');
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	});

	it('--theme light draws with the light palette; auto takes it from COLORFGBG', async () => {
		// LIGHT.error is #b5121b: at 256 colours (xterm-256color) chalk sends it as 161
		const explicit = sessions.spawn({args: ['--theme', 'light']});
		await explicit.waitForText(/\d+ loaded/);
		const auto = sessions.spawn({env: {COLORFGBG: '0;15'}});
		await auto.waitForText(/\d+ loaded/);
		const dark = sessions.spawn({env: {COLORFGBG: '15;0'}});
		await dark.waitForText(/\d+ loaded/);
		// the accent (#0047b3 → 256-colour 26) is on the header's "ohtui"
		for (const session of [explicit, auto]) expect(session.raw).toContain('\u001B[38;5;26m');
		expect(dark.raw).not.toContain('\u001B[38;5;26m');
		expect(dark.raw).toContain('\u001B[36m');
	});
});
