// Issue 27 item 1: one string masked in one place and shown in another (a `curl --user u:p` masked in
// its action's row, in clear in the pager's `command:` line and in a message quoting it). Every shape
// of the round-4 corpus goes through every channel that shows server text (test/text/channels.ts:
// title, activity row, pager, show, show --json, ls --json, a notification's bytes, a notify
// command's environment, settings, specs, sandbox URLs); none may show any 8 characters of it.
import {afterEach, describe, expect, it} from 'vitest';
import {clearKnownSecrets} from '../../source/text/knownSecrets.js';
import {makeError} from '../../source/api/errorText.js';
import {repoAtBranch} from '../../source/present/format.js';
import {conversationEntries} from '../../source/ui/views/conversationParts.js';
import {exposedUrlLabel, sandboxEntries} from '../../source/ui/views/sandboxParts.js';
import {SPEC_COLUMNS, specEntries} from '../../source/ui/views/specParts.js';
import {NOW, conversation, sandbox, spec} from '../ui/fixtures.js';
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

describe('fields the screen drew as sent while the commands masked them', () => {
	const TOKEN = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
	const PW = 'Hq7-Zr2pW9x';
	const text = (value: unknown) => JSON.stringify(value);

	it('a repository, a working directory, a spec image: in the list, the details and the activity header', () => {
		expect(repoAtBranch(`https://x-access-token:${PW}@github.com/acme/app.git`, `fix-${TOKEN}`)).toBe('https://x-access-token:••••@github.com/acme/app.git@fix-ghp_••••');
		const c = conversation({working_dir: `/home/me/${TOKEN}`, selected_repository: null});
		expect(text(conversationEntries(c, NOW))).not.toContain(TOKEN.slice(4, 20));
		const s = spec({working_dir: `/srv/run?token=${PW}`});
		expect(text(specEntries(s, NOW)) + SPEC_COLUMNS.map(column => column.text(s, 0)).join(' ')).not.toContain(PW);
		expect(text(sandboxEntries({...sandbox({sandbox_spec_id: `registry.example.com/app:${TOKEN}`}), server: 'local'}, NOW, undefined))).not.toContain(TOKEN.slice(4, 20));
	});

	it("a sandbox's exposed URL names and its id, in its details and the URL picker (shown as sent, masked by ls --json)", () => {
		// verify27: a name `curl --user alice:… https://…` showed its password in the details
		const named = {...sandbox({id: `sb-${TOKEN}`, exposed_urls: [{name: `curl --user alice:${PW} https://api.example.com`, url: 'https://vs.example.com/?tkn=x', port: 1}]}), server: 'local'};
		const shown = text(sandboxEntries(named, NOW, undefined)) + named.exposed_urls!.map(exposedUrlLabel).join('\n');
		expect(shown).not.toContain(PW);
		expect(shown).not.toContain(TOKEN.slice(4, 20));
		expect(shown).toContain('curl --user alice:••••');
	});

	it("a server's error detail: masked before it is cut into the status line", () => {
		const error = makeError({operation: 'GET /api/v1/sandboxes/search', host: 'h', apiKey: null}, {kind: 'server', message: `upstream said: invalid credentials for postgres://app:${PW}@db/app (token ${TOKEN})`});
		expect(error.message).not.toContain(PW);
		expect(error.message).not.toContain(TOKEN.slice(4, 20));
		expect(error.message).toContain('postgres://app:••••@db/app');
	});
});
