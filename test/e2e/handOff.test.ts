// Issue 17 §2 in a real pty: `e` on an event and in the event pager hands the whole text to $PAGER,
// Ctrl-g in the message box to $EDITOR, through Ink's suspendTerminal: the program gets the
// terminal (the normal screen, the keys typed into it, its Ctrl-c), and ohtui comes back redrawn.
// The pager and the editor are sh scripts that record what they were given.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {selectServerRow} from './demoServers.js';
import {ptySessions, type PtySession} from './pty.js';

const sessions = ptySessions();
const work = mkdtempSync(join(tmpdir(), 'ohtui-handoff-e2e-'));
afterAll(() => {
	rmSync(work, {recursive: true, force: true});
});

/**
 * A pager as far as ohtui can tell: records the file it got and which screen it is on, says it is
 * ready, then reads a line from the terminal as `less` reads keys (Ctrl-c is its own: it notes it
 * and reads on), and records the line.
 */
function fakePager(name: string): {command: string; read(part: string): string} {
	const out = join(work, name);
	const script = join(work, `${name}.sh`);
	writeFileSync(
		script,
		[
			'#!/bin/sh',
			`out=${JSON.stringify(out)}`,
			'trap \'echo INT >> "$out.signals"\' INT',
			'cp "$1" "$out.text"',
			'printf %s "$1" > "$out.path"',
			'printf "FAKE PAGER READY\\n"',
			'while ! IFS= read -r line; do :; done',
			'printf %s "$line" > "$out.typed"',
		].join('\n'),
		{mode: 0o755},
	);
	return {command: script, read: part => readFileSync(`${out}.${part}`, 'utf8')};
}

/** An editor: records the text it got, replaces it with two lines, exits. */
function fakeEditor(name: string): {command: string; read(part: string): string} {
	const out = join(work, name);
	const script = join(work, `${name}.sh`);
	writeFileSync(script, ['#!/bin/sh', `out=${JSON.stringify(out)}`, 'cp "$1" "$out.text"', 'printf "written in the editor\\nits second line\\n" > "$1"'].join('\n'), {mode: 0o755});
	return {command: script, read: part => readFileSync(`${out}.${part}`, 'utf8')};
}

const selectedLine = (session: PtySession) => session.screenText().split('\n').find(line => line.trimStart().startsWith('›')) ?? '';

async function activity(env: Record<string, string>): Promise<PtySession> {
	const session = sessions.spawn({env});
	await session.waitForText(/REPO(SITORY| \/ DIR)[\s\S]*\d+ loaded · attention first/);
	// the app server's conversation: its events are there from the start
	await selectServerRow(session, 'app');
	session.press('l');
	await session.waitForText(/(following|paused) · \d+ events?/);
	// an event selected: Enter and e act on it
	await session.waitForText(/^› /m);
	return session;
}

async function until(check: () => boolean, what: string, session: PtySession): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${session.screenText()}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('$PAGER and $EDITOR through suspendTerminal', () => {
	it('e on an event: the pager gets the event in full on the normal screen, with the keys and Ctrl-c; ohtui comes back redrawn', async () => {
		const pager = fakePager('event');
		const session = await activity({PAGER: pager.command});
		const selected = selectedLine(session);
		session.press('e');
		await session.waitForText('FAKE PAGER READY');
		expect(session.bufferType()).toBe('normal');
		// Ctrl-c belongs to the pager, not to ohtui
		session.press('\x03');
		await until(() => existsSync(join(work, 'event.signals')), 'the pager to see Ctrl-c', session);
		await new Promise(resolve => setTimeout(resolve, 300));
		session.press('typed into the pager\r');
		await session.waitForText(/(following|paused) · \d+ events?/);
		expect(session.bufferType()).toBe('alternate');
		expect(pager.read('typed')).toBe('typed into the pager');
		// the event as the pager would show it: its heading line first, then its id
		const text = pager.read('text');
		expect(text.split('\n')[0]).toMatch(/^\w+ · \w+ · /);
		expect(text.split('\n')[1]).toMatch(/^id /);
		expect(existsSync(pager.read('path'))).toBe(false);
		// the same row is selected, and keys work again
		expect(selectedLine(session)).toBe(selected);
		session.press('\x1b');
		await session.waitForText(/REPO(SITORY| \/ DIR)/);
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	});

	it('e in the event pager hands over exactly the lines the pager shows', async () => {
		const pager = fakePager('paged');
		const session = await activity({PAGER: pager.command});
		session.press('\r');
		await session.waitForText(/^id /m);
		const rows = session.screenText().split('\n');
		const id = rows.findIndex(line => line.startsWith('id '));
		// the heading and the id line, as drawn
		const shown = rows.slice(id - 1, id + 1).map(line => line.trimEnd());
		session.press('e');
		await session.waitForText('FAKE PAGER READY');
		session.press('q\r');
		await session.waitForText(/^id /m);
		expect(session.bufferType()).toBe('alternate');
		const handed = pager.read('text').split('\n');
		expect(handed.slice(0, 2)).toEqual(shown);
	});

	it('Ctrl-g in the message box: the draft goes to $EDITOR, what it saves comes back into the box, nothing is sent', async () => {
		const editor = fakeEditor('message');
		const session = await activity({EDITOR: editor.command, VISUAL: ''});
		session.press('m');
		await session.waitForText('Message to');
		session.press('draft from the box');
		await session.waitForText('│ draft from the box');
		session.press('\x07');
		await session.waitForText('│ its second line');
		expect(editor.read('text')).toBe('draft from the box');
		const screen = session.screenText();
		expect(screen).toContain('│ written in the editor');
		expect(screen).toContain('Message to');
		expect(screen).not.toMatch(/message sent/);
		session.press('\x1b');
		await session.waitForText({test: (s: string) => !s.includes('Message to')} as unknown as RegExp);
	});
});
