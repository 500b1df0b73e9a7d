// Config `keys`: a command gets new keys everywhere it is bound; the help and the footer show them.
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {KEYMAP} from '../../source/keymap/keymap.js';
import {commandFor} from '../../source/ui/keys/activeKeymap.js';
import {hintsFor} from '../../source/ui/keys/footerHints.js';
import {normalizeKey, resolveKeyOverrides} from '../../source/keymap/overrides.js';
import {applyKeyOverrides} from '../../source/ui/keys/activeKeymap.js';
import {list, sandbox} from '../ui/fixtures.js';
import {renderApp} from '../ui/harness.js';

afterEach(() => {
	cleanup();
	applyKeyOverrides({});
});

describe('key overrides', () => {
	it('no overrides: the keymap as it is (its layered keys, Esc in a list and everywhere, are by design; only clashes an override makes count)', () => {
		expect(resolveKeyOverrides({})).toEqual({ok: true, bindings: KEYMAP});
	});

	it('normalizes key names as the router names keys', () => {
		expect(['P', 'Enter', 'ESC', 'Ctrl-N', 'c-x', 'space', 'PgDn', 'shift-tab'].map(normalizeKey)).toEqual(['P', 'enter', 'esc', 'ctrl-n', 'ctrl-x', ' ', 'pagedown', 'shift-tab']);
		expect(['ctrl-m', 'meta-x', '', 'ab'].map(normalizeKey)).toEqual([null, null, null, null]);
		expect(['Alt-Enter', 'ctrl-j'].map(normalizeKey)).toEqual(['alt-enter', 'ctrl-j']);
	});

	it('remaps in every scope the command is bound in', () => {
		applyKeyOverrides({'move.down': ['ctrl-n', 'j']});
		expect(commandFor('list', 'ctrl-n')).toBe('move.down');
		expect(commandFor('scroll', 'ctrl-n')).toBe('move.down');
		expect(commandFor('list', 'down')).toBeUndefined();
		applyKeyOverrides({refresh: ['ctrl-g']});
		expect(hintsFor(['global'])).toContain('Ctrl-g refresh');
	});

	it('the footer and the help show the new key, and only the new key works', async () => {
		applyKeyOverrides({'sandbox.pause': ['z']});
		const h = renderApp({snapshot: {visible: 'sandboxes', sandboxes: list([sandbox()])}, rows: 90});
		await h.waitFor('z pause');
		await h.press('p');
		expect(h.store.callsOf('pauseSandbox')).toEqual([]);
		await h.press('z');
		expect(h.store.callsOf('pauseSandbox')).toEqual([['oh-agent-server-6sk4ifOEcwkDClq9g9P10j']]);
		await h.press('?');
		const help = await h.waitFor('pause the selected sandbox');
		expect(help).toMatch(/z +pause the selected sandbox/);
		// the activity's binding of the command moved too
		expect(help).toMatch(/z +pause the conversation's sandbox/);
	});

	it('a clash is a key two commands share on one screen, the activity and its dialogs included', () => {
		// P pauses the agent on a conversation row and in the activity, where sandbox.pause is bound too
		expect(resolveKeyOverrides({'sandbox.pause': ['P']})).toEqual({ok: false, message: `keys.sandbox.pause: "P" is already agent.pause (Conversations list and details: the conversation's sandbox (app servers) and Conversations list and details)`});
		expect(resolveKeyOverrides({'agent.accept': ['m']})).toEqual({ok: false, message: `keys.agent.accept: "m" is already message.open (An agent waiting for confirmation (its activity, the list, !) and Conversations list and details)`});
		expect(resolveKeyOverrides({'activity.open': ['y']})).toEqual({ok: false, message: 'keys.activity.open: "y" is already copy (Conversations list and details and Tables)'});
		expect(resolveKeyOverrides({'events.follow': ['q']})).toEqual({ok: false, message: 'keys.events.follow: "q" is already quit (Activity (a conversation\'s events) and Everywhere)'});
		// keys of screens never on at once do not clash: n is "new" on the lists, the activity has none
		expect(resolveKeyOverrides({'events.follow': ['n']}).ok).toBe(true);
		expect(resolveKeyOverrides({'events.follow': ['F'], filter: ['/', 'F']}).ok).toBe(false);
	});

	it('a key the user types with cannot be bound where there is typing', () => {
		expect(resolveKeyOverrides({'message.newline': ['n']})).toEqual({ok: false, message: 'keys.message.newline: "n" is needed for typing in the message box'});
		expect(resolveKeyOverrides({submit: ['x']})).toEqual({ok: false, message: 'keys.submit: "x" is needed for typing in the new conversation form'});
		expect(resolveKeyOverrides({'message.newline': ['up']}).ok).toBe(false);
		expect(resolveKeyOverrides({'message.newline': ['ctrl-o', 'alt-enter']}).ok).toBe(true);
		expect(resolveKeyOverrides({'filter.apply': ['tab']}).ok).toBe(true);
	});
});
