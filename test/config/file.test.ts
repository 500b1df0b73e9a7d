import {readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {UsageError} from '../../source/config/errors.js';
import {configPath, loadConfigFile} from '../../source/config/file.js';
import {configHome} from './helpers.js';

const key = 'sk-oh-0123456789abcdef';

async function loadError(content: unknown): Promise<string> {
	const {path} = configHome(content);
	try {
		await loadConfigFile(path);
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		const {message} = error as UsageError;
		expect(message.startsWith(`config ${path}: `)).toBe(true);
		expect(message).not.toContain('\n');
		expect(message).not.toContain(key);
		// the file is never rewritten
		expect(readFileSync(path, 'utf8')).toBe(typeof content === 'string' ? content : JSON.stringify(content, null, 2));
		return message.slice(`config ${path}: `.length);
	}

	throw new Error('expected a config error');
}

describe('configPath', () => {
	it('uses XDG_CONFIG_HOME when it is absolute, else ~/.config', async () => {
		expect(configPath({XDG_CONFIG_HOME: '/x/conf', HOME: '/home/u'})).toBe(join('/x/conf', 'ohtui', 'config.json'));
		expect(configPath({XDG_CONFIG_HOME: 'relative', HOME: '/home/u'})).toBe(join('/home/u', '.config', 'ohtui', 'config.json'));
		expect(configPath({HOME: '/home/u'})).toBe(join('/home/u', '.config', 'ohtui', 'config.json'));
	});
});

describe('loadConfigFile', () => {
	it('is fine without a file', async () => {
		const {path} = configHome();
		expect(await loadConfigFile(path)).toEqual({path, file: null, warnings: []});
	});

	it('reads profiles', async () => {
		const content = {
			current: 'work',
			profiles: {
				work: {url: 'https://oh.example.com', apiKey: key, auth: 'bearer', refresh: 2},
				home: {url: 'http://127.0.0.1:3000'},
			},
		};
		const {path} = configHome(content);
		expect((await loadConfigFile(path)).file).toEqual(content);
	});

	it('names the field for each bad file, without repeating values', async () => {
		expect(await loadError('')).toBe('the file is empty (write {"profiles": {}} or delete it)');
		expect(await loadError('  \n')).toContain('empty');
		// Node quotes the text around a JSON error, which here is the key: only the place may be shown
		expect(await loadError(`{"profiles": {"w": {"url": "http://h", "apiKey": ${key}}}}`)).toBe('not valid JSON');
		expect(await loadError('{"profiles": {},\n  }')).toBe('not valid JSON (line 2, column 3)');
		expect(await loadError('{"profiles": ')).toBe('not valid JSON (unexpected end of file)');
		expect(await loadError('[]')).toBe('(top level): expected an object');
		expect(await loadError({profiles: {work: {url: 'http://h', refresh: 0}}})).toBe('profiles.work.refresh: expected number >= 1');
		expect(await loadError({profiles: {work: {url: 'http://h', refresh: '5'}}})).toBe('profiles.work.refresh: expected number');
		expect(await loadError({profiles: {work: {url: 42}}})).toBe('profiles.work.url: expected string');
		expect(await loadError({profiles: {work: {}}})).toBe('profiles.work.url: expected string');
		expect(await loadError({profiles: {work: {url: 'ftp://h'}}})).toBe('profiles.work.url: expected an http:// or https:// URL');
		expect(await loadError({profiles: {work: {url: 'http://h', auth: 'basic'}}})).toBe('profiles.work.auth: expected "auto", "session" or "bearer"');
		expect(await loadError({profiles: {work: {url: 'http://h', apiKey: 12}}})).toBe('profiles.work.apiKey: expected string');
		expect(await loadError({profiles: {work: {url: 'http://h', api_key: key}}})).toBe('profiles.work: unknown field "api_key"');
		expect(await loadError({profiles: {}, colours: 'dark'})).toBe('(top level): unknown field "colours"');
		expect(await loadError({profiles: []})).toBe('profiles: expected an object');
		expect(await loadError({current: 'work', profiles: {home: {url: 'http://h'}}})).toBe('current: no profile named "work" (profiles: home)');
	});

	it('names a bad notifyCommand (a program, or the program and its arguments)', async () => {
		expect(await loadError({profiles: {}, notifyCommand: ''})).toBe('notifyCommand: expected a program, or a list: the program and its arguments');
		expect(await loadError({profiles: {}, notifyCommand: []})).toBe('notifyCommand: expected a program, or a list: the program and its arguments');
		expect(await loadError({profiles: {}, notifyCommand: ['notify-send', 3]})).toBe('notifyCommand: expected a program, or a list: the program and its arguments');
	});

	it('reads "open" (all, or profile names) and names it when it is wrong', async () => {
		const profiles = {home: {url: 'http://h'}, work: {url: 'http://w'}};
		expect((await loadConfigFile(configHome({open: 'all', profiles}).path)).file?.open).toBe('all');
		expect((await loadConfigFile(configHome({open: ['work', 'home'], profiles}).path)).file?.open).toEqual(['work', 'home']);
		expect(await loadError({open: 'some', profiles})).toBe('open: expected "all" or a list of profile names');
		expect(await loadError({open: [], profiles})).toBe('open: expected "all" or a list of profile names');
		expect(await loadError({open: 3, profiles})).toBe('open: expected "all" or a list of profile names');
		// by position: a key pasted into the list is not echoed
		expect(await loadError({open: ['home', key], profiles})).toBe('open.1: no such profile (profiles: home, work)');
	});

	it('warns when a file holding a key is readable by others, and only then', async () => {
		const withKey = {profiles: {work: {url: 'http://h', apiKey: key}}};
		const open = configHome(withKey, 0o644);
		const [warning, ...rest] = (await loadConfigFile(open.path)).warnings;
		expect(rest).toEqual([]);
		expect(warning).toBe(`warning: ${open.path} holds an API key and is readable by others; run chmod 600 ${open.path}`);
		expect(warning).not.toContain(key);
		// never "fixed" behind the user's back
		expect(statSync(open.path).mode & 0o777).toBe(0o644);

		expect((await loadConfigFile(configHome(withKey, 0o600).path)).warnings).toEqual([]);
		expect((await loadConfigFile(configHome({profiles: {work: {url: 'http://h'}}}, 0o644).path)).warnings).toEqual([]);
	});
});
