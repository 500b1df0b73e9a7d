// Issue 9 item 18 and this round's flags: edge cases of argv, URLs, keys and the config file.
import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {readEnv} from '../../source/config/env.js';
import {UsageError} from '../../source/config/errors.js';
import {loadConfigFile} from '../../source/config/file.js';
import {parseArgs, type Flags} from '../../source/config/flags.js';
import {resolveConfig, type Config} from '../../source/config/resolveConfig.js';
import {decideStartup} from '../../source/config/startup.js';
import {configHome} from './helpers.js';

const resolver = async () => ({resolveConfig});

function failure(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		const {message} = error as UsageError;
		expect(message).not.toContain('\n');
		return message;
	}

	throw new Error('expected a usage error');
}

async function failureAsync(run: () => Promise<unknown>): Promise<string> {
	try {
		await run();
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		return (error as UsageError).message;
	}

	throw new Error('expected a usage error');
}

function resolve(flags: Flags, env: Record<string, string> = {}, file: Parameters<typeof resolveConfig>[0]['file'] = null): Config {
	return resolveConfig({flags, env: readEnv(env), file, filePath: '/c/ohtui/config.json'});
}

describe('argv as other CLIs read it (node:util parseArgs)', () => {
	it('a boolean flag given a value is refused without echoing the value', () => {
		expect(failure(() => parseArgs(['--demo=1']))).toBe('--demo does not take a value');
		expect(failure(() => parseArgs(['--help=1']))).toBe('--help does not take a value');
		expect(failure(() => parseArgs(['--read-only=sk-secret-value']))).toBe('--read-only does not take a value');
	});

	it('-- ends the flags: nothing after it is a flag, and ohtui takes no arguments', () => {
		expect(parseArgs(['--'])).toEqual({command: 'run', flags: {}});
		expect(parseArgs(['--demo', '--'])).toEqual({command: 'run', flags: {demo: true}});
		expect(failure(() => parseArgs(['--', '--demo']))).toBe('unexpected argument (see ohtui --help for the commands)');
		expect(failure(() => parseArgs(['--', 'sk-pasted-key']))).not.toContain('sk-pasted-key');
	});

	it('short flags group as usual and unknown ones are named alone', () => {
		expect(parseArgs(['-hv'])).toEqual({command: 'help'});
		expect(failure(() => parseArgs(['-x']))).toBe('unknown flag -x');
		expect(failure(() => parseArgs(['--nope=sk-secret']))).toBe('unknown flag --nope');
	});

	it('reads the new flags and refuses bad values in one line that names the choices', () => {
		expect(parseArgs(['--auth', 'auto', '--log', '/tmp/o.log', '--notify=both', '--theme', 'light', '--read-only'])).toEqual({
			command: 'run',
			flags: {auth: 'auto', log: '/tmp/o.log', notify: 'both', theme: 'light', readOnly: true},
		});
		expect(failure(() => parseArgs(['--theme=sk-secret']))).toBe('--theme: expected "auto", "dark" or "light"');
		expect(failure(() => parseArgs(['--notify', 'loud']))).toBe('--notify: expected "bell", "desktop", "both" or "off"');
		expect(failure(() => parseArgs(['--log']))).toBe('--log needs a value');
	});

	it('routes doctor with the rest of argv', () => {
		expect(parseArgs(['doctor', '--json'])).toEqual({command: 'doctor', argv: ['--json']});
	});
});

describe('URLs and keys', () => {
	it('refuses credentials in the URL, wherever it comes from, without showing them', () => {
		for (const [flags, env, name] of [
			[{url: 'http://admin:hunter2@h:3000'}, {}, '--url'],
			[{}, {OPENHANDS_URL: 'https://admin:hunter2@h'}, 'OPENHANDS_URL'],
			[{url: 'http://token-only@h'}, {}, '--url'],
		] as const) {
			const message = failure(() => resolve(flags, env));
			expect(message).toMatch(new RegExp(`^${name}: credentials in the URL are not supported`));
			expect(message).not.toContain('hunter2');
		}
	});

	it('a key with a line break or control character is a config error, never sent', () => {
		const url = 'http://h:3000';
		expect(failure(() => resolve({url}, {OPENHANDS_API_KEY: 'sk-abc\r\ndef'}))).toMatch(/^OPENHANDS_API_KEY cannot be used: it contains a line break/);
		expect(failure(() => resolve({url}, {OPENHANDS_API_KEY: 'sk-abc\u0007def'}))).toMatch(/^OPENHANDS_API_KEY cannot be used: /);
		// trailing newline (from `$(cat key)` or an editor) is trimmed, as before
		expect(resolve({url}, {OPENHANDS_API_KEY: 'sk-abc-def\n'}).servers[0]!.apiKey).toBe('sk-abc-def');
		// unused in demo mode: not checked
		expect(resolve({demo: true}, {OPENHANDS_API_KEY: 'sk\nx'}).servers[0]!.apiKey).toBeNull();
	});
});

