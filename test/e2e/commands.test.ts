// The commands through the built bundle, as a shell runs them: a closed pipe, a closed standard
// input, Ctrl-c, several `ohtui status` processes at once, the completion scripts in real shells,
// and no Ink or React on the commands' path (each command is its own chunk).
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {staticClosure} from '../../scripts/bundleImports.mjs';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {fromPackage} from './bundledPaths.js';
import {buildOnce, childEnv, cliPath, root, tempHome} from './pty.js';

let server: StandInServer;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;

beforeAll(async () => {
	buildOnce();
	server = await startStandInServer({live: false, rateLimit: false, bootMs: 0, seed: {conversations: 1500, sandboxes: 20}});
	home = tempHome();
	env = childEnv(home.home, {OPENHANDS_URL: server.url});
}, 120_000);
afterAll(async () => {
	await server.close();
	home.dispose();
});

/** bash -c SCRIPT, asynchronously: the stand-in answers from this process, which must not block. */
async function shell(script: string, extra: Record<string, string> = {}): Promise<{status: number | null; stdout: string; stderr: string}> {
	const child = spawn('bash', ['-c', script], {env: {...env, OHTUI: `${process.execPath} ${cliPath}`, ...extra}, stdio: ['ignore', 'pipe', 'pipe']});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const status = await new Promise<number | null>(resolve => child.on('close', resolve));
	return {status, stdout, stderr};
}

const has = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

