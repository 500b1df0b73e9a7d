// What `e` hands to $PAGER is what the screen shows: the event's lines as the pager draws them,
// masked (a token by its shape, the user's own key wherever it is). The pager is a script that
// records the file it got; under ink-testing-library Ink runs the hand-off without a terminal.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {cleanup} from 'ink-testing-library';
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {eventDetail} from '../../../source/present/events/detail.js';
import {registerKnownSecret} from '../../../source/text/secrets.js';
import {conversation, list} from '../fixtures.js';
import {renderApp} from '../harness.js';
import {LEGACY, activityState, event} from '../eventFixtures.js';

const work = mkdtempSync(join(tmpdir(), 'ohtui-handoff-ui-'));
const record = join(work, 'handed.txt');
const pager = join(work, 'pager.sh');
const KEY = 'users-own-key-0123456789abcdef';
const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
let previous: string | undefined;

beforeAll(() => {
	writeFileSync(pager, `#!/bin/sh\ncp "$1" ${JSON.stringify(record)}\n`, {mode: 0o755});
	previous = process.env['PAGER'];
	process.env['PAGER'] = pager;
	registerKnownSecret(KEY);
});
afterAll(() => {
	if (previous === undefined) delete process.env['PAGER'];
	else process.env['PAGER'] = previous;
	rmSync(work, {recursive: true, force: true});
});
afterEach(() => cleanup());

describe('e on an event', () => {
	it('hands $PAGER the lines the pager shows, masked as on screen', async () => {
		const command = `export GITHUB_TOKEN=${TOKEN} && curl -H "x-key: ${KEY}" https://example.com`;
		const raw = {...LEGACY.bash, action: {...LEGACY.bash.action, command}, tool_call: {...LEGACY.bash.tool_call, arguments: JSON.stringify({command})}};
		const ID = conversation().id;
		const h = renderApp({rows: 40, columns: 120, snapshot: {conversations: list([conversation()]), activity: activityState(ID, [event(raw)])}});
		await h.waitFor('Fix flaky');
		await h.press('l');
		await h.waitFor('Esc back');
		await h.press('e');
		await vi.waitFor(() => expect(readFileSync(record, 'utf8')).not.toBe(''));
		const handed = readFileSync(record, 'utf8');
		expect(handed).toBe(`${eventDetail(event(raw)).map(line => line.text).join('\n')}\n`);
		expect(handed).toContain('export GITHUB_TOKEN=');
		expect(handed).not.toContain(TOKEN);
		expect(handed).not.toContain(KEY);
	});
});
