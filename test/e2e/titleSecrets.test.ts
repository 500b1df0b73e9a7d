// Issue 21 item 2 on the attention-first screens (issue 19): a token in a title is masked in the
// preview under the list, in `!`, in the window title, in the desktop notification and in what the
// notifyCommand is given, in a real pty over real HTTP.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';

beforeAll(() => {
	buildOnce();
});

let app: PtySession | undefined;
let server: ConversationServer | undefined;
let home: string | undefined;
afterEach(async () => {
	app?.dispose();
	app = undefined;
	await server?.close();
	server = undefined;
	if (home) rmSync(home, {recursive: true, force: true});
	home = undefined;
});

const ESC = '\u001B';
const TOKEN = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const A = hexId(0xa);

const until = (what: string, condition: () => boolean) => vi.waitFor(() => expect(condition(), what).toBe(true), {timeout: 20_000, interval: 25});

describe('a token in a title on the attention-first screens', () => {
	it('the preview, !, the window title, the notification and the notify command show it masked', {timeout: 90_000}, async () => {
		server = await startConversationServer([{id: A, title: `push with ${TOKEN} please`, status: 'running'}]);
		home = mkdtempSync(join(tmpdir(), 'ohtui-e2e-'));
		const out = join(home, 'fields.json');
		const script = join(home, 'record.mjs');
		// written whole, then renamed: the test reads it as soon as it exists
		writeFileSync(script, `import {renameSync, writeFileSync} from 'node:fs';\nwriteFileSync(${JSON.stringify(out + '.part')}, JSON.stringify(process.env));\nrenameSync(${JSON.stringify(out + '.part')}, ${JSON.stringify(out)});\n`);
		mkdirSync(join(home, 'ohtui'));
		writeFileSync(join(home, 'ohtui', 'config.json'), JSON.stringify({profiles: {}, notifyCommand: [process.execPath, script]}), {mode: 0o600});
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'both'], env: {TERM: 'foot'}, cols: 120, rows: 40, home});
		await app.waitForText('push with ghp_••••');
		server.move(A, 'waiting_for_confirmation');
		await app.waitForText('1 needs you (!)');
		await until('the notify command ran', () => existsSync(out));
		const fields = readFileSync(out, 'utf8');
		expect(fields).toContain('push with ghp_••••');
		app.press('!');
		await app.waitForText(/Enter go there/);
		await app.waitForText('push with ghp_••••');
		// the window title carries the count (OSC 0 or 2)
		await until('the window title was set', () => /\u001B\](?:0|2);/.test(app!.raw));
		for (const text of [app.raw, fields]) {
			expect(text).not.toContain(TOKEN.slice(4, 20));
			expect(text).not.toContain(TOKEN.slice(-12));
		}
		app.press(ESC);
		app.press('q');
		await app.waitForExit();
	});
});
