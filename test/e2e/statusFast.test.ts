// `ohtui status` answered from its cache by its own file (source/commands/statusFast.ts, loaded by
// the launcher dist/cli.js before the entry): a copy of the package holding only those two files
// answers as the whole command does, and gives anything else (--fresh, --help, a usage error) to
// the entry, which the copy lacks.
import {spawn, spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {connect, createServer, type Socket} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {specifiers} from '../../scripts/bundleImports.mjs';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {ohtui} from '../commands/harness.js';
import {buildOnce, childEnv, cliPath, root, tempHome} from './pty.js';

let server: StandInServer;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
/** dist/cli.js and status's own file, nothing else */
let twoFiles: string;

beforeAll(async () => {
	buildOnce();
	server = await startStandInServer({live: false, rateLimit: false, bootMs: 0});
	home = tempHome();
	env = childEnv(home.home, {OPENHANDS_URL: server.url, XDG_STATE_HOME: join(home.home, 'state')});
	const fast = specifiers(readFileSync(cliPath, 'utf8')).find(name => name.startsWith('./chunks/statusFast-'))!;
	const copy = join(home.home, 'package');
	mkdirSync(join(copy, 'dist', 'chunks'), {recursive: true});
	writeFileSync(join(copy, 'package.json'), JSON.stringify({type: 'module'}));
	copyFileSync(cliPath, join(copy, 'dist', 'cli.js'));
	// dist/cli.js is CommonJS in the package's module package.json (scripts/build.mjs commonJs)
	copyFileSync(join(root, 'dist', 'package.json'), join(copy, 'dist', 'package.json'));
	copyFileSync(join(root, 'dist', fast), join(copy, 'dist', fast));
	twoFiles = join(copy, 'dist', 'cli.js');
}, 120_000);
afterAll(async () => {
	await server.close();
	home.dispose();
});

async function run(cli: string, args: string[], line = ['status', ...args]): Promise<{code: number | null; out: string; err: string}> {
	const child = spawn(process.execPath, [cli, ...line], {env, stdio: ['ignore', 'pipe', 'pipe']});
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	const code = await new Promise<number | null>(resolve => child.on('close', resolve));
	return {code, out, err};
}

/** the whole command in this process (test/commands/harness.ts), with the same environment */
async function inProcess(args: string[], refreshes: string[][] = []) {
	const {code, out, err} = await ohtui(['status', ...args], {env, refresh: argv => refreshes.push([...argv])});
	return {code, out, err};
}

describe('ohtui status answered by its own file', () => {
	it.each([
		['the line', ['--max-age', '600']],
		['the default --max-age', []],
		['--json', ['--json', '--max-age', '600']],
		['--tmux', ['--tmux', '--max-age', '600']],
		['--format', ['--format', '{needs}/{total} {down} of {servers}', '--max-age', '600']],
		['a server that cannot be asked (its failure cached: the marker, one line on stderr, exit 3)', ['--url', 'http://127.0.0.1:1', '--max-age', '600']],
	])('%s: what the whole command prints, exit code and stderr included', async (_name, args) => {
		const filled = await run(cliPath, args);
		const fast = await run(twoFiles, args);
		expect(fast.out).toBe(filled.out);
		expect(fast).toEqual(await inProcess(args));
		expect(fast.err).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find module|chunks\//);
	});

	it('global flags before status (ohtui --url URL status): answered by its own file as well', async () => {
		const filled = await run(cliPath, ['--url', server.url, '--max-age', '600']);
		const fast = await run(twoFiles, [], ['--url', server.url, 'status', '--max-age', '600']);
		expect(fast).toEqual(filled);
		expect(fast.out).toMatch(/^⚑\d+ ▶\d+\n$/);
	});

	it.runIf(existsSync('/dev/full'))('writes its line with write(2) and says so when it cannot: /dev/full is exit 1 and one line, a reader gone is exit 0', async () => {
		const full = spawnSync(process.execPath, [twoFiles, 'status', '--max-age', '600'], {env, stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'], encoding: 'utf8'});
		expect([full.status, full.stderr]).toEqual([1, 'ohtui status: output not written (no space left on device)\n']);
		// the reading end closed (before the line is written, as the child starts): EPIPE, quietly
		const child = spawn(process.execPath, [twoFiles, 'status', '--max-age', '600'], {env, stdio: ['ignore', 'pipe', 'pipe']});
		child.stdout.destroy();
		let err = '';
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		expect(await new Promise(resolve => child.on('close', resolve))).toBe(0);
		expect(err).toBe('');
	});

	it('an answer older than --max-age: printed at once, and the refresh asked for', async () => {
		const args = ['--max-age', '0.001'];
		await run(cliPath, ['--fresh', ...args]);
		const fast = await run(twoFiles, args);
		const refreshes: string[][] = [];
		const whole = await inProcess(args, refreshes);
		expect(fast).toEqual(whole);
		expect(fast.out).toMatch(/^⚑\d+ ▶\d+\n$/);
		expect(refreshes).toEqual([['status', '--refresh-only', ...args]]);
	});

	it.each([
		['--fresh with an answer older than --max-age', ['--fresh', '--max-age', '0.001']],
		['--refresh-only', ['--refresh-only']],
		['--help', ['--help']],
		['a bad --max-age', ['--max-age', 'soon']],
		['an unknown flag', ['--nope']],
		['no answer in the cache', ['--max-age', '599']],
	])('%s: left to the entry (which the two files lack), and the whole binary does it as the command does', async (_name, args) => {
		const fast = await run(twoFiles, args);
		expect(fast.code).not.toBe(0);
		expect(fast.out).toBe('');
		// the launcher requires the entry (CommonJS), which the copy lacks
		expect(fast.err).toMatch(/Cannot find module '\.\/chunks\/cli-\w+\.cjs'/);
		const whole = await run(cliPath, args);
		expect(whole).toEqual(await inProcess(args));
	});

	it.runIf(existsSync('/proc/self/stat'))('the detached refresh runs at nice 10: background work yields to what someone waits for', async () => {
		// a relay to the stand-in that can stop answering: the refresher then waits, and can be looked at
		const sockets = new Set<Socket>();
		let forward = true;
		const relay = createServer(socket => {
			sockets.add(socket);
			if (!forward) return;
			const upstream = connect(Number(new URL(server.url).port), '127.0.0.1');
			socket.pipe(upstream).pipe(socket);
			socket.on('error', () => upstream.destroy());
			upstream.on('error', () => socket.destroy());
		});
		await new Promise<void>(resolve => relay.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(relay.address() as {port: number}).port}`;
		const args = ['--url', url, '--max-age', '0.001'];
		try {
			expect((await run(cliPath, ['--fresh', ...args])).code).toBe(0);
			forward = false;
			expect((await run(cliPath, args)).code).toBe(0);
			let nice: number | undefined;
			const deadline = Date.now() + 10_000;
			while (nice === undefined && Date.now() < deadline) {
				for (const pid of readdirSync('/proc').filter(name => /^\d+$/.test(name))) {
					try {
						if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(url)) continue;
						// the fields after the command's name (in parentheses): nice is the 19th field
						nice = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
					} catch {
						// gone meanwhile
					}
				}
				if (nice === undefined) await new Promise(resolve => setTimeout(resolve, 20));
			}
			expect(nice).toBe(10);
		} finally {
			for (const socket of sockets) socket.destroy();
			await new Promise(resolve => relay.close(resolve));
		}
	});
});