describe('new config fields', () => {
	it('fills log, notify, theme, read-only from flags > env > profile > file', () => {
		const file = {
			current: 'w',
			profiles: {w: {url: 'http://h:1', readOnly: true, log: '/p.log', notify: 'off' as const, theme: 'light' as const}},
			theme: 'dark' as const,
			notify: 'desktop' as const,
			log: '/top.log',
		};
		expect(resolve({}, {}, file)).toMatchObject({logFile: '/p.log', notify: 'off', theme: 'light', servers: [{readOnly: true}]});
		expect(resolve({log: '/flag.log', notify: 'both', theme: 'dark'}, {OHTUI_LOG: '/env.log'}, file)).toMatchObject({
			logFile: '/flag.log',
			notify: 'both',
			theme: 'dark',
		});
		expect(resolve({}, {OHTUI_LOG: '/env.log'}, file).logFile).toBe('/env.log');
		const plain = {current: 'w', profiles: {w: {url: 'http://h:1'}}, theme: 'light' as const, notify: 'desktop' as const, log: '/top.log'};
		expect(resolve({}, {}, plain)).toMatchObject({logFile: '/top.log', notify: 'desktop', theme: 'light', servers: [{readOnly: false}]});
		expect(resolve({readOnly: true})).toMatchObject({servers: [{readOnly: true, auth: 'auto'}, {readOnly: true}], logFile: null, notify: 'bell', theme: 'auto'});
	});

	it('keys: remaps a command; an unknown command, a bad key name or a clash is a config error naming it', () => {
		const base = {profiles: {}};
		expect(resolve({}, {}, {...base, keys: {'sandbox.pause': ['z'], 'move.down': 'ctrl-n'}}).keys).toEqual({'sandbox.pause': ['z'], 'move.down': ['ctrl-n']});
		// P pauses the agent in the activity view, where sandbox.pause works too
		expect(failure(() => resolve({}, {}, {...base, keys: {'sandbox.pause': ['P']}}))).toBe(
			`config /c/ohtui/config.json: keys.sandbox.pause: "P" is already agent.pause (Conversations list and details: the conversation's sandbox (app servers) and Conversations list and details)`,
		);
		expect(failure(() => resolve({}, {}, {...base, keys: {'sandbox.paws': ['P']}}))).toBe('config /c/ohtui/config.json: keys: unknown command "sandbox.paws"');
		expect(failure(() => resolve({}, {}, {...base, keys: {'sandbox.pause': ['r']}}))).toBe(
			'config /c/ohtui/config.json: keys.sandbox.pause: "r" is already sandbox.resume (Sandboxes)',
		);
		// the sandboxes view and the table listen together
		expect(failure(() => resolve({}, {}, {...base, keys: {'sandbox.pause': ['j']}}))).toBe(
			'config /c/ohtui/config.json: keys.sandbox.pause: "j" is already move.down (Sandboxes and Tables)',
		);
		expect(failure(() => resolve({}, {}, {...base, keys: {refresh: ['ctrl-c']}}))).toBe('config /c/ohtui/config.json: keys.refresh: ctrl-c always quits');
		expect(failure(() => resolve({}, {}, {...base, keys: {refresh: ['hyper-x']}}))).toMatch(/keys\.refresh: "hyper-x" is not a key name/);
	});
});

describe('the config file is read only when it is a small regular file', () => {
	it('accepts a UTF-8 byte order mark', async () => {
		const {path} = configHome(`\uFEFF${JSON.stringify({profiles: {w: {url: 'http://h'}}})}`);
		expect((await loadConfigFile(path)).file).toEqual({profiles: {w: {url: 'http://h'}}});
	});

	it('refuses a FIFO at once instead of waiting for a writer', async () => {
		const {home, path} = configHome();
		mkdirSync(join(home, 'ohtui'));
		execFileSync('mkfifo', [path]);
		expect(await failureAsync(async () => loadConfigFile(path))).toBe(`config ${path}: not a regular file (a FIFO); only a JSON file is read`);
	});

	it('refuses a device (a link to /dev/zero) without reading it', async () => {
		const {home, path} = configHome();
		mkdirSync(join(home, 'ohtui'));
		symlinkSync('/dev/zero', path);
		expect(await failureAsync(async () => loadConfigFile(path))).toBe(`config ${path}: not a regular file (a device); only a JSON file is read`);
	});

	it('refuses a file over 1 MB', async () => {
		const {path} = configHome(`{"profiles": {}}${' '.repeat(1024 * 1024)}`);
		expect(await failureAsync(async () => loadConfigFile(path))).toBe(`config ${path}: larger than 1 MB; only a small JSON file is read`);
	});

	it('names the target of a dangling symlink', async () => {
		const {home, path} = configHome();
		mkdirSync(join(home, 'ohtui'));
		symlinkSync(join(home, 'dotfiles', 'ohtui.json'), path);
		expect(await failureAsync(async () => loadConfigFile(path))).toBe(`config ${path}: is a symbolic link to ${join(home, 'dotfiles', 'ohtui.json')}, which does not exist`);
	});

	it('a profile URL with credentials or a key with a newline names the field', async () => {
		const {env, path} = configHome({profiles: {w: {url: 'http://u:pw@h'}}});
		expect(await decideStartup(['--profile', 'w'], env, '1', resolver)).toMatchObject({
			kind: 'exit',
			code: 2,
			stderr: expect.stringContaining(`config ${path}: profiles.w.url: credentials in the URL are not supported`),
		});
		const withKey = configHome({profiles: {w: {url: 'http://h', apiKey: 'sk-abc\n'}}});
		const startup = await decideStartup([], withKey.env, '1', resolver);
		expect(startup).toMatchObject({kind: 'exit', code: 2, stderr: expect.stringContaining('profiles.w.apiKey: contains a line break')});
		writeFileSync(path, '{}');
	});
});
