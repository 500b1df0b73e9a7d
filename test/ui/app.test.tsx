import {afterEach, describe, expect, it, vi} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {KEYMAP} from '../../source/keymap/keymap.js';
import {helpEntries} from '../../source/ui/widgets/HelpOverlay.js';
import {NOW, list, resource, sandbox} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';

afterEach(() => {
	cleanup();
	vi.useRealTimers();
});

describe('layout', () => {
	for (const [columns, rows] of [
		[100, 30],
		[80, 24],
		[60, 15],
		[40, 10],
	] as const) {
		it(`is exactly as tall as the terminal with no trailing newline at ${columns}x${rows}`, async () => {
			const h = renderApp({columns, rows});
			const frame = await h.waitFor('q quit');
			expect(frame.split('\n')).toHaveLength(rows);
			expect(frame.endsWith('\n')).toBe(false);
			for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
		});
	}

	it('says the window is too small below 40x10', async () => {
		for (const [columns, rows] of [
			[39, 24],
			[80, 9],
		] as const) {
			const h = renderApp({columns, rows});
			const frame = await h.waitFor('window too small (need 40x10)');
			expect(frame).not.toContain('Conversations');
			expect(frame.split('\n')).toHaveLength(rows);
			expect(frame.endsWith('\n')).toBe(false);
			await h.press('q');
			expect(h.onQuit).toHaveBeenCalledTimes(1);
			h.unmount();
		}
	});

	it('re-lays out when the size changes', async () => {
		const h = renderApp({columns: 100, rows: 30});
		await h.waitFor('REPOSITORY');
		h.resize({columns: 50, rows: 12});
		await h.waitForGone('REPOSITORY');
		const frame = h.frame();
		expect(frame.split('\n')).toHaveLength(12);
		// the title survives, lower-priority columns are dropped
		expect(frame).toContain('TITLE');
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
	});
});

