// The workspace keys (issue 28 item 4) in the one keymap: each passes the clash check against every
// binding of its screens (an override to its own keys runs it), one that would clash is refused,
// and --read-only turns `$` off (it runs something on the server) but not `F`, `w` or `y`.
import {afterEach, describe, expect, it} from 'vitest';
import {resolveKeyOverrides} from '../../source/keymap/overrides.js';
import {commandFor, setReadOnly} from '../../source/ui/keys/activeKeymap.js';

afterEach(() => setReadOnly(false));

describe('the workspace keys', () => {
	it('clash with nothing on their screens', () => {
		const own = {'workspace.command': ['$'], 'workspace.files': ['F'], 'patch.write': ['w'], 'patch.copy': ['y'], 'file.save': ['w'], 'history.prev': ['up'], 'history.next': ['down']};
		for (const [command, keys] of Object.entries(own)) expect(resolveKeyOverrides({[command]: keys}), command).toMatchObject({ok: true});
		expect(resolveKeyOverrides(own)).toMatchObject({ok: true});
		// where they would clash, the check says so
		expect(resolveKeyOverrides({'workspace.files': ['f']})).toEqual({ok: false, message: `keys.workspace.files: "f" is already events.follow (Activity (a conversation's events))`});
		expect(resolveKeyOverrides({'patch.write': ['e']})).toEqual({ok: false, message: `keys.patch.write: "e" is already pager.open (A changed file's diff and Event pager)`});
		expect(resolveKeyOverrides({'file.save': ['/']})).toEqual({ok: false, message: `keys.file.save: "/" is already filter (A conversation's files (F))`});
		// the prompt and the path are typed: no character may be taken there
		expect(resolveKeyOverrides({'history.prev': ['k']})).toEqual({ok: false, message: 'keys.history.prev: "k" is needed for typing in the command pane ($)'});
	});

	it('--read-only turns $ off, and only $', () => {
		setReadOnly(true);
		expect(commandFor('activity', '$')).toBeUndefined();
		expect(commandFor('activity', 'F')).toBe('workspace.files');
		expect(commandFor('changes', 'w')).toBe('patch.write');
		expect(commandFor('changes', 'y')).toBe('patch.copy');
		expect(commandFor('files', 'w')).toBe('file.save');
	});
});
