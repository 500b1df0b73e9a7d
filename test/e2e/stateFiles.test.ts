// Issue 27 item 10: what sits in the state and cache folders in place of ohtui's own files (a FIFO,
// /dev/zero) is never read. Before: a FIFO as the seen file blanked the app and made it deaf to q,
// Ctrl-c and SIGTERM (only SIGKILL ended it), `show` and `ls --needs-you` hung the same way, a FIFO
// as status's cache hung `status`, and /dev/zero there took it to 1.56 GB. Real processes: a hung
// one is ended by SIGKILL here, and the test fails.
import {execFileSync, spawn} from 'node:child_process';
import {mkdirSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {seenFileName} from '../../source/store/attention/seenStore.js';
import {buildOnce, childEnv, cliPath, spawnCli, tempHome} from './pty.js';

let server: StandInServer;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;

beforeAll(async () => {
	buildOnce();
	server = await startStandInServer({live: false, rateLimit: false, bootMs: 0});
	home = tempHome();
	env = childEnv(home.home, {OPENHANDS_URL: server.url, XDG_STATE_HOME: join(home.home, 'state')});
}, 120_000);
afterAll(async () => {
	await server.close();
	home.dispose();
});

const seenFile = () => join(home.home, 'state', 'ohtui', 'seen', seenFileName(server.url));
const statusFolder = () => join(home.home, '.cache', 'ohtui', 'status');

function fifoAt(path: string): void {
	rmSync(path, {force: true});
	mkdirSync(join(path, '..'), {recursive: true});
	execFileSync('mkfifo', [path]);
}

/** `ohtui ARGS`, ended by SIGKILL after `limitMs` (a process blocked in a read hears nothing else). */
async function run(args: string[], limitMs = 15_000): Promise<{code: number | null; out: string; err: string; killed: boolean}> {
	const child = spawn(process.execPath, [cliPath, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	let killed = false;
	const timer = setTimeout(() => {
		killed = true;
		child.kill('SIGKILL');
	}, limitMs);
	const code = await new Promise<number | null>(resolve => child.on('close', resolve));
	clearTimeout(timer);
	return {code, out, err, killed};
}

describe('a FIFO or a device where ohtui keeps its files', () => {
	it('the seen file: show and ls --needs-you answer at once', {timeout: 60_000}, async () => {
		const id = (await run(['ls', '--limit', '1'])).out.split('\t')[0]!;
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		for (const args of [['show', id], ['ls', '--needs-you'], ['wait', id, '--until', 'any', '--timeout', '0.1']]) {
			fifoAt(seenFile());
			// eslint-disable-next-line no-await-in-loop
			const result = await run(args);
			expect(result.killed, args.join(' ')).toBe(false);
			expect(result.err, args.join(' ')).not.toMatch(/\n\s+at /);
		}
	});

	it('the status cache: a FIFO or /dev/zero in place of each file is no answer; status asks instead', {timeout: 60_000}, async () => {
		expect((await run(['status'])).code).toBe(0);
		const names = readdirSync(statusFolder()).filter(name => name.endsWith('.json'));
		expect(names.length).toBeGreaterThanOrEqual(2);
		for (const make of [(path: string) => fifoAt(path), (path: string) => (rmSync(path, {force: true}), symlinkSync('/dev/zero', path))]) {
			for (const name of names) make(join(statusFolder(), name));
			// eslint-disable-next-line no-await-in-loop
			const result = await run(['status']);
			expect(result.killed).toBe(false);
			expect(result.code).toBe(0);
			expect(result.out).toMatch(/^⚑\d+ ▶\d+\n$/);
		}
	});

	it('the app with a FIFO as the seen file draws, and SIGTERM ends it', {timeout: 60_000}, async () => {
		fifoAt(seenFile());
		const app = spawnCli({args: ['--url', server.url], env: {XDG_STATE_HOME: join(home.home, 'state')}, home: home.home, cols: 100, rows: 30});
		try {
			await app.waitForText(/Conversations/, 15_000);
			await app.waitForText(/›/, 15_000);
			const asked = Date.now();
			app.kill('SIGTERM');
			const exit = await app.waitForExit(5000);
			// printed for the report: the time from SIGTERM to the exit
			console.log(`SIGTERM to exit with a FIFO as the seen file: ${Date.now() - asked} ms`);
			expect(exit.exitCode === 143 || exit.signal === 15).toBe(true);
		} finally {
			app.dispose();
		}
	});
});
