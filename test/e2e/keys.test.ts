// Issue 9 item 12 in a real pty: several keys in one read are several key presses, in every mode;
// a paste into a text field stays one paste.
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {newConversationOn, selectServerRow} from './demoServers.js';
import {ptySessions, tempHome, type PtySession} from './pty.js';

const sessions = ptySessions();

async function demo(): Promise<PtySession> {
	const session = sessions.spawn();
	// data rows, not just the first frame: raw mode comes in an effect after it
	await session.waitForText(/\d+ loaded/);
	return session;
}

/** The row (0-based) the selection marker is on. */
function selectedRow(session: PtySession): number {
	return session.screenText().split('\n').findIndex(line => line.startsWith('›'));
}

async function waitForRow(session: PtySession, row: number): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (selectedRow(session) !== row) {
		if (Date.now() > deadline) throw new Error(`selection on row ${selectedRow(session)}, expected ${row}:\n${session.screenText()}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('keys in one read', () => {
	it('"jj" written at once moves two rows, every time', async () => {
		const session = await demo();
		session.press('3');
		// the demo's two servers: each row starts with its server's name
		await session.waitForText(/STATUS[\s\S]*^› \w+ +oh-agent-server/m);
		const first = selectedRow(session);
		session.press('jj');
		await waitForRow(session, first + 2);
		session.press('jjj');
		await waitForRow(session, first + 5);
		session.press('kkkkk');
		await waitForRow(session, first);
	});

	it('"2q" switches the tab, then quits', async () => {
		const session = await demo();
		session.press('2q');
		const exit = await session.waitForExit();
		expect(exit.exitCode).toBe(0);
		// (the header's sort keys are underlined: escape codes inside TITLE and REPOSITORY or REPO / DIR)
		expect(session.raw).toMatch(/ITLE[\s\S]*(POSITORY|EPO \/ DIR)/);
	});

	it('a key that opens a form sends the rest of the read into the form; Esc then a key is both', async () => {
		const session = await demo();
		session.press('2');
		await session.waitForText('TITLE');
		// the demo's two servers: n asks which one first; Enter there, then the rest of the read is the form's
		await newConversationOn(session, 'app');
		session.press('\rfix the flaky test');
		await session.waitForText(/Initial message \* fix the flaky test/);
		session.press('\u001B3');
		await session.waitForText('STATUS');
		expect(session.screenText()).not.toContain('New conversation');
	});

	it('typed text with Enter at the end of the read: the text goes in, then Enter acts', async () => {
		const session = await demo();
		session.press('3');
		await session.waitForText('STATUS');
		session.press('/RUNNING\r');
		await session.waitForText(/filter "RUNNING": \d+ of \d+/);
	});

	it('a bracketed paste into the filter is one insert: its line break does not press Enter', async () => {
		const session = await demo();
		expect(session.raw).toContain('\u001B[?2004h');
		session.press('3');
		await session.waitForText('STATUS');
		session.press('/');
		await session.waitForText('Enter keep');
		session.press('\u001B[200~RUN\rNING\u001B[201~');
		await session.waitForText('/ RUN NING');
		// still editing: the pasted line break was text
		expect(session.screenText()).toContain('Enter keep');
		session.press('\u001B');
		session.press('q');
		await session.waitForExit();
		expect(session.raw.lastIndexOf('\u001B[?2004l')).toBeGreaterThan(session.raw.lastIndexOf('\u001B[?2004h'));
	});
});

describe('keys from the config file', () => {
	it('are applied at start: the footer shows the new key and it works', async () => {
		const home = sessions.track(tempHome());
		mkdirSync(join(home.home, 'ohtui'));
		// (S is the server picker's since issue 16: Z here)
		writeFileSync(join(home.home, 'ohtui', 'config.json'), JSON.stringify({keys: {'tab.specs': ['Z'], quit: ['Q', 'ctrl-c']}}));
		const session = sessions.spawn({home: home.home});
		await session.waitForText(/\d+ loaded/);
		await session.waitForText('Q quit');
		session.press('Z');
		await session.waitForText('WORKING DIR');
		session.press('q');
		session.press('Q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	});

	it('a clash is a config error naming it, before the screen is touched', async () => {
		const home = sessions.track(tempHome());
		mkdirSync(join(home.home, 'ohtui'));
		writeFileSync(join(home.home, 'ohtui', 'config.json'), JSON.stringify({keys: {'tab.specs': ['q']}}));
		const session = sessions.spawn({home: home.home});
		expect((await session.waitForExit()).exitCode).toBe(2);
		expect(session.raw).not.toContain('\u001B[?1049h');
		expect(session.screenText()).toContain('keys.tab.specs: "q" is already quit (Everywhere)');
	});
});

// Issue 17: Ink 7 changed how Backspace, Delete and Escape arrive; every binding still works.
describe('keys since Ink 7', () => {
	const gone = (text: string) => ({test: (screen: string) => !screen.includes(text)}) as unknown as RegExp;

	it('Backspace deletes backwards, Delete forwards, in a text field', async () => {
		const session = await demo();
		session.press('3');
		await session.waitForText('STATUS');
		session.press('/');
		await session.waitForText('Enter keep');
		session.press('abcd');
		await session.waitForText('/ abcd');
		// ←← puts the cursor on c; Backspace takes b, Delete (ESC [3~) takes c
		session.press('\u001B[D');
		session.press('\u001B[D');
		session.press('\u007F');
		await session.waitForText('/ acd');
		session.press('\u001B[3~');
		await session.waitForText('/ ad');
	});

	it('a bracketed paste into the message box keeps its lines and never sends, even ending in a line break', async () => {
		const session = await demo();
		session.press('m');
		await session.waitForText('Message to');
		session.press('\u001B[200~pasted one\rpasted two\r\u001B[201~');
		await session.waitForText('│ pasted two');
		const screen = session.screenText();
		expect(screen).toContain('│ pasted one');
		expect(screen).toContain('Message to');
		expect(screen).not.toMatch(/message sent/);
		session.press('\u001B');
		await session.waitForText(gone('Message to'));
	});

	it('Esc closes every screen it opens, one at a time', async () => {
		const session = await demo();
		await session.waitForText(/^› /m);
		const opens: Array<[string, string | RegExp]> = [
			['?', 'Esc or ? to close)'],
			['!', 'Needs you'],
			['/', 'Enter keep'],
			['n', 'New conversation'],
			['\r', 'Esc close'],
			['D', 'Delete conversation'],
		];
		for (const [key, shown] of opens) {
			session.press(key);
			// eslint-disable-next-line no-await-in-loop
			await session.waitForText(shown);
			session.press('\u001B');
			// eslint-disable-next-line no-await-in-loop
			await session.waitForText(typeof shown === 'string' ? gone(shown) : ({test: (s: string) => !shown.test(s)} as unknown as RegExp));
			// eslint-disable-next-line no-await-in-loop
			await session.waitForText(/REPO(SITORY| \/ DIR)/);
		}
		// the activity, its event view and its message box: Esc goes back one level each time (the
		// app server's conversation: its events are there from the start)
		await selectServerRow(session, 'app');
		session.press('l');
		await session.waitForText('Esc back');
		await session.waitForText(/^› /m);
		session.press('\r');
		await session.waitForText(/^id /m);
		session.press('\u001B');
		await session.waitForText(gone('$PAGER'));
		session.press('m');
		await session.waitForText('Message to');
		session.press('\u001B');
		await session.waitForText(gone('Message to'));
		session.press('\u001B');
		await session.waitForText(/REPO(SITORY| \/ DIR)/);
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	}, 40_000);
});
