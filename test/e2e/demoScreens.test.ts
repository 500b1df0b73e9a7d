// Issue 26 items 3, 4, 7, 10, 11 and 17 in a real terminal, on the demo (two embedded stand-in
// servers): the cursor starts on the first row; Esc at a tab's own list stays there; `?` opens at
// the top; `p` on a conversation asks, naming what stops; a key's hint does not follow into the
// activity; at 80x24 an approval dialog shows the whole command and its risk; `ohtui --needs-you`
// closes on Esc; and in tmux the window is named ohtui.
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {cliPath, ptySessions, tempHome, type PtySession} from './pty.js';

const {spawn, track} = ptySessions();

const selected = (session: PtySession) => session.screenText().split('\n').find(line => line.startsWith('›')) ?? '';

async function demo(cols = 120, rows = 40, args: string[] = []): Promise<PtySession> {
	const session = spawn({cols, rows, args});
	// both servers' rows are in (attention first), the selection drawn on the first one, the agent
	// server's (before, the app server's came first and kept the selection); the demo's agents go on
	// working, so newer waits may come above it later
	await session.waitForText(/^› agent +\? waiting +Plan: split the billing/m, 30_000);
	return session;
}

describe('the demo at 120x40', () => {
	it('first row selected; Esc at a tab stays; ? at the top; p asks; a hint stays on its screen', {timeout: 90_000}, async () => {
		const app = await demo();
		expect(selected(app)).toMatch(/^› agent +\? waiting +Plan: split the billing/);

		// item 4: Esc at a tab's own list does nothing (the help then says where we are)
		app.press('3');
		await app.waitForText(/STATUS/);
		app.press('\x1b');
		app.press('?');
		await app.waitForText('Here: Sandboxes');
		// item 11: paged down, then opened again on another screen: at the top of its keys
		app.press('\x1b[6~');
		app.press('\x1b[6~');
		await app.waitForText(/Keys \(/);
		await waitGone(app, 'Here: Sandboxes');
		app.press('\x1b');
		await waitGone(app, 'Keys (');
		app.press('2');
		await app.waitForText('attention first');
		app.press('?');
		await app.waitForText('Lower and upper case');
		const help = app.screenText().split('\n');
		// the line under the title is this screen's first heading
		expect(help[2]).toMatch(/^Keys \(/);
		expect(help[3]).toMatch(/^Here: /);
		expect(help.some(line => line.startsWith('Here: Conversations'))).toBe(true);
		app.press('\x1b');
		await waitGone(app, 'Keys (');

		// item 7: p on the app server's waiting row asks, naming what stops with its sandbox
		app.press('j');
		await app.waitForText(/^› app +\? waiting/m);
		app.press('p');
		await app.waitForText('P pauses only the agent', 15_000);
		const question = app.screenText().replace(/\n/g, ' ');
		expect(question).toMatch(/Pause sandbox \S+ of "Plan: split the monolith into services"\?/);
		expect(question).toContain('the action it waits for you to approve (terminal $ psql');
		app.press('n');
		await waitGone(app, 'P pauses only the agent');

		// item 17: what a key said on the list does not follow into the activity
		app.press('j');
		await app.waitForText(/^› agent +✗ error/m);
		app.press('a');
		await app.waitForText('nothing to accept');
		app.press('l');
		await app.waitForText(/following · \d+ events/, 15_000);
		expect(app.screenText()).not.toContain('nothing to accept');
	});
});

describe('the demo at 80x24', () => {
	it('an approval dialog shows the whole command and its risk, in the list and in ! (item 3)', {timeout: 60_000}, async () => {
		const app = await demo(80, 24);
		app.press('j');
		await app.waitForText(/^› app +\? waiting/m);
		app.press('a');
		await app.waitForText(/risk HIGH\?/, 15_000);
		let text = app.screenText();
		expect(text.replace(/\n/g, '')).toContain('psql "$DATABASE_URL" -c "DROP TABLE legacy_sessions;" · risk HIGH?');
		for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
		app.press('n');
		await waitGone(app, 'risk HIGH?');
		app.press('!');
		await app.waitForText(/Needs you \(\d+\)/);
		app.press('a');
		await app.waitForText(/Accept the pending action of/, 15_000);
		text = app.screenText();
		expect(text).toMatch(/risk [A-Z]+\?/);
		expect(text).toContain('y/Enter confirm · n/Esc cancel');
		app.press('n');
	});

	it('ohtui --needs-you: the first item selected; Esc closes it, as its list says (items 10, 17)', {timeout: 60_000}, async () => {
		const app = spawn({cols: 80, rows: 24, args: ['--needs-you']});
		await app.waitForText('Esc close', 30_000);
		// the first item is selected once both servers' items are in (item 17, as on the list)
		await app.waitForText(/^› \? +\d+m +Plan: split the billing service out of the monolith \(agent\)/m, 30_000);
		app.press('\x1b');
		expect(await app.waitForExit(10_000)).toMatchObject({exitCode: 0});
	});
});

const hasTmux = (() => {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
})();

describe.skipIf(!hasTmux)('in tmux', () => {
	it('the window is named ohtui where automatic-rename names it (item 17)', {timeout: 60_000}, async () => {
		const home = track(tempHome());
		const socket = `ohtui-e2e-name-${process.pid}`;
		const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});
		track({dispose: () => void tryKill(tmux)});
		tmux('new-session', '-d', '-s', 'app', '-x', '120', '-y', '40', `env -u CI HOME=${home.home} XDG_CONFIG_HOME=${home.home} ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)}`);
		const deadline = Date.now() + 30_000;
		let name = '';
		while (Date.now() < deadline) {
			name = tmux('display-message', '-p', '-t', 'app', '#{window_name}').trim();
			if (name === 'ohtui') break;
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 100));
		}
		expect(name).toBe('ohtui');
	});
});

function tryKill(tmux: (...args: string[]) => string): void {
	try {
		tmux('kill-server');
	} catch {
		// gone already
	}
}

async function waitGone(session: PtySession, text: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (session.screenText().includes(text)) {
		if (Date.now() > deadline) throw new Error(`"${text}" still on screen:\n${session.screenText()}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}