describe('header', () => {
	it('shows the server label, demo, the tabs and health', async () => {
		const h = renderApp({demo: true, serverLabel: 'http://127.0.0.1:3000\x1b]0;evil\x07'});
		const frame = await h.waitFor('ohtui');
		const [first, second] = frame.split('\n');
		expect(first).toContain('http://127.0.0.1:3000');
		expect(first).toContain('demo');
		expect(first).toMatch(/ok$/);
		expect(first).not.toContain('evil');
		expect(second).toContain('1 Settings');
		expect(second).toContain('2 Conversations');
		expect(second).toContain('3 Sandboxes');
		expect(second).toContain('4 Specs');
	});

	it('says "stale for Ns" after a failed fetch, and counts up each second', async () => {
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
		let now = NOW;
		const h = renderApp({
			snapshot: {
				conversations: list([], {fetchedAt: NOW - 12_000, error: {kind: 'server', message: 'HTTP 500', at: NOW - 1000}, retryAt: NOW + 8000}),
			},
			now: () => now,
		});
		await h.waitFor('stale for 12s · server error, retrying in 8s');
		now += 1000;
		vi.advanceTimersByTime(1000);
		await h.waitFor('stale for 13s · server error, retrying in 7s');
		// the fetch succeeds again: back to ok, and the timer stops
		h.store.set({conversations: list([], {fetchedAt: now})});
		await h.waitFor(/ok\n/);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('says "stale for Ns", not "ok", when the store marks data not refreshed for two intervals', async () => {
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
		const h = renderApp({snapshot: {conversations: list([], {fetchedAt: NOW - 40_000, staleSince: NOW - 12_000})}});
		const frame = await h.waitFor('stale for 12s');
		expect(frame.split('\n')[0]).not.toMatch(/\bok$/);
		h.store.set({conversations: list([], {fetchedAt: NOW})});
		await h.waitFor(/ok\n/);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('shows the failed fetch of the visible tab in the footer until a fetch succeeds', async () => {
		const h = renderApp({
			snapshot: {
				conversations: list([], {error: {kind: 'unauthorized', message: 'unauthorized (401): Unauthorized', at: NOW}, retryAt: NOW + 1000}),
			},
		});
		const frame = await h.waitFor('unauthorized (401): Unauthorized');
		expect(frame.split('\n').at(-2)).toContain('unauthorized (401)');
		h.store.set({conversations: list([])});
		await h.waitForGone('unauthorized (401)');
	});

	it('says "offline, retrying in Ns" after a failed fetch', async () => {
		const h = renderApp({
			snapshot: {
				conversations: list([], {
					fetchedAt: NOW - 3000,
					error: {kind: 'unreachable', message: 'connection refused', at: NOW - 1000},
					retryAt: NOW + 4000,
				}),
			},
		});
		const frame = await h.waitFor('offline, retrying in 4s');
		expect(frame.split('\n')[0]).toContain('stale for 3s');
	});

	it('runs no timer on a healthy screen', async () => {
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
		const h = renderApp({});
		await h.waitFor('ok');
		expect(vi.getTimerCount()).toBe(0);
	});

	it('writes no frame when the store notifies without a change', async () => {
		const h = renderApp({});
		await h.waitFor('q quit');
		await h.press(); // settle
		const before = h.frames.length;
		h.store.poke();
		h.store.set({}); // new snapshot object, every part unchanged
		await h.press();
		expect(h.frames.length).toBe(before);
	});
});

describe('global keys', () => {
	it('switches tabs by number and tells the store', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press('3');
		await h.waitFor('SPEC');
		// setVisible runs in a passive effect, which may land after the frame under load
		await vi.waitFor(() => expect(h.store.callsOf('setVisible')).toEqual([['sandboxes']]));
		await h.press('4');
		await h.waitFor('WORKING DIR');
		await h.press('1');
		await h.waitFor('MCP servers');
		await h.press('2');
		await h.waitFor('REPOSITORY');
		await vi.waitFor(() =>
			expect(h.store.callsOf('setVisible')).toEqual([['sandboxes'], ['specs'], ['settings'], ['conversations']]),
		);
	});

	it('cycles tabs with Tab and Shift-Tab', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press(KEYS.tab);
		await h.waitFor('URLS');
		await h.press(KEYS.tab, KEYS.tab);
		await h.waitFor('MCP servers');
		await h.press(KEYS.shiftTab);
		await h.waitFor('WORKING DIR');
		await vi.waitFor(() => expect(h.store.callsOf('setVisible').map(c => c[0])).toEqual(['sandboxes', 'specs', 'settings', 'specs']));
	});

	it('? lists the keymap, this screen\'s keys first, then everywhere; / filters; Esc closes it', async () => {
		const h = renderApp({rows: 80});
		await h.waitFor('TITLE');
		await h.press('?');
		const frame = await h.waitFor('Keys (/ filter · Esc or ? to close)');
		// every binding of the one keymap table is in the help
		const entries = helpEntries();
		for (const b of KEYMAP) expect(entries.some(e => e.kind === 'field' && e.value === b.description)).toBe(true);
		// the Conversations list's own keys come first, then the ones that work everywhere
		const lines = frame.split('\n');
		const here = lines.findIndex(line => line.includes('Here: Conversations'));
		const everywhere = lines.findIndex(line => line.trim() === 'Everywhere');
		const sandboxes = lines.findIndex(line => line.trim() === 'Sandboxes');
		expect(here).toBeGreaterThan(0);
		expect(here).toBeLessThan(everywhere);
		expect(sandboxes === -1 || everywhere < sandboxes).toBe(true);
		for (const text of ['new conversation', 'move down', 'filter rows', 'Settings tab', 'refresh now']) expect(frame).toContain(text);

		await h.press('/', ...'pause');
		const filtered = await h.waitFor('/ pause');
		expect(filtered).toContain('pause the selected sandbox');
		expect(filtered).not.toContain('Settings tab');
		await h.press(KEYS.enter);
		// Esc clears the filter first, then closes
		await h.press(KEYS.esc);
		await h.waitFor('Settings tab');
		await h.press(KEYS.esc);
		await h.waitForGone('Keys (');
		expect(h.frame()).toContain('TITLE');
	});

	it('q calls onQuit, once', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press('q', 'q');
		expect(h.onQuit).toHaveBeenCalledTimes(1);
	});

	it('Ctrl-c calls onQuit even from a text field', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press('n');
		await h.waitFor('New conversation');
		await h.press(KEYS.ctrlC);
		expect(h.onQuit).toHaveBeenCalledTimes(1);
	});

	it('Ctrl-r refreshes', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		await h.press(KEYS.ctrlR);
		expect(h.store.callsOf('refresh')).toHaveLength(1);
	});

	it('y copies the selected id with OSC 52 and says so', async () => {
		const h = renderApp({snapshot: {sandboxes: list([sandbox()]), visible: 'sandboxes'}});
		await h.waitFor('URLS');
		await h.press('y');
		await h.waitFor('copied oh-agent-server-6sk4ifOEcwkDClq9g9P10j');
		expect(h.written).toEqual([`\x1b]52;c;${Buffer.from('oh-agent-server-6sk4ifOEcwkDClq9g9P10j').toString('base64')}\x07`]);
	});

	it('shows store notices in the footer, errors in red', async () => {
		const h = renderApp({});
		await h.waitFor('TITLE');
		h.store.set({notice: {level: 'error', text: 'sandbox is not running\x1b[2J', at: NOW}});
		const frame = await h.waitFor('sandbox is not running');
		expect(frame).not.toContain('\x1b[2J');
		expect(resource(null).data).toBeNull();
	});
});
