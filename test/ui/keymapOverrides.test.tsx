// Config `keys`: a command gets new keys everywhere it is bound; the help and the footer show them.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {KEYMAP, commandFor} from '../../source/ui/keymap.js';
import {applyKeyOverrides, normalizeKey, resolveKeyOverrides} from '../../source/ui/keys/overrides.js';
import {list, sandbox} from './fixtures.js';
import {renderApp} from './harness.js';

afterEach(() => {
	cleanup();
	applyKeyOverrides({});
});

describe('key overrides', () => {
	it('the default keymap has no clash of its own', () => {
		expect(resolveKeyOverrides({})).toEqual({ok: true, bindings: KEYMAP});
	});

	it('normalizes key names as the router names keys', () => {
		expect(['P', 'Enter', 'ESC', 'Ctrl-N', 'c-x', 'space', 'PgDn', 'shift-tab'].map(normalizeKey)).toEqual(['P', 'enter', 'esc', 'ctrl-n', 'ctrl-x', ' ', 'pagedown', 'shift-tab']);
		expect(['ctrl-m', 'meta-x', '', 'ab'].map(normalizeKey)).toEqual([null, null, null, null]);
	});

	it('remaps in every scope the command is bound in', () => {
		applyKeyOverrides({'move.down': ['ctrl-n', 'j']});
		expect(commandFor('list', 'ctrl-n')).toBe('move.down');
		expect(commandFor('scroll', 'ctrl-n')).toBe('move.down');
		expect(commandFor('list', 'down')).toBeUndefined();
	});

	it('the footer and the help show the new key, and only the new key works', async () => {
		applyKeyOverrides({'sandbox.pause': ['P']});
		const h = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list([sandbox()])}, rows: 90});
		await h.waitFor('P pause');
		await h.press('p');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('P');
		expect(h.store.callsOf('pauseSandbox')).toEqual([['oh-agent-server-6sk4ifOEcwkDClq9g9P10j']]);
		await h.press('?');
		const help = await h.waitFor('pause the selected sandbox');
		expect(help).toMatch(/P +pause the selected sandbox/);
	});
});
