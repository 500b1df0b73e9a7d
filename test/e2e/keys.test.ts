// Issue 9 item 12 in a real pty: several keys in one read are several key presses, in every mode;
// a paste into a text field stays one paste.
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
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
		await session.waitForText(/STATUS[\s\S]*^› oh-agent-server/m);
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
		// (the header's sort keys are underlined: escape codes inside TITLE and REPOSITORY)
		expect(session.raw).toMatch(/ITLE[\s\S]*POSITORY/);
	});

	it('a key that opens a form sends the rest of the read into the form; Esc then a key is both', async () => {
		const session = await demo();
		session.press('2');
		await session.waitForText('TITLE');
		session.press('nfix the flaky test');
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
		writeFileSync(join(home.home, 'ohtui', 'config.json'), JSON.stringify({keys: {'tab.specs': ['S'], quit: ['Q', 'ctrl-c']}}));
		const session = sessions.spawn({home: home.home});
		await session.waitForText(/\d+ loaded/);
		await session.waitForText('Q quit');
		session.press('S');
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
