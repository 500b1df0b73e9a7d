import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {conversation, list} from '../fixtures.js';
import {KEYS, renderApp} from '../harness.js';
import {activityState, legacyTrajectory} from '../eventFixtures.js';

afterEach(() => cleanup());

const ID = conversation().id;
const CTRL_J = '\n';
const ALT_ENTER = '\x1b\r';
const LEFT = '\x1b[D';

function app(overrides: Parameters<typeof conversation>[0] = {}) {
	return renderApp({rows: 40, columns: 120, snapshot: {conversations: list([conversation(overrides)]), activity: activityState(ID, legacyTrajectory())}});
}

async function openBox(h: ReturnType<typeof app>) {
	await h.waitFor('Fix flaky');
	await h.press('m');
	await h.waitFor('Message to Fix flaky date parsing test');
}

describe('message box', () => {
	it('m in the list opens it; Ctrl-j and Alt-Enter add lines; Enter sends exactly what was typed', async () => {
		const h = app();
		await openBox(h);
		await h.press(...'Hi q', CTRL_J, ...'second', ALT_ENTER, ...'third');
		const frame = await h.waitFor('third');
		expect(frame).toContain('│ Hi q');
		expect(frame).toContain('│ second');
		expect(frame).toContain('Enter send');
		// q types a q here: the footer offers no global keys
		expect(frame).not.toContain('q quit');
		await h.press(KEYS.enter);
		await h.waitForGone('Message to');
		expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'Hi q\nsecond\nthird', undefined]]);
		// typing q into the box did not quit
		expect(h.onQuit).not.toHaveBeenCalled();
	});

	it('a pasted chunk with line breaks is inserted, never sent', async () => {
		const h = app();
		await openBox(h);
		await h.press('line one\rline two\r\nline three\r');
		const frame = await h.waitFor('line three');
		expect(frame).toContain('│ line one');
		expect(frame).toContain('│ line two');
		expect(h.store.callsOf('sendMessage')).toEqual([]);
		await h.press(...'!', KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'line one\nline two\nline three\n!', undefined]]));
	});

	it('m, text and Enter in one read send the text (typed ahead); a bracketed paste keeps its lines, only an Enter after it sends', async () => {
		const h = app();
		await h.waitFor('Fix flaky');
		await h.press('mgo on\r');
		await vi.waitFor(() => expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'go on', undefined]]));
		await h.waitForGone('Message to');
		await h.press('m');
		await h.waitFor('Message to');
		await h.press('\x1b[200~one\rtwo\r\x1b[201~');
		const frame = await h.waitFor('│ two');
		expect(frame).toContain('│ one');
		expect(h.store.callsOf('sendMessage')).toHaveLength(1);
		// two Escs in one read are two: the first closes the box (keeping the draft), the second goes to the list
		await h.press('\x1b\x1b');
		await h.waitForGone('Message to');
		expect(h.store.callsOf('saveDraft')).toEqual([[ID, 'one\ntwo\n']]);
		await h.press('m');
		await h.waitFor('(draft)');
		// a bracketed paste says where it ends: an Enter right behind it is the user's, and sends
		await h.press('\x1b[200~three\x1b[201~\r');
		await vi.waitFor(() =>
			expect(h.store.callsOf('sendMessage')).toEqual([
				[ID, 'go on', undefined],
				[ID, 'one\ntwo\nthree', undefined],
			]),
		);
	});

	it('control characters in a paste and Alt chords are dropped; arrows and Backspace edit', async () => {
		const h = app();
		await openBox(h);
		// in a bracketed paste: typed alone, \x07 is Ctrl-g, which opens $EDITOR (it started the real
		// vi under the test runner, which then waited 10 s for it to exit)
		await h.press('\x1b[200~ab\x07\x00\u202ec\x1b[201~', '\x1bz');
		await h.waitFor('│ abc');
		await h.press(LEFT, LEFT, KEYS.backspace, 'X', KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'Xbc', undefined]]));
	});

	it('Esc closes and keeps the draft; opening again shows it; an empty box does not send', async () => {
		const h = app();
		await openBox(h);
		await h.press(KEYS.enter);
		await h.waitFor('nothing to send yet');
		await h.press(...'half a thought');
		await h.press(KEYS.esc);
		await h.waitForGone('Message to');
		expect(h.store.callsOf('saveDraft')).toEqual([[ID, 'half a thought']]);
		await h.press('m');
		const frame = await h.waitFor('(draft)');
		expect(frame).toContain('│ half a thought');
		await h.press(...' more', KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'half a thought more', undefined]]));
	});

	it('a paused sandbox: one confirmation, then send with resumeFirst; n goes back to the text', async () => {
		const h = app({sandbox_status: 'PAUSED', execution_status: null});
		await openBox(h);
		await h.press(...'wake up', KEYS.enter);
		await h.waitFor('The sandbox is paused: resume it, then send?');
		await h.press('n');
		await h.waitFor('Enter send');
		expect(h.store.callsOf('sendMessage')).toEqual([]);
		await h.press(KEYS.enter);
		await h.waitFor('The sandbox is paused');
		await h.press('y');
		await h.waitForGone('Message to');
		expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'wake up', {resumeFirst: true}]]);
	});

	it('m in the activity view opens it below the events', async () => {
		const h = app();
		await h.waitFor('Fix flaky');
		await h.press('l');
		await h.waitFor('Esc back');
		await h.press('m');
		const frame = await h.waitFor('Ctrl-j new line');
		expect(frame).toContain('Message to');
		expect(frame).toContain('$ pytest -q');
		await h.press(...'go on', KEYS.enter);
		await vi.waitFor(() => expect(h.store.callsOf('sendMessage')).toEqual([[ID, 'go on', undefined]]));
		await h.waitFor('Esc back');
	});

	it('a long message scrolls inside the box', async () => {
		const h = app();
		await openBox(h);
		for (let i = 1; i <= 9; i++) await h.press(...`row ${i}`, CTRL_J);
		const frame = await h.waitFor('row 9');
		expect(frame).not.toContain('│ row 1');
		expect(frame).toContain('↑');
	});
});
