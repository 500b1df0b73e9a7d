// Issues 11 and 19: a terminal kept open calls the user when an agent comes to need them: the BEL
// bytes the bundled app writes in a real pty, exactly once per transition, none for what waited at
// start (counted at once all the same), none while the user looks at that conversation; the window
// title carries the count and is given back at exit; the config's notifyCommand gets the fields.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {startConversationServer, type ConversationServer} from '../support/conversationServer.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';
import {A, B, BEL, ESC, count, polls, until} from './notifyParts.js';

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
