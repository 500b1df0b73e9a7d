// Issue 28 item 4 in a real pseudo-terminal: the workspace keys against the stand-ins, for an agent
// server's conversation directly and for an app server's through its conversation_url. In one
// activity: `$` runs a command in the pane (its output, its exit code), a second one left running
// with Esc ends in the header; `F` lists the files, Enter reads one, `w` saves it byte for byte;
// in the changes view `w` writes the patch (real `git apply` takes it and gives the agent's files),
// asks before writing over it, and `y` copies the same bytes through OSC 52.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/index.js';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {differences, gitApply, type Files} from '../support/gitApply.js';
import {KEY} from '../support/agentRest.js';
import {openByTitle} from './openByTitle.js';
import {ptySessions, type PtySession} from './pty.js';

const sessions = ptySessions();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of closers.splice(0)) await close();
});
const local = mkdtempSync(join(tmpdir(), 'ohtui-keys-'));
afterAll(() => rmSync(local, {recursive: true, force: true}));

const TITLE = 'Add dark mode toggle to the settings page';
const paste = (session: PtySession, text: string) => session.press(`\u001B[200~${text}\u001B[201~`);
const CTRL_U = '\u0015';

/** The bytes of the last OSC 52 the app wrote. */
function copied(raw: string): Buffer | null {
	const found = [...raw.matchAll(/\u001B\]52;c;([A-Za-z0-9+/=]*)\u0007/g)].at(-1);
	return found ? Buffer.from(found[1]!, 'base64') : null;
}

async function everyKey(session: PtySession, checkout: {base: Files; tree: Files}, name: string): Promise<void> {
	await openByTitle(session, TITLE);

	// $: a command, its output and exit code in the pane
	session.press('$');
	await session.waitForText('Run a command in the workspace');
	paste(session, 'git status --short; exit 4');
	session.press('\r');
	await session.waitForText('?? public/icons/moon.png', 15_000);
	await session.waitForText('$ git status --short; exit 4 · exit 4 ─');
	// another, left running with Esc: its end comes into the header
	paste(session, 'sleep 1; exit 3');
	session.press('\r');
	await session.waitForText('$ sleep 1; exit 3 · running…');
	session.press('\u001B');
	await session.waitForText(/ · \$ sleep 1; exit 3 running… · /);
	await session.waitForText(/ · \$ sleep 1; exit 3 → exit 3 · /, 15_000);
	// the pane again: the history with ↑
	session.press('$');
	await session.waitForText('Enter run');
	session.press('\u001B[A');
	await session.waitForText(/^\$ sleep 1; exit 3/m);
	session.press('\u001B');
	await session.waitForText('$ command');

	// F: the files; Enter reads one, w saves it
	session.press('F');
	await session.waitForText("(git's file list)", 15_000);
	session.press('/');
	paste(session, 'README');
	session.press('\r');
	await session.waitForText(/› README\.md/);
	session.press('\r');
	await session.waitForText('See docs/ for how to build and test.');
	session.press('w');
	await session.waitForText('Write README.md to:');
	session.press(CTRL_U);
	paste(session, join(local, `${name}-README.md`));
	session.press('\r');
	await session.waitForText('wrote README.md');
	expect(readFileSync(join(local, `${name}-README.md`)).equals(checkout.tree.get('README.md')!)).toBe(true);
	session.press('\u001B');
	await session.waitForText('Enter read');
	session.press('\u001B');
	session.press('\u001B');
	await session.waitForText('$ command');

	// c, then w: the patch to a file git applies; w again asks before writing over it; y copies it
	session.press('c');
	await session.waitForText('files changed', 15_000);
	session.press('w');
	await session.waitForText(/Write the patch of \d+ files to:/);
	session.press(CTRL_U);
	const file = join(local, `${name}.patch`);
	paste(session, file);
	session.press('\r');
	await session.waitForText(/wrote the patch of \d+ files \(/);
	const patch = readFileSync(file);
	const applied = gitApply(checkout.base, patch);
	if ('error' in applied) throw new Error(applied.error);
	expect(differences(applied.files, checkout.tree)).toEqual([]);
	session.press('w');
	await session.waitForText('Write the patch');
	session.press(CTRL_U);
	paste(session, file);
	session.press('\r');
	await session.waitForText(`${file} exists: write over it?`);
	session.press('n');
	await session.waitForText('y copy patch');
	session.press('y');
	await session.waitForText(/copied the patch of \d+ files \(/);
	expect(copied(session.raw)?.equals(patch)).toBe(true);
}

describe('the workspace keys', () => {
	it('agent server: $, F (Enter, w), and the changes view’s w and y', {timeout: 90_000}, async () => {
		const server = await startAgentServerStandIn({apiKey: KEY, live: false});
		closers.push(() => server.close());
		const client = createClient({baseUrl: server.url, apiKey: KEY});
		const c = (await client.searchConversations()).items.find(item => item.title === TITLE)!;
		await client.close();
		const session = sessions.spawn({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: KEY}});
		await everyKey(session, server.checkout(c.working_dir!)!, 'agent');
	});

	it('app server: the same through conversation_url, with the sandbox key', {timeout: 90_000}, async () => {
		const key = 'sk-oh-app-Kw3Lx4My5Nz6';
		const server = await startStandInServer({generation: 'current', apiKey: key, live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		closers.push(() => server.close());
		const client = createClient({baseUrl: server.url, apiKey: key});
		const c = (await client.searchConversations()).items.find(item => item.title === TITLE)!;
		await client.close();
		const session = sessions.spawn({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: key}});
		await everyKey(session, server.agentCheckout(c.id, '/workspace/project/web-dashboard')!, 'app');
		// what went to the agent server carried the sandbox's key, never the app's
		const agentHost = new URL(server.agentUrl).host;
		const workspace = server.requests.filter(r => /^\/api\/(bash|file|git)\//.test(r.path));
		expect(workspace.filter(r => r.path.startsWith('/api/bash/')).length).toBeGreaterThan(2);
		expect(workspace.every(r => r.credentials?.host === agentHost && r.credentials.session === c.session_api_key && r.credentials.bearer === null)).toBe(true);
	});
});
