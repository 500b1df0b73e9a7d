// The entry's non-UI paths, through the built bundle: no terminal, bad config, --version, --help,
// serve, a profile with a key against a server that demands it.
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {alternateScreenOn, buildOnce, childEnv, cliPath, root, spawnCli, tempHome, type PtySession} from './pty.js';

const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string}).version;
const key = 'sk-oh-e2e-7f3a9c0d2b';
const cleanups: Array<() => unknown> = [];

function home(): string {
	const made = tempHome();
	cleanups.push(made.dispose);
	return made.home;
}

function writeConfig(homeDirectory: string, content: unknown, mode = 0o600): string {
	mkdirSync(join(homeDirectory, 'ohtui'), {recursive: true});
	const path = join(homeDirectory, 'ohtui', 'config.json');
	writeFileSync(path, JSON.stringify(content));
	chmodSync(path, mode);
	return path;
}

/** The bundle with plain pipes: not a terminal. */
function runPiped(args: string[], homeDirectory = home()) {
	return spawnSync(process.execPath, [cliPath, ...args], {env: childEnv(homeDirectory), encoding: 'utf8', timeout: 15_000, input: ''});
}

function pty(args: string[], homeDirectory: string, env: Record<string, string> = {}): PtySession {
	const session = spawnCli({args, home: homeDirectory, env});
	cleanups.push(() => {
		session.dispose();
	});
	return session;
}

beforeAll(() => {
	buildOnce();
}, 120_000);

afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) {
		// eslint-disable-next-line no-await-in-loop
		await cleanup();
	}
});

describe('ohtui entry', () => {
	it('refuses to run without a terminal: exit 2, one line, no escape codes', () => {
		const result = runPiped([]);
		expect(result.status).toBe(2);
		expect(result.stderr).toBe('ohtui needs a terminal (run it in a terminal, or ssh -t)\n');
		expect(result.stdout).toBe('');
	});

	it('--version prints the package version', () => {
		const result = runPiped(['--version']);
		expect(result.status).toBe(0);
		expect(result.stdout).toBe(`ohtui ${version} (node ${process.version})\n`);
	});

	it('--help prints usage with the config file path and env vars, no terminal needed', () => {
		const homeDirectory = home();
		const result = runPiped(['--help'], homeDirectory);
		expect(result.status).toBe(0);
		expect(result.stdout).toContain(join(homeDirectory, 'ohtui', 'config.json'));
		expect(result.stdout).toContain('OPENHANDS_URL');
		expect(result.stdout).toContain('ohtui serve');
	});

	it('an unknown flag is a usage error, exit 2', () => {
		const result = runPiped(['--bogus']);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain('unknown flag --bogus');
	});

	it('a bad config file: exit 2 naming the file and field, before the screen is touched, key unshown', async () => {
		const homeDirectory = home();
		const path = writeConfig(homeDirectory, {current: 'work', profiles: {work: {url: 'http://127.0.0.1:1', apiKey: key, refresh: 0}}});
		const session = pty([], homeDirectory);
		expect((await session.waitForExit()).exitCode).toBe(2);
		expect(session.screenText()).toContain(`ohtui: config ${path}: profiles.work.refresh: expected number >= 1`);
		expect(session.raw).not.toContain(alternateScreenOn);
		expect(session.raw).not.toContain(key);
	});

	it('--read-only reaches the app: the header says so next to demo', async () => {
		const session = pty(['--read-only'], home());
		await session.waitForText(/demo read-only/);
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
	});

	it('serve --port 0 prints its URL and answers the sandbox search', async () => {
		const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0'], {env: childEnv(home()), stdio: ['ignore', 'pipe', 'pipe']});
		const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
		cleanups.push(async () => {
			child.kill('SIGTERM');
			await exited;
		});
		const url = await new Promise<string>((resolve, reject) => {
			let out = '';
			child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
				out += chunk;
				const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
				if (match) {
					resolve(match[1]!);
				}
			});
			child.on('exit', code => reject(new Error(`serve exited ${code}: ${out}`)));
		});
		const response = await fetch(`${url}/api/v1/sandboxes/search`);
		expect(response.status).toBe(200);
		const page = (await response.json()) as {items: unknown[]};
		expect(Array.isArray(page.items)).toBe(true);
	});

	describe.each([
		['legacy', '/api/settings'],
		['current', '/api/v1/settings'],
	] as const)('against a %s server that needs a key', (generation, settingsPath) => {
		let server: StandInServer;

		beforeAll(async () => {
			server = await startStandInServer({generation, apiKey: key, rateLimit: false});
			return async () => server.close();
		});

		it('uses the profile url and key, warns about a readable file after restoring, never shows the key', async () => {
			const homeDirectory = home();
			const path = writeConfig(homeDirectory, {current: 'lab', profiles: {lab: {url: server.url, apiKey: key}}}, 0o644);
			const session = pty([], homeDirectory);
			// the warning shows in the UI at start, not only after quitting (issue 9 item 18)
			await session.waitForText('Sandboxes');
			expect(session.bufferType()).toBe('alternate');
			await session.waitForText('holds an API key and is readable by others');
			// the settings need the key: seeing them proves it was sent
			await session.waitForText('Settings');
			session.press('1');
			await session.waitForText('CodeActAgent');
			expect(session.screenText()).toContain(server.url.replace('http://', ''));
			session.press('q');
			expect((await session.waitForExit()).exitCode).toBe(0);
			expect(session.bufferType()).toBe('normal');
			// (the line wraps at 120 columns)
			expect(session.screenText().replaceAll('\n', '')).toContain(`ohtui: warning: ${path} holds an API key and is readable by others; run chmod 600 ${path}`);
			expect(session.raw).not.toContain(key);
			expect(server.requests.some(request => request.path === settingsPath)).toBe(true);
		});

		it('OPENHANDS_URL and OPENHANDS_API_KEY from the environment work without a file', async () => {
			const session = pty([], home(), {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: key});
			await session.waitForText('Settings');
			session.press('1');
			await session.waitForText('CodeActAgent');
			expect(session.raw).not.toContain(key);
			session.press('q');
			expect((await session.waitForExit()).exitCode).toBe(0);
		});
	});
});
