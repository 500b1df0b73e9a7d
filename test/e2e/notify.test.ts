// Issues 11 and 19: a terminal kept open calls the user when an agent comes to need them: the BEL
// bytes the bundled app writes in a real pty, exactly once per transition, none for what waited at
// start (counted at once all the same), none while the user looks at that conversation; the window
// title carries the count and is given back at exit; the config's notifyCommand gets the fields.
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {hexId, startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';

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

const BEL = '\u0007';
const ESC = '\u001B';
const count = (text: string, what: string) => text.split(what).length - 1;
const A = hexId(0xa);
const B = hexId(0xb);

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error('timed out');
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

/** Waits until the app has polled `n` more times (the list, or the open activity's events). */
async function polls(s: ConversationServer, n: number, timeoutMs = 15_000): Promise<void> {
	const reads = () => s.seen.filter(r => r.line.startsWith('GET /api/v1/app-conversations') || r.line.includes('events/search')).length;
	const target = reads() + n;
	const deadline = Date.now() + timeoutMs;
	while (reads() < target) {
		if (Date.now() > deadline) throw new Error(`only ${reads()} of ${target} conversation reads: ${s.seen.map(r => r.line).join("\n")}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('notifications in a real terminal', () => {
	it('one BEL per transition; what waited at start is counted at once but never rung; none while looking at it; the title counts', {timeout: 90_000}, async () => {
		server = await startConversationServer([
			{id: A, title: 'Alpha task', status: 'running'},
			{id: B, title: 'Beta waits since before start', status: 'waiting_for_confirmation'},
		]);
		app = spawnCli({args: ['--url', server.url, '--refresh', '1'], cols: 120, rows: 30});
		await app.waitForText('Alpha task');
		// counted from the first screen, not announced
		await app.waitForText('1 needs you (!)');
		await polls(server, 2);
		expect(count(app.raw, BEL)).toBe(0);
		// the terminal's own title saved first (its title stack), then the count
		expect(app.raw).toContain(`${ESC}[22;2t${ESC}]2;`);
		await until(() => app!.raw.includes(`${ESC}]2;ohtui · 1 needs you${ESC}\\`));

		server.move(A, 'waiting_for_confirmation');
		await app.waitForText('2 need you (!)');
		// the bell waits (at most 3 s) to say what the agent waits for; this server has no events to tell
		await until(() => count(app!.raw, BEL) === 1);
		expect(app.raw).toContain(`${ESC}]2;ohtui · 2 need you${ESC}\\`);

		// looking at Alpha (its activity open): what it does there calls nobody. Alpha waits since just
		// now: the first row (the selection followed Beta, the row it was on)
		app.press('g');
		await app.waitForText(/^› .*Alpha task/m);
		app.press('l');
		await app.waitForText(/Esc back/);
		server.move(A, 'stuck');
		await polls(server, 3);
		app.press('\u001B');
		await app.waitForText('Beta waits since before start');
		await polls(server, 2);
		expect(count(app.raw, BEL)).toBe(1);
		// stuck is the state now: still counted
		expect(app.screenText()).toContain('2 need you (!)');

		// the next transition calls again, once (after the two intervals in which what the polls bring
		// of a conversation just looked at counts as seen)
		await new Promise(resolve => setTimeout(resolve, 2500));
		server.move(A, 'finished');
		await polls(server, 3);
		await until(() => count(app!.raw, BEL) === 2);
		await polls(server, 3);
		expect(count(app.raw, BEL)).toBe(1 + 1);

		// the window title goes back at exit (the terminal's title stack)
		app.press('q');
		await app.waitForExit();
		expect(app.raw.lastIndexOf(`${ESC}[23;2t`)).toBeGreaterThan(app.raw.lastIndexOf(`${ESC}]2;`));
	});

	it('notifyCommand: runs the program (no shell) with the fields in its environment, never a key', {timeout: 60_000}, async () => {
		server = await startConversationServer([{id: A, title: 'Alpha task', status: 'running'}]);
		const home = mkdtempSync(join(tmpdir(), 'ohtui-e2e-'));
		const out = join(home, 'fields.json');
		const script = join(home, 'record.mjs');
		// written whole, then renamed: the test reads it as soon as it exists
		writeFileSync(script, `import {renameSync, writeFileSync} from 'node:fs';\nconst e = process.env;\nwriteFileSync(${JSON.stringify(out + '.part')}, JSON.stringify({event: e.OHTUI_EVENT, server: e.OHTUI_SERVER, id: e.OHTUI_CONVERSATION, status: e.OHTUI_STATUS, title: e.OHTUI_TITLE, text: e.OHTUI_TEXT, key: e.OPENHANDS_API_KEY ?? null, args: process.argv.slice(2)}));\nrenameSync(${JSON.stringify(out + '.part')}, ${JSON.stringify(out)});\n`);
		// XDG_CONFIG_HOME is the temporary home (./pty.ts)
		mkdirSync(join(home, 'ohtui'));
		writeFileSync(join(home, 'ohtui', 'config.json'), JSON.stringify({profiles: {}, notifyCommand: [process.execPath, script, '$HOME; echo not a shell']}), {mode: 0o600});
		try {
			app = spawnCli({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: 'sk-never-in-a-notify-command-0123'}, cols: 120, rows: 30, home});
			await app.waitForText('Alpha task');
			await polls(server, 2);
			server.move(A, 'error');
			await until(() => existsSync(out));
			expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
				event: 'needs-you',
				server: expect.any(String),
				id: A,
				status: 'error',
				title: 'Alpha task',
				text: 'Alpha task stopped with an error',
				key: null,
				args: ['$HOME; echo not a shell'],
			});
		} finally {
			app?.dispose();
			app = undefined;
			rmSync(home, {recursive: true, force: true});
		}
	});
});

describe('notifyCommand and what it starts (issue 27 item 11)', () => {
	it('a program still running when ohtui quits ends with it, with everything it started', {timeout: 60_000}, async () => {
		server = await startConversationServer([{id: A, title: 'Alpha task', status: 'running'}]);
		const home = mkdtempSync(join(tmpdir(), 'ohtui-e2e-'));
		const pids = join(home, 'pids');
		// children that ignore the hang-up, as helpers started with nohup do: before, they outlived ohtui
		const script = `trap "" HUP; sleep 60 & echo $! >> ${pids}; sleep 60 & echo $! >> ${pids}; echo $$ >> ${pids}; wait`;
		mkdirSync(join(home, 'ohtui'));
		writeFileSync(join(home, 'ohtui', 'config.json'), JSON.stringify({profiles: {}, notifyCommand: ['sh', '-c', script]}), {mode: 0o600});
		const listed = () => (existsSync(pids) ? readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number) : []);
		// a zombie (killed, not yet reaped by whoever inherited it) is dead too
		const alive = (pid: number) => {
			try {
				process.kill(pid, 0);
			} catch {
				return false;
			}
			return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
		};
		try {
			app = spawnCli({args: ['--url', server.url, '--refresh', '1'], cols: 120, rows: 30, home});
			await app.waitForText('Alpha task');
			await polls(server, 2);
			server.move(A, 'error');
			await until(() => listed().length === 3);
			app.press('q');
			await app.waitForExit();
			await until(() => listed().every(pid => !alive(pid)), 5000);
		} finally {
			for (const pid of listed()) if (alive(pid)) process.kill(pid, 'SIGKILL');
			app?.dispose();
			app = undefined;
			rmSync(home, {recursive: true, force: true});
		}
	});
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

describe('notification storms (issue 21 item 8)', () => {
	const OSC777 = `${ESC}]777;notify;ohtui;`;

	it('four conversations flapping every 1.5 s: three at once, then one every 20 s saying how many it stands for', {timeout: 90_000}, async () => {
		const ids = [A, B, hexId(0xc), hexId(0xd)];
		server = await startConversationServer(ids.map((id, i) => ({id, title: `Flapper ${i + 1}`, status: 'running'})));
		app = spawnCli({args: ['--url', server.url, '--refresh', '1', '--notify', 'both'], env: {TERM: 'foot'}, cols: 120, rows: 30});
		await app.waitForText('Flapper 4');
		await polls(server, 2);
		const states = ['waiting_for_confirmation', 'running', 'finished', 'running'];
		let flip = 0;
		const started = Date.now();
		while (Date.now() - started < 24_000) {
			for (const id of ids) server.move(id, states[flip % states.length]!);
			flip++;
			// eslint-disable-next-line no-await-in-loop
			await new Promise(resolve => setTimeout(resolve, 1500));
		}
		await polls(server, 2);
		const told = app.raw.split(OSC777).slice(1).map(part => part.slice(0, part.indexOf(`${ESC}\\`)));
		// before: a notification and a BEL for every transition (about 60 in these 24 s)
		expect(told.length).toBeGreaterThanOrEqual(3);
		expect(told.length).toBeLessThanOrEqual(5);
		expect(count(app.raw, BEL)).toBe(told.length);
		expect(told.slice(3).every(body => /\(\+\d+ more\)$/.test(body))).toBe(true);
		app.press('q');
		await app.waitForExit();
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
