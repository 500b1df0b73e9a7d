// Issue 26 items 4, 10 and 11 over the whole app: Esc at a tab's own list stays there (it clears a
// filter first), Esc in `ohtui --needs-you` closes it, and `?` opens at the top of this screen's keys.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {list, sandbox} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';

afterEach(() => {
	cleanup();
});

describe("Esc at a tab's own list (issue 26 item 4)", () => {
	it('clears a filter, and otherwise does nothing: no tab switch', async () => {
		const h = renderApp({snapshot: {sandboxes: list([sandbox()])}});
		await h.waitFor('TITLE');
		await h.press('3');
		await h.waitFor('URLS');
		await h.press('/', ...'zz', KEYS.enter);
		await h.waitFor('filter "zz"');
		await h.press(KEYS.esc);
		await h.waitForGone('filter "zz"');
		await h.press(KEYS.esc, KEYS.esc);
		expect(h.frame()).toContain('URLS');
		expect(h.frame()).not.toContain('TITLE');
		// a place reached from the list: Esc comes back to it, and no further
		await h.press(KEYS.enter);
		await h.waitFor('Sandbox oh-agent-server');
		await h.press(KEYS.esc, KEYS.esc);
		await h.waitFor('URLS');
		expect(h.frame()).not.toContain('Sandbox oh-agent-server');
		expect(h.frame()).not.toContain('TITLE');
	});
});

describe('ohtui --needs-you (issue 26 item 10)', () => {
	it('Esc on its list closes ohtui, and the list says "Esc close"', async () => {
		const h = renderApp({openAttention: true});
		const frame = await h.waitFor('Needs you');
		expect(frame).toContain('Esc close');
		await h.press(KEYS.esc);
		expect(h.onQuit).toHaveBeenCalledTimes(1);
	});

	it('opened with `!` in the full app, Esc goes back as before', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press('!');
		// one word for Esc: the footer's (the list's own line said "back" beside it)
		const frame = await h.waitFor('Needs you');
		expect(frame).toContain('Esc close');
		expect(frame).not.toContain('Esc back');
		await h.press(KEYS.esc);
		await h.waitForGone('Needs you');
		expect(h.onQuit).not.toHaveBeenCalled();
	});
});

describe('? opens at the top (issue 26 item 11)', () => {
	it("after paging down once, the next ? starts at this screen's keys again", async () => {
		const h = renderApp({rows: 24});
		await h.waitFor('TITLE');
		await h.press('?');
		await h.waitFor('Here: Conversations');
		await h.press(KEYS.pageDown, KEYS.pageDown);
		await h.waitForGone('Here: Conversations');
		await h.press(KEYS.esc, '3');
		await h.waitFor('URLS');
		await h.press('?');
		const frame = await h.waitFor('Keys (');
		expect(frame.split('\n').find(line => line.includes('Here:'))).toContain('Here: Sandboxes');
		expect(frame).toMatch(/ {2}1-\d+ of \d+/);
	});
});
