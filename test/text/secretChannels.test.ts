// Issue 27 item 1: one string masked in one place and shown in another (a `curl --user u:p` masked in
// its action's row, in clear in the pager's `command:` line and in a message quoting it). Every shape
// of the round-4 corpus goes through every channel that shows server text (test/text/channels.ts:
// title, activity row, pager, show, show --json, ls --json, a notification's bytes, a notify
// command's environment, settings, specs, sandbox URLs); none may show any 8 characters of it.
import {afterEach, describe, expect, it} from 'vitest';
import {clearKnownSecrets} from '../../source/text/knownSecrets.js';
import {CHANNELS} from './channels.js';
import {SHAPES, leaks} from './secretCorpus.js';

afterEach(() => clearKnownSecrets());

describe('one masking of a string wherever it goes', () => {
	it.each(Object.keys(CHANNELS))('%s shows none of the corpus', channel => {
		const show = CHANNELS[channel]!;
		const shown = SHAPES.filter(shape => leaks(show(shape.text), shape.secret));
		expect(shown.map(shape => shape.what)).toEqual([]);
	});

	it('the channels show the rest of the text (the masking is not blanket)', () => {
		const text = `curl --user alice:Hq7-Zr2pW9x https://api.example.com/v1/items`;
		for (const [name, show] of Object.entries(CHANNELS)) {
			if (name === 'specs' || name === 'settings' || name === 'sandbox url' || name === 'notification') continue;
			expect(show(text), name).toContain('alice:••••');
		}
	});
});
