import './forceColor.js';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {conversation, list, spec} from './fixtures.js';
import {KEYS, renderApp, selectedLine} from './harness.js';

afterEach(() => cleanup());

// SGR foreground/background colours: 30-37, 39, 40-47, 49, 90-97, 100-107, 38;…/48;… extended.
const COLOUR = /\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

describe('colours', () => {
	it('uses colour by default (so the NO_COLOR test below can fail)', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes'}});
		const frame = await h.waitFor('RLS'); // the U of URLS is underlined (its sort key)
		expect(frame).toMatch(COLOUR);
	});

	it('an empty NO_COLOR does not disable colour', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes'}, env: {NO_COLOR: ''}});
		expect(await h.waitFor('RLS')).toMatch(COLOUR);
	});

	it('NO_COLOR: no colour codes in any frame, the selection still marked by › and inverse video', async () => {
		const h = renderApp({snapshot: {visible: 'sandboxes', specs: list([spec(), spec({id: 'second-spec'})])}, env: {NO_COLOR: '1'}});
		await h.waitFor('RLS'); // the U of URLS is underlined (its sort key)
		await h.press('j');
		await h.press('2', KEYS.enter);
		await h.waitFor('Metrics');
		await h.press(KEYS.esc, 'n');
		await h.waitFor('New conversation');
		await h.press(KEYS.esc, '?');
		await h.waitFor('Keys');
		await h.press(KEYS.esc, '3', 'n');
		await h.waitFor('second-spec');
		await h.press('j');
		for (const frame of h.frames) expect(frame).not.toMatch(COLOUR);
		const frame = h.frame();
		const line = selectedLine(frame.replace(/\x1b\[[0-9;]*m/g, ''));
		expect(line).toContain('second-spec');
		expect(frame).toContain('\x1b[7m');
		// the active tab is marked by brackets too (and by inverse video, which is not colour)
		expect(frame.replace(/\x1b\[[0-9;]*m/g, '').split('\n')[1]).toContain('[3 Sandboxes]');
	});

	it('NO_COLOR: form placeholders and the text cursor stay visible (inverse and dim are not colour)', async () => {
		const h = renderApp({snapshot: {visible: 'conversations'}, env: {NO_COLOR: '1'}});
		await h.waitFor('ITLE'); // the T is underlined (a sort key)
		await h.press('n');
		const frame = await h.waitFor('hat should the agent do?');
		expect(frame).not.toMatch(COLOUR);
		// the cursor sits on the placeholder's first letter, in inverse video
		expect(frame).toContain('\x1b[7mw\x1b[27m');
		await h.press('f', 'i', 'x');
		const typed = await h.waitFor('fix');
		expect(typed).toMatch(/fix\x1b\[7m \x1b\[27m/);
		expect(typed).not.toMatch(COLOUR);
	});

	it('the table header underlines each column\'s sort key, with and without NO_COLOR (an attribute, not a colour)', async () => {
		for (const env of [{}, {NO_COLOR: '1'}]) {
			const h = renderApp({snapshot: {conversations: list([conversation({title: 'Charlie'})])}, env});
			const frame = await h.waitFor('Charlie');
			const header = frame.split('\n').find(line => line.includes('ITLE'))!;
			expect(header).toContain('\u001B[4mT\u001B[24mITLE');
			expect(header).toContain('ST\u001B[4mA\u001B[24mTE');
			expect(header).toContain('\u001B[4mU\u001B[24mPDATED');
			h.unmount();
		}
	});
});
