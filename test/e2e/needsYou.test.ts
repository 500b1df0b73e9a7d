// `ohtui --needs-you` (issue 20 §2, the tmux popup binding): the UI opens on the needs-you list,
// and Enter on an item there goes to that conversation's activity. In a real pty, over real HTTP.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCommand} from '../../source/commands/main.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {startApp, waitForScreen} from '../support/appSession.js';
import {buildOnce, type PtySession} from './pty.js';

let server: StandInServer;
let app: PtySession | undefined;

beforeAll(async () => {
	buildOnce();
	server = await startStandInServer({live: false, rateLimit: false, bootMs: 0, stepMs: 20});
}, 120_000);
afterAll(async () => {
	app?.dispose();
	await server.close();
});

async function ohtui(...argv: string[]): Promise<string> {
	let out = '';
	const io = {stdout: {write: (t: string) => (out += t)}, stderr: {write: () => true}, stdin: process.stdin, env: {OPENHANDS_URL: server.url, HOME: '/nonexistent'}, now: Date.now, signal: new AbortController().signal};
	await runCommand(argv[0] as 'ls', argv.slice(1), io);
	return out;
}

describe('ohtui --needs-you', () => {
	it('opens on the needs-you list; Enter on an item opens its conversation', async () => {
		app = startApp({url: server.url, args: ['--needs-you']});
		await waitForScreen(app, screen => /Needs you/.test(screen) && /Enter go there/.test(screen), 'the needs-you list at start', 20_000);
		// an agent that finishes while ohtui watches: the list gets it
		const [id] = (await ohtui('ls', '--status', 'running', '--limit', '1')).split('\t');
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		await ohtui('send', id!, 'finish up');
		const screen = await waitForScreen(app, text => /Needs you \(\d+\)/.test(text) && /Add dark mode toggle/.test(text), 'the finished conversation in the list', 20_000);
		expect(screen).toContain('finished');
		// attention first: what waits, failed or is stuck comes before a finish (issue 19): G goes to it
		app.press('G');
		await waitForScreen(app, text => /› .*Add dark mode toggle/.test(text), 'the finished one selected', 20_000);
		app.press('\r');
		await waitForScreen(app, text => !/Enter go there/.test(text) && /Add dark mode toggle/.test(text) && /finish up/.test(text), "the conversation's activity", 20_000);
	}, 60_000);
});
