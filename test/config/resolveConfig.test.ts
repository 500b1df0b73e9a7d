import {describe, expect, it} from 'vitest';
import {readEnv} from '../../source/config/env.js';
import {UsageError} from '../../source/config/errors.js';
import type {ConfigFile} from '../../source/config/file.js';
import type {Flags} from '../../source/config/flags.js';
import {resolveConfig, type Config} from '../../source/config/resolveConfig.js';

const key = 'sk-oh-profile-key-000';
const envKey = 'sk-oh-env-key-111';
const file: ConfigFile = {
	current: 'work',
	profiles: {
		work: {url: 'https://oh.example.com/', apiKey: key, auth: 'bearer', refresh: 10},
		lab: {url: 'http://lab:3000', refresh: 2},
	},
};

function resolve(flags: Flags, env: Record<string, string>, configFile: ConfigFile | null = file): Config {
	return resolveConfig({flags, env: readEnv(env), file: configFile, filePath: '/c/ohtui/config.json'});
}

function failure(flags: Flags, env: Record<string, string>, configFile: ConfigFile | null = file): string {
	try {
		resolve(flags, env, configFile);
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		return (error as UsageError).message;
	}

	throw new Error('expected a usage error');
}

const server = (config: Config) => config.servers[0]!;

describe('resolveConfig', () => {
	it('notifyCommand: a program, or the program and its arguments (run without a shell)', () => {
		expect(resolve({}, {}, {profiles: {}, notifyCommand: '/usr/local/bin/ping-me'}).notifyCommand).toEqual(['/usr/local/bin/ping-me']);
		expect(resolve({}, {}, {profiles: {}, notifyCommand: ['notify-send', '--app-name=ohtui']}).notifyCommand).toEqual(['notify-send', '--app-name=ohtui']);
		expect(resolve({}, {}, {profiles: {}}).notifyCommand).toBeNull();
	});

	it('is demo mode with defaults when nothing names a server: two embedded servers (issue 16 §3)', () => {
		const demo = {url: null, apiKey: null, auth: 'auto', refreshMs: 5000, maxItems: 1000, readOnly: false, profile: null};
		expect(resolve({}, {}, null)).toEqual({
			servers: [
				{...demo, name: 'app', embedded: 'app-server'},
				{...demo, name: 'agent', embedded: 'agent-server'},
			],
			demo: true,
			noColor: false,
			logFile: null,
			notify: 'bell',
			notifyCommand: null,
			theme: 'auto',
			keys: {},
		});
	});

	it('uses the current profile', () => {
		expect(resolve({}, {})).toEqual({
			servers: [{name: 'work', url: 'https://oh.example.com/', apiKey: key, auth: 'bearer', refreshMs: 10_000, maxItems: 1000, readOnly: false, profile: 'work'}],
			demo: false,
			noColor: false,
			logFile: null,
			notify: 'bell',
			notifyCommand: null,
			theme: 'auto',
			keys: {},
		});
	});

	it('caps loaded rows at --max-items, else the profile, else 1,000', () => {
		expect(server(resolve({maxItems: 5000}, {})).maxItems).toBe(5000);
		expect(server(resolve({}, {}, {profiles: {w: {url: 'http://h', maxItems: 250}}, current: 'w'})).maxItems).toBe(250);
		expect(server(resolve({}, {}, null)).maxItems).toBe(1000);
	});

	it('takes flags over env over profile over defaults', () => {
		expect(server(resolve({}, {OPENHANDS_URL: 'http://env:1'})).url).toBe('http://env:1');
		expect(server(resolve({url: 'http://flag:2'}, {OPENHANDS_URL: 'http://env:1'})).url).toBe('http://flag:2');
		expect(server(resolve({profile: 'lab'}, {}))).toMatchObject({url: 'http://lab:3000', refreshMs: 2000, auth: 'auto', profile: 'lab', name: 'lab', apiKey: null});
		expect(server(resolve({refresh: 1.5, auth: 'session'}, {}))).toMatchObject({refreshMs: 1500, auth: 'session'});
		expect(server(resolve({}, {OPENHANDS_API_KEY: envKey})).apiKey).toBe(envKey);
		expect(resolve({}, {NO_COLOR: '1'}).noColor).toBe(true);
		expect(resolve({}, {NO_COLOR: ''}).noColor).toBe(false);
	});

	it('names a server given by URL alone after its host, and after the profile in use otherwise', () => {
		expect(server(resolve({url: 'http://flag:2/base'}, {}, null)).name).toBe('flag:2');
		expect(server(resolve({url: 'http://flag:2'}, {})).name).toBe('work');
	});

	it('sends a profile key only to that profile server', () => {
		expect(server(resolve({url: 'https://oh.example.com'}, {})).apiKey).toBe(key);
		expect(server(resolve({url: 'https://elsewhere.example.com'}, {})).apiKey).toBeNull();
		expect(server(resolve({}, {OPENHANDS_URL: 'http://other:3000'})).apiKey).toBeNull();
		// an explicit OPENHANDS_API_KEY goes wherever the user points it
		expect(server(resolve({url: 'http://other:3000'}, {OPENHANDS_API_KEY: envKey})).apiKey).toBe(envKey);
	});

	it('--demo wins over every URL and drops the key', () => {
		expect(resolve({demo: true}, {OPENHANDS_URL: 'http://env:1', OPENHANDS_API_KEY: envKey})).toMatchObject({
			servers: [
				{url: null, apiKey: null, name: 'app'},
				{url: null, apiKey: null, name: 'agent'},
			],
			demo: true,
		});
	});

	it('refuses an unknown profile, a profile without a file and bad URLs', () => {
		expect(failure({profile: 'nope'}, {})).toBe('--profile: no profile named "nope" (profiles: work, lab)');
		expect(failure({profile: 'work'}, {}, null)).toBe('--profile: no config file at /c/ohtui/config.json');
		expect(failure({url: 'localhost:3000'}, {})).toBe('--url: expected an http:// or https:// URL');
		expect(failure({}, {OPENHANDS_URL: 'nope'})).toBe('OPENHANDS_URL: expected an http:// or https:// URL');
	});

	it('never puts a key in a message', () => {
		const messages = [
			failure({url: `http://x:${key}@`}, {OPENHANDS_API_KEY: envKey}),
			failure({}, {OPENHANDS_URL: `ftp://${envKey}`, OPENHANDS_API_KEY: envKey}),
			failure({profile: 'missing'}, {OPENHANDS_API_KEY: envKey}),
			failure({profile: 'work,missing'}, {OPENHANDS_API_KEY: envKey}),
			failure({all: true, url: 'http://x'}, {OPENHANDS_API_KEY: envKey}),
		];
		for (const message of messages) {
			expect(message).not.toContain(key);
			expect(message).not.toContain(envKey);
		}
	});
});
