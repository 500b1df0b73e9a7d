// Desktop notifications (OSC 777, through tmux's passthrough or not) and secrets in them: the bytes
// the bundled app writes in a real pty. Apart from ./notify.test.ts so the files run side by side.
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';
import {A, BEL, ESC, count, polls, until} from './notifyParts.js';

beforeAll(() => {
	buildOnce();
});

let app: PtySession | undefined;
let server: ConversationServer | undefined;
afterEach(async () => {
	app?.dispose();
	app = undefined;
	await server?.close();
	server = undefined;
});

/**
 * A `tmux` on PATH that answers the one question ohtui asks (display-message + show-options): the
 * attached terminal is foot, and allow-passthrough is `value`. It writes down that it was asked.
 */
function fakeTmux(value: string): {dir: string; asked: () => number; dispose(): void} {
	const dir = mkdtempSync(join(tmpdir(), 'ohtui-tmux-'));
	const log = join(dir, 'asked');
	// only the notification's question is counted (ohtui also asks for the pane's title, to give it back at exit)
	writeFileSync(join(dir, 'tmux'), `#!/bin/sh\ncase "$*" in *allow-passthrough*) echo asked >> '${log}';; esac\nprintf 'foot foot(1.17.2)\\n${value}\\n'\n`);
	chmodSync(join(dir, 'tmux'), 0o755);
	return {
		dir,
		asked() {
			try {
				return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
			} catch {
				return 0;
			}
		},
		dispose: () => rmSync(dir, {recursive: true, force: true}),
	};
}

describe('desktop notifications', () => {
	const OSC777 = `${ESC}]777;notify;ohtui;`;

	async function oneTransition(env: Record<string, string>): Promise<string> {
		server = await startConversationServer([{id: A, title: 'Alpha; with "quotes"', status: 'running'}]);
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'both'], env, cols: 120, rows: 30});
		await app.waitForText('Alpha');
		await polls(server, 2);
		server.move(A, 'finished');
		await app.waitForText('1 needs you (!)');
		await polls(server, 3);
		await until(() => count(app!.raw, BEL) >= 1);
		return app.raw;
	}

	it('foot reads OSC 777: BEL and the notification, once, with the title cleaned', {timeout: 60_000}, async () => {
		const raw = await oneTransition({TERM: 'foot'});
		expect(count(raw, BEL)).toBe(1);
		expect(count(raw, OSC777)).toBe(1);
		expect(raw).toContain(`${OSC777}Alpha, with "quotes" finished${ESC}\\`);
	});

	it('inside tmux with allow-passthrough on: the notification goes through a DCS passthrough, tmux asked once', {timeout: 60_000}, async () => {
		const tmux = fakeTmux('on');
		try {
			const raw = await oneTransition({TMUX: '/tmp/ohtui-fake-tmux,1,0', TMUX_PANE: '%1', TERM: 'tmux-256color', PATH: `${tmux.dir}:${process.env['PATH']}`});
			const wrapped = `${ESC}Ptmux;${ESC}${ESC}]777;notify;ohtui;Alpha, with "quotes" finished${ESC}${ESC}\\${ESC}\\`;
			expect(count(raw, wrapped)).toBe(1);
			expect(count(raw, BEL)).toBe(1);
			expect(tmux.asked()).toBe(1);
		} finally {
			tmux.dispose();
		}
	});

	it('inside tmux with allow-passthrough off: only the BEL (tmux sets the window bell flag)', {timeout: 60_000}, async () => {
		const tmux = fakeTmux('off');
		try {
			const raw = await oneTransition({TMUX: '/tmp/ohtui-fake-tmux,1,0', TMUX_PANE: '%1', TERM: 'tmux-256color', PATH: `${tmux.dir}:${process.env['PATH']}`});
			expect(count(raw, BEL)).toBe(1);
			expect(raw).not.toContain(`${ESC}Ptmux;`);
			expect(raw).not.toContain(OSC777);
		} finally {
			tmux.dispose();
		}
	});

	it('--notify off writes nothing', {timeout: 60_000}, async () => {
		server = await startConversationServer([{id: A, title: 'Alpha', status: 'running'}]);
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'off'], env: {TERM: 'foot'}, cols: 120, rows: 30});
		await app.waitForText('Alpha');
		await polls(server, 2);
		server.move(A, 'finished');
		await app.waitForText('1 needs you (!)');
		await polls(server, 2);
		expect(count(app.raw, BEL)).toBe(0);
		expect(app.raw).not.toContain(']777;');
	});
});

describe('secrets in titles and notifications (issue 21 item 2)', () => {
	const OSC777 = `${ESC}]777;notify;ohtui;`;
	const TOKEN = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';

	it('a token in a title is masked on the list, in the activity header and in the desktop notification', {timeout: 60_000}, async () => {
		server = await startConversationServer([{id: A, title: `push with ${TOKEN} please`, status: 'running'}]);
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'both'], env: {TERM: 'foot'}, cols: 120, rows: 30});
		await app.waitForText('push with ghp_••••');
		server.move(A, 'waiting_for_confirmation');
		await app.waitForText('1 needs you (!)');
		// (the call waits up to 3 s to say what the agent waits for: this server has no events to tell)
		await until(() => app!.raw.includes(`${OSC777}push with ghp_•••• please waits for your confirmation${ESC}\\`));
		app.press('l');
		await app.waitForText(/push with ghp_•••• please\s+aaaa|push with ghp_••••/);
		expect(app.raw).not.toContain(TOKEN.slice(4));
		expect(app.raw).not.toContain(TOKEN.slice(-12));
		app.press('q');
		await app.waitForExit();
	});
});
