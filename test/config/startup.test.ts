import {describe, expect, it} from 'vitest';
import {decideStartup} from '../../source/config/startup.js';
import {configHome} from './helpers.js';

/** the entry's loader, from the sources */
const resolver = async () => import('../../source/config/resolveConfig.js');

const key = 'sk-oh-startup-secret-9';

describe('decideStartup', () => {
	it('prints help naming the config file and the env vars, exit 0', async () => {
		const {env, path} = configHome();
		const startup = await decideStartup(['--help'], env, '1.2.3', resolver);
		expect(startup).toMatchObject({kind: 'exit', code: 0});
		const help = startup.kind === 'exit' ? (startup.stdout ?? '') : '';
		expect(help).toContain(path);
		expect(help).toContain('OPENHANDS_URL');
		expect(help).toContain('OPENHANDS_API_KEY');
		expect(help).toContain('--refresh SECONDS');
	});

	it('prints the version, then the Node version', async () => {
		expect(await decideStartup(['--version'], configHome().env, '1.2.3', resolver, 'v20.20.2')).toEqual({kind: 'exit', code: 0, stdout: 'ohtui 1.2.3 (node v20.20.2)\n'});
		expect(await decideStartup(['-v'], configHome().env, '1.2.3', resolver)).toEqual({kind: 'exit', code: 0, stdout: `ohtui 1.2.3 (node ${process.version})\n`});
	});

	it('routes doctor with its argv, before the config file is read', async () => {
		const {env} = configHome('not json');
		expect(await decideStartup(['doctor', '--url', 'http://h'], env, '1', resolver)).toEqual({kind: 'doctor', argv: ['--url', 'http://h']});
	});

	it('hands serve its argv without reading the config file', async () => {
		const {env} = configHome('not json');
		expect(await decideStartup(['serve', '--port', '0'], env, '1', resolver)).toEqual({kind: 'serve', argv: ['--port', '0']});
	});

	it('turns a bad config file into exit 2 with one line naming file and field', async () => {
		const {env, path} = configHome({profiles: {work: {url: 'http://h', apiKey: key, refresh: 0}}});
		const startup = await decideStartup([], {...env, OPENHANDS_API_KEY: key}, '1', resolver);
		expect(startup).toEqual({
			kind: 'exit',
			code: 2,
			stderr: `ohtui: config ${path}: profiles.work.refresh: expected number >= 1\nRun ohtui --help for usage.\n`,
		});
	});

	it('turns a bad flag into exit 2', async () => {
		const startup = await decideStartup(['--frobnicate'], configHome().env, '1', resolver);
		expect(startup).toMatchObject({kind: 'exit', code: 2, stderr: expect.stringContaining('unknown flag --frobnicate')});
	});

	it('runs with the resolved config and the permission warning, key kept out of it', async () => {
		const {env, path} = configHome({current: 'w', profiles: {w: {url: 'http://h:1', apiKey: key}}}, 0o640);
		const startup = await decideStartup([], env, '1', resolver);
		expect(startup).toEqual({
			kind: 'run',
			config: {
				servers: [{name: 'w', url: 'http://h:1', apiKey: key, auth: 'auto', refreshMs: 5000, maxItems: 1000, readOnly: false, profile: 'w'}],
				demo: false,
				noColor: false,
				logFile: null,
				notify: 'bell',
				notifyCommand: null,
				theme: 'auto',
				keys: {},
			},
			warnings: [`warning: ${path} holds an API key and is readable by others; run chmod 600 ${path}`],
		});
		expect(JSON.stringify(startup.kind === 'run' ? startup.warnings : [])).not.toContain(key);
	});

	it('runs in demo mode with no config at all', async () => {
		expect(await decideStartup([], configHome().env, '1', resolver)).toMatchObject({kind: 'run', config: {demo: true, servers: [{url: null}, {url: null}]}, warnings: []});
	});
});
