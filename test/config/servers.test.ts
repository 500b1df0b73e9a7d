/** Several servers at once (issue 16 §2): `--profile a,b`, `--all`, the file's `open`. */
import {describe, expect, it} from 'vitest';
import {readEnv} from '../../source/config/env.js';
import {UsageError} from '../../source/config/errors.js';
import type {ConfigFile} from '../../source/config/file.js';
import type {Flags} from '../../source/config/flags.js';
import {resolveConfig, type Config} from '../../source/config/resolveConfig.js';

const workKey = 'sk-oh-work-key-000';
const cloudKey = 'sk-oh-cloud-key-222';
const envKey = 'sk-oh-env-key-111';
const file: ConfigFile = {
	current: 'work',
	profiles: {
		work: {url: 'https://oh.example.com/', apiKey: workKey, auth: 'bearer', refresh: 10, readOnly: true, theme: 'light'},
		laptop: {url: 'http://127.0.0.1:8000', refresh: 2, maxItems: 200},
		cloud: {url: 'https://app.all-hands.dev', apiKey: cloudKey},
	},
	theme: 'dark',
};

function resolve(flags: Flags, env: Record<string, string> = {}, configFile: ConfigFile | null = file, warnings: string[] = []): Config {
	return resolveConfig({flags, env: readEnv(env), file: configFile, filePath: '/c/ohtui/config.json'}, warnings);
}

function failure(flags: Flags, env: Record<string, string> = {}, configFile: ConfigFile | null = file): string {
	try {
		resolve(flags, env, configFile);
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		return (error as UsageError).message;
	}

	throw new Error('expected a usage error');
}

const names = (config: Config) => config.servers.map(s => s.name);

describe('several servers', () => {
	it('--profile a,b opens those profiles, each with its own URL, key and settings', () => {
		const config = resolve({profile: 'work,laptop'});
		expect(config.demo).toBe(false);
		expect(config.servers).toEqual([
			{name: 'work', url: 'https://oh.example.com/', apiKey: workKey, auth: 'bearer', refreshMs: 10_000, maxItems: 1000, readOnly: true, profile: 'work'},
			{name: 'laptop', url: 'http://127.0.0.1:8000', apiKey: null, auth: 'auto', refreshMs: 2000, maxItems: 200, readOnly: false, profile: 'laptop'},
		]);
		// a profile's theme is the one server's; with several, the file's own
		expect(config.theme).toBe('dark');
	});

	it('--all opens every profile in the file order; flags apply to each', () => {
		const config = resolve({all: true, refresh: 3, readOnly: true});
		expect(names(config)).toEqual(['work', 'laptop', 'cloud']);
		expect(config.servers.map(s => [s.refreshMs, s.readOnly])).toEqual([[3000, true], [3000, true], [3000, true]]);
		expect(config.servers.map(s => s.apiKey)).toEqual([workKey, null, cloudKey]);
	});

	it('the file open field: "all" or a list, below flags and OPENHANDS_URL', () => {
		expect(names(resolve({}, {}, {...file, open: 'all'}))).toEqual(['work', 'laptop', 'cloud']);
		expect(names(resolve({}, {}, {...file, open: ['cloud', 'laptop']}))).toEqual(['cloud', 'laptop']);
		expect(names(resolve({profile: 'laptop'}, {}, {...file, open: 'all'}))).toEqual(['laptop']);
		expect(resolve({}, {OPENHANDS_URL: 'http://env:1'}, {...file, open: 'all'}).servers).toMatchObject([{url: 'http://env:1', name: 'work', apiKey: null}]);
		expect(resolve({demo: true}, {}, {...file, open: 'all'})).toMatchObject({demo: true, servers: [{name: 'demo', url: null, apiKey: null}]});
		// one name in open is the one server it names
		expect(resolve({}, {}, {...file, open: ['laptop']}).servers).toMatchObject([{name: 'laptop', url: 'http://127.0.0.1:8000'}]);
	});

	it('never sends OPENHANDS_API_KEY to several servers, and says so', () => {
		const warnings: string[] = [];
		const config = resolve({all: true}, {OPENHANDS_API_KEY: envKey, OPENHANDS_URL: 'http://env:1'}, file, warnings);
		expect(config.servers.map(s => s.apiKey)).toEqual([workKey, null, cloudKey]);
		expect(config.servers.map(s => s.url)).toEqual(['https://oh.example.com/', 'http://127.0.0.1:8000', 'https://app.all-hands.dev']);
		expect(warnings).toEqual([
			"OPENHANDS_API_KEY is not used with several servers (--all): each profile's apiKey goes to its own URL only",
			'OPENHANDS_URL is not used: --all opens several profiles',
		]);
		expect(warnings.join('\\n')).not.toContain(envKey);
	});

	it('two profiles may name the same server: both open, each with its own key', () => {
		const twins: ConfigFile = {profiles: {a: {url: 'http://h:1', apiKey: 'sk-a-key-1'}, b: {url: 'http://h:1/', apiKey: 'sk-b-key-2'}}};
		expect(resolve({all: true}, {}, twins).servers.map(s => [s.name, s.apiKey])).toEqual([
			['a', 'sk-a-key-1'],
			['b', 'sk-b-key-2'],
		]);
	});

	it('takes a profile whose name holds a comma whole, and drops a name given twice', () => {
		const odd: ConfigFile = {profiles: {'a,b': {url: 'http://ab:1'}, a: {url: 'http://a:1'}, b: {url: 'http://b:1'}}};
		expect(names(resolve({profile: 'a,b'}, {}, odd))).toEqual(['a,b']);
		expect(names(resolve({profile: 'a, b,a'}, {}, odd))).toEqual(['a', 'b']);
	});

	it('refuses what cannot be meant, in one line naming the flag or field', () => {
		expect(failure({all: true, profile: 'work'})).toBe('--all and --profile: use one of them');
		expect(failure({all: true, url: 'http://x:1'})).toBe('--url names one server and --all several: use one of them');
		expect(failure({profile: 'work,laptop', url: 'http://x:1'})).toBe('--url names one server and --profile several: use one of them');
		expect(failure({profile: 'work,nope'})).toBe('--profile: no profile named "nope" (profiles: work, laptop, cloud)');
		expect(failure({profile: 'work,'})).toBe('--profile: expected a profile name or names separated by commas');
		expect(failure({all: true}, {}, null)).toBe('--all: no config file at /c/ohtui/config.json');
		expect(failure({all: true}, {}, {profiles: {}})).toBe('--all: no profiles in /c/ohtui/config.json');
	});
});