describe('ohtui commands from a shell', () => {
	it('ohtui ls | head -1: one row, exit 0, nothing on stderr (no EPIPE trace)', async () => {
		const run = await shell('$OHTUI ls --limit 1500 --json | head -c 100 >/dev/null; echo "status ${PIPESTATUS[0]}" >&2; $OHTUI ls --limit 1500 | head -1');
		expect(run.stderr).toBe('status 0\n');
		expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(1);
		expect(run.stdout).toMatch(/^[0-9a-f]{32}\t/);
	});

	it.runIf(existsSync('/dev/full'))('output that cannot be written (/dev/full): exit 1 and one line on stderr, for every output path (issue 27 item 4)', async () => {
		const id = (await shell('$OHTUI ls --limit 1 | cut -f1')).stdout.trim();
		const full = openSync('/dev/full', 'w');
		const run = async (args: string[]) => {
			const child = spawn(process.execPath, [cliPath, ...args], {env, stdio: ['ignore', full, 'pipe']});
			let stderr = '';
			child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			const status = await new Promise<number | null>(resolve => child.on('close', resolve));
			return {status, stderr};
		};
		try {
			// status asked (--fresh), then answered from its cache by the launcher's own file
			for (const args of [['ls', '--limit', '5'], ['ls', '--limit', '5', '--json'], ['show', id], ['status', '--fresh'], ['status'], ['status', '--json'], ['doctor'], ['--version'], ['ls', '--help']]) {
				// eslint-disable-next-line no-await-in-loop
				const {status, stderr} = await run(args);
				// before: exit 0 and nothing on stderr, as if the list had been written
				expect(status, args.join(' ')).toBe(1);
				expect(stderr, args.join(' ')).toMatch(/^ohtui( \w+)?: output not written \(no space left on device\)\n$/);
			}
		} finally {
			closeSync(full);
		}
	});

	it('standard input closed or empty: nothing is sent, exit 2, one line', async () => {
		const id = (await shell('$OHTUI ls --limit 1 | cut -f1')).stdout.trim();
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		server.clearRequests();
		for (const redirect of ['<&-', '</dev/null']) {
			const run = await shell(`$OHTUI send ${id} - ${redirect}`);
			expect(run.status, redirect).toBe(2);
			expect(run.stderr.trim().split('\n'), redirect).toHaveLength(1);
			expect(run.stderr).toMatch(/ohtui send: (nothing to send|standard input is closed)/);
		}
		expect(server.requests.filter(r => r.method === 'POST')).toEqual([]);
	});

	it('Ctrl-c (SIGINT) ends a wait at once with 130, nothing on stdout', async () => {
		const id = (await shell('$OHTUI ls --status paused --limit 1 | cut -f1')).stdout.trim();
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		const child = spawn(process.execPath, [cliPath, 'wait', id, '--until', 'finished'], {env, stdio: ['ignore', 'pipe', 'pipe']});
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		await new Promise(resolve => setTimeout(resolve, 1500));
		child.kill('SIGINT');
		const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
		expect(code).toBe(130);
		expect(out).toBe('');
	});

	it.runIf(existsSync('/proc/self/cmdline'))('a command that runs on (wait, show --follow) names its process ohtui, as the app does: tmux names the window after it, not node', async () => {
		const id = (await shell('$OHTUI ls --status paused --limit 1 | cut -f1')).stdout.trim();
		const asked = () => server.requests.some(r => r.query.includes(id) || r.path.includes(id));
		server.clearRequests();
		const child = spawn(process.execPath, [cliPath, 'wait', id, '--until', 'finished'], {env, stdio: 'ignore'});
		try {
			// the command asks for the conversation only once it runs: by then it has named itself
			while (!asked()) await new Promise(resolve => setTimeout(resolve, 20));
			expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\u0000')[0]).toBe('ohtui');
		} finally {
			child.kill('SIGTERM');
			await new Promise(resolve => child.on('exit', resolve));
		}
	});

	it('six ohtui status started at once: one request to the server, the same line for all', async () => {
		const statusHome = tempHome();
		try {
			const statusEnv = childEnv(statusHome.home, {OPENHANDS_URL: server.url});
			server.clearRequests();
			const runs = await Promise.all(
				Array.from({length: 6}, async () => {
					const child = spawn(process.execPath, [cliPath, 'status'], {env: statusEnv, stdio: ['ignore', 'pipe', 'pipe']});
					let out = '';
					child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
					const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
					return {code, out};
				}),
			);
			expect(new Set(runs.map(r => r.code))).toEqual(new Set([0]));
			expect(new Set(runs.map(r => r.out)).size).toBe(1);
			expect(runs[0]!.out).toMatch(/^⚑\d+ ▶\d+\n$/);
			expect(server.requests.filter(r => r.path === '/api/v1/app-conversations/search')).toHaveLength(1);
		} finally {
			statusHome.dispose();
		}
	});

	it('a recent answer older than --max-age is printed at once; a detached process asks for the next one', async () => {
		const statusHome = tempHome();
		try {
			const statusEnv = childEnv(statusHome.home, {OPENHANDS_URL: server.url});
			const status = async () => {
				const child = spawn(process.execPath, [cliPath, 'status', '--max-age', '1'], {env: statusEnv, stdio: ['ignore', 'pipe', 'pipe']});
				let out = '';
				child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
				await new Promise(resolve => child.on('exit', resolve));
				return out;
			};
			const searches = () => server.requests.filter(r => r.path === '/api/v1/app-conversations/search').length;
			server.clearRequests();
			const first = await status();
			expect(first).toMatch(/^⚑\d+ ▶\d+\n$/);
			expect(searches()).toBe(1);
			await new Promise(resolve => setTimeout(resolve, 1200));
			expect(await status()).toBe(first);
			// the refresher runs on after the status that started it has exited
			const deadline = Date.now() + 10_000;
			while (searches() < 2 && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 50));
			expect(searches()).toBe(2);
			await new Promise(resolve => setTimeout(resolve, 300));
			expect(searches()).toBe(2);
		} finally {
			statusHome.dispose();
		}
	});

	it('bash completion: subcommands, flags, values, profiles and the ids status cached', async () => {
		mkdirSync(join(home.home, 'ohtui'), {recursive: true});
		writeFileSync(join(home.home, 'ohtui', 'config.json'), JSON.stringify({profiles: {work: {url: server.url}, laptop: {url: 'http://127.0.0.1:1'}}}));
		chmodSync(join(home.home, 'ohtui', 'config.json'), 0o600);
		const bin = join(home.home, 'bin');
		mkdirSync(bin, {recursive: true});
		writeFileSync(join(bin, 'ohtui'), `#!/bin/sh\nexec "${process.execPath}" "${cliPath}" "$@"\n`);
		chmodSync(join(bin, 'ohtui'), 0o755);
		const path = `${bin}:${process.env['PATH']}`;
		expect((await shell('ohtui status --url "$OPENHANDS_URL" >/dev/null', {PATH: path})).status).toBe(0);
		// the script once (each `ohtui completion bash` is a Node start)
		const script = join(home.home, 'ohtui.bash');
		writeFileSync(script, execFileSync(process.execPath, [cliPath, 'completion', 'bash'], {env, encoding: 'utf8'}));
		const complete = async (words: string) =>
			(await shell(`source ${script}; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _ohtui; printf '%s\\n' "\${COMPREPLY[@]}"`, {PATH: path})).stdout.trim().split('\n');
		expect(await complete("ohtui ''")).toEqual(expect.arrayContaining(['ls', 'show', 'send', 'approve', 'status', 'completion']));
		expect(await complete('ohtui ls --st')).toEqual(['--status']);
		expect(await complete("ohtui wait x --until ''")).toEqual(['needs-you', 'finished', 'idle', 'error', 'any']);
		expect((await complete("ohtui ls --profile ''")).sort()).toEqual(['laptop', 'work']);
		expect(await complete("ohtui ls ''")).toEqual(['conversations', 'sandboxes', 'specs']);
		const ids = await complete("ohtui show ''");
		expect(ids.length).toBeGreaterThan(10);
		expect(ids.every(id => /^[0-9a-f]{32}$/.test(id))).toBe(true);
		// global flags before the command (issue 26 item 5); the app's own flags only where they apply (item 18)
		expect(await complete("ohtui --profile work ''")).toEqual(expect.arrayContaining(['ls', 'status', 'serve', 'doctor']));
		expect(await complete("ohtui --profile work ls ''")).toEqual(['conversations', 'sandboxes', 'specs']);
		expect(await complete('ohtui --')).toEqual(expect.arrayContaining(['--demo', '--theme', '--notify', '--needs-you', '--profile']));
		const lsFlags = await complete('ohtui ls --');
		expect(lsFlags).toEqual(expect.arrayContaining(['--status', '--needs-you', '--profile', '--all']));
		expect(lsFlags).not.toEqual(expect.arrayContaining(['--demo']));
		for (const flag of ['--demo', '--theme', '--notify']) expect(await complete('ohtui status --'), flag).not.toContain(flag);
		expect(await complete('ohtui serve --')).toEqual(expect.arrayContaining(['--port', '--kind', '--seed-conversations', '--agent-version', '--no-live']));
		expect(await complete('ohtui serve --')).not.toContain('--profile');
		expect(await complete("ohtui serve --kind ''")).toEqual(['app-server', 'agent-server']);
		// what waits for you first (approve), as ohtui ls lists them; not re-sorted by id
		const listed = (await shell('ohtui ls --profile work', {PATH: path})).stdout.split('\n').filter(Boolean).map(line => line.split('\t'));
		const approve = await complete("ohtui approve ''");
		const rank = (id: string) => ['waiting', 'error', 'stuck', 'finished', 'running', 'idle', 'paused', 'gone'].indexOf(listed.find(row => row[0] === id)?.[1] ?? 'gone');
		const ranks = approve.map(rank);
		expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
		expect(new Set(ranks).size).toBeGreaterThan(1);
	});

	it.runIf(has('zsh'))("the README's zsh lines work on a stock zsh: the script goes to the user's folder, compinit finds it", () => {
		const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').map(line => line.trim());
		const install = lines.find(line => line.includes('ohtui completion zsh >'))!;
		const zshrc = lines.filter(line => /^#\s+(fpath=|autoload -Uz compinit)/.test(line)).map(line => line.replace(/^#\s+/, ''));
		expect(zshrc).toHaveLength(2);
		const user = join(home.home, 'zsh-user');
		const bin = join(user, 'bin');
		mkdirSync(bin, {recursive: true});
		writeFileSync(join(bin, 'ohtui'), `#!/bin/sh\nexec "${process.execPath}" "${cliPath}" "$@"\n`);
		chmodSync(join(bin, 'ohtui'), 0o755);
		writeFileSync(join(user, '.zshrc'), `${zshrc.join('\n')}\n`);
		const zshEnv = {...env, HOME: user, ZDOTDIR: user, PATH: `${bin}:${process.env['PATH']}`};
		const installed = spawnSync('zsh', ['-c', install], {env: zshEnv, encoding: 'utf8'});
		expect(installed.status, installed.stderr).toBe(0);
		expect(readFileSync(join(user, '.zsh', 'completions', '_ohtui'), 'utf8')).toMatch(/^#compdef ohtui\n/);
		const found = spawnSync('zsh', ['-i', '-c', 'print -r -- $_comps[ohtui]'], {env: zshEnv, encoding: 'utf8'});
		expect(found.stdout.trim(), found.stderr).toBe('_ohtui');
	});

	it.each(['bash', 'zsh', 'fish'])('the %s completion script parses', shellName => {
		const script = execFileSync(process.execPath, [cliPath, 'completion', shellName], {env, encoding: 'utf8'});
		expect(script.length).toBeGreaterThan(200);
		if (!has(shellName)) return;
		const file = join(home.home, `completion.${shellName}`);
		writeFileSync(file, script);
		const check = spawnSync(shellName, shellName === 'fish' ? ['--no-execute', file] : ['-n', file], {encoding: 'utf8'});
		expect(check.status, check.stderr).toBe(0);
	});
});

describe('the commands in the bundle', () => {
	it('no Ink, React or yoga on any command path; status parses neither zod, undici nor the config resolution until it asks a server', () => {
		const chunks = join(root, 'dist', 'chunks');
		const current = (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
		const commandChunks = current.filter(name => /^(main|ls|show|send|agentCommands|newConversation|wait|status|completion)-/.test(name));
		expect(commandChunks).toHaveLength(9);
		for (const chunk of commandChunks) {
			for (const file of staticClosure(join(chunks, chunk))) {
				const text = readFileSync(join(chunks, file), 'utf8');
				expect(text, `${chunk} → ${file}`).not.toMatch(fromPackage('(ink|react|react-reconciler|yoga-layout|scheduler)/'));
				if (/^(main|status)-/.test(chunk)) {
					expect(text, `${chunk} → ${file}`).not.toMatch(fromPackage('(zod|undici)/'));
					// an answer from the cache needs neither the config's resolution, the servers' clients nor the asking
					expect(text, `${chunk} → ${file}`).not.toMatch(/^\/\/ source\/(config\/resolveConfig|ui\/keymap|commands\/(servers|statusAsk))\.ts$/m);
				}
			}
		}
	});

	it("carries zod's English messages only (scripts/bundlePlugins.mjs zodEnglishOnly: half of zod's size)", () => {
		const chunks = join(root, 'dist', 'chunks');
		const current = (JSON.parse(readFileSync(join(chunks, 'manifest.json'), 'utf8')) as {current: string[]}).current;
		const zod = current.map(name => readFileSync(join(chunks, name), 'utf8')).filter(text => fromPackage('zod/').test(text));
		expect(zod.length).toBeGreaterThan(0);
		const locales = zod.flatMap(text => [...text.matchAll(fromPackage('zod/v4/locales/(\\w+)\\.js$', 'gm'))].map(m => m[1]));
		// (zod is in the commands' chunk and in the TUI's script: scripts/build.mjs tuiEntry)
		expect([...new Set(locales)].sort()).toEqual(['en', 'index']);
	});
});
