import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {runDoctor} from '../../source/doctor/doctor.js';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import {createClipboard} from '../../source/terminal/clipboard.js';
import {startGenerationServer} from '../api/generationServers.js';
import {deadPort} from '../api/testServer.js';
import {startConnectProxy} from '../support/connectProxy.js';

const KEY = 'doctor-key-Lp0Oi9Uy8';
let home: string;
const open: {close(): Promise<void>}[] = [];

beforeAll(() => {
	home = mkdtempSync(join(tmpdir(), 'ohtui-doctor-'));
});
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});
afterAll(() => {
	rmSync(home, {recursive: true, force: true});
});

async function doctor(argv: string[], env: NodeJS.ProcessEnv): Promise<{code: number; out: string; err: string}> {
	let out = '';
	let err = '';
	const io = {stdout: {write: (t: string) => (out += t)}, stderr: {write: (t: string) => (err += t)}};
	const code = await runDoctor(argv, {XDG_CONFIG_HOME: join(home, 'none'), TERM: 'xterm-256color', PATH: process.env['PATH'], ...env}, io);
	expect(out + err).not.toContain(KEY);
	return {code, out, err};
}

const line = (out: string, label: string) => out.split('\n').find(l => new RegExp(`^  \\S+\\s+${label}\\s`).test(l)) ?? '';

describe('ohtui doctor', () => {
	it('a current server with a session key: every check passes, exit 0', async () => {
		const server = await startGenerationServer({flavour: 'current', apiKey: KEY});
		open.push(server);
		const {code, out} = await doctor([], {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY});
		expect(code).toBe(0);
		expect(line(out, 'ohtui')).toMatch(/ok\s+ohtui\s+\d+\.\d+\.\d+ on Node v\d+/);
		expect(line(out, 'config')).toContain('none (flags and environment only), no profile');
		expect(line(out, 'url')).toContain(server.url);
		expect(line(out, 'api key')).toContain('set (not shown)');
		expect(line(out, 'proxy')).toContain('none (direct)');
		expect(line(out, 'server')).toContain('sandbox-server');
		expect(line(out, 'auth')).toContain('X-Session-API-Key accepted (auto); settings read');
		expect(line(out, 'terminal')).toContain('TERM=xterm-256color; 256 colours');
		expect(out).toContain('all checks passed');
	});

	it('Cloud (Bearer only): the scheme found is Bearer', async () => {
		const server = await startGenerationServer({flavour: 'cloud', apiKey: KEY});
		open.push(server);
		const {code, out} = await doctor([], {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY});
		expect(code).toBe(0);
		expect(line(out, 'server')).toContain('cloud');
		expect(line(out, 'auth')).toContain('Authorization: Bearer accepted');
	});

	it('a wrong key fails the auth check, exit 1', async () => {
		const server = await startGenerationServer({flavour: 'legacy', apiKey: 'the-right-key-000'});
		open.push(server);
		const {code, out} = await doctor([], {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY});
		expect(code).toBe(1);
		expect(line(out, 'server')).toContain('legacy');
		expect(line(out, 'auth')).toMatch(/FAIL\s+auth\s+unauthorized \(401\)/);
		expect(out).toContain('1 check failed');
	});

	it('an agent server 1.1.0 keeps no settings: not a failure; the key is checked on its conversations (issue 27 item 17)', async () => {
		const server = await startAgentServerStandIn({apiKey: KEY, live: false, version: '1.1.0'});
		open.push(server);
		const {code, out} = await doctor([], {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY});
		// before: FAIL auth, "this agent server keeps no settings (SDK 1.17 and later)", exit 1
		expect(code).toBe(0);
		expect(line(out, 'server')).toContain('agent server 1.1.0');
		expect(line(out, 'auth')).toMatch(/ok\s+auth\s+X-Session-API-Key accepted \(auto\); settings: none \(agent server before 1\.17\)$/);
		const wrong = await doctor([], {OPENHANDS_URL: server.url, OPENHANDS_API_KEY: 'not-the-key-0000'});
		expect(wrong.code).toBe(1);
		expect(line(wrong.out, 'auth')).toMatch(/FAIL\s+auth\s+unauthorized/);
	});

	it('an unreachable server fails with one line, exit 1', async () => {
		const port = await deadPort();
		const {code, out} = await doctor(['--url', `http://127.0.0.1:${port}`], {});
		expect(code).toBe(1);
		expect(line(out, 'server')).toMatch(/FAIL\s+server\s+cannot reach 127\.0\.0\.1:\d+ \(connection refused\)/);
	});

	it('an invalid config file: its path and the one-line error, exit 1', async () => {
		const dir = join(home, 'bad', 'ohtui');
		mkdirSync(dir, {recursive: true});
		writeFileSync(join(dir, 'config.json'), '{"profiles": {"work": {"url": 5}}}');
		const {code, out} = await doctor([], {XDG_CONFIG_HOME: join(home, 'bad')});
		expect(code).toBe(1);
		expect(line(out, 'config')).toMatch(new RegExp(`FAIL\\s+config\\s+config ${join(dir, 'config.json').replaceAll('/', '\\/')}: `));
	});

	it('a profile from the config file, and the proxy in use for the URL', async () => {
		const server = await startGenerationServer({flavour: 'legacy'});
		const proxy = await startConnectProxy();
		open.push(server, proxy);
		const dir = join(home, 'good', 'ohtui');
		mkdirSync(dir, {recursive: true});
		writeFileSync(join(dir, 'config.json'), JSON.stringify({current: 'lab', profiles: {lab: {url: server.url}}}));
		chmodSync(join(dir, 'config.json'), 0o600);
		const {code, out} = await doctor([], {XDG_CONFIG_HOME: join(home, 'good'), HTTP_PROXY: proxy.url});
		expect(code).toBe(0);
		expect(line(out, 'config')).toContain('valid, profile "lab"');
		expect(line(out, 'proxy')).toContain(`http://127.0.0.1:${proxy.port} (HTTP_PROXY)`);
		expect(line(out, 'auth')).toContain('no key needed');
		expect(proxy.seen.length).toBeGreaterThan(0);
	});

	it('several profiles (--all): each server checked with its own key, its checks named after it', async () => {
		const otherKey = 'doctor-other-key-Zx7Cv6Bn5';
		const work = await startGenerationServer({flavour: 'current', apiKey: KEY});
		const cloud = await startGenerationServer({flavour: 'cloud', apiKey: otherKey});
		open.push(work, cloud);
		const dir = join(home, 'several', 'ohtui');
		mkdirSync(dir, {recursive: true});
		writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {work: {url: work.url, apiKey: KEY}, cloud: {url: cloud.url, apiKey: otherKey}}}));
		chmodSync(join(dir, 'config.json'), 0o600);
		const {code, out} = await doctor(['--all'], {XDG_CONFIG_HOME: join(home, 'several')});
		expect(code).toBe(0);
		expect(out).not.toContain(otherKey);
		expect(line(out, 'config')).toContain('profiles "work", "cloud"');
		expect(line(out, 'work server')).toContain('sandbox-server');
		expect(line(out, 'work auth')).toContain('X-Session-API-Key accepted');
		expect(line(out, 'cloud server')).toContain('cloud');
		expect(line(out, 'cloud auth')).toContain('Authorization: Bearer accepted');
	});

	it('no URL: the demo server, nothing to check on the wire, exit 0', async () => {
		const {code, out} = await doctor([], {});
		expect(code).toBe(0);
		expect(line(out, 'url')).toContain('not set: ohtui runs its demo server');
		expect(out).not.toMatch(/\bserver\s{2}/);
	});

	it('tmux: the clipboard settings, a warning when copy cannot reach the terminal', async () => {
		const bin = join(home, 'bin');
		mkdirSync(bin, {recursive: true});
		const tmux = join(bin, 'tmux');
		const script = (clipboard: string, passthrough: string) =>
			`#!/bin/sh\ncase "$*" in\n  -V) echo "tmux 3.4";;\n  *set-clipboard*) echo "${clipboard}";;\n  *allow-passthrough*) echo "${passthrough}";;\nesac\n`;
		writeFileSync(tmux, script('external', 'off'));
		chmodSync(tmux, 0o755);
		const env = {TMUX: '/tmp/tmux-1000/default,1,0', PATH: `${bin}:${process.env['PATH']}`};
		let result = await doctor([], env);
		expect(result.code).toBe(0);
		expect(line(result.out, 'tmux')).toMatch(/warn\s+tmux\s+tmux 3\.4, set-clipboard external, allow-passthrough off: copy \(y\) will not reach/);
		// the app's advice, word for word (terminal/clipboard.ts), not another setting
		const app = await createClipboard({env: {TMUX: '/tmp/tmux-1000/default,1,0'}, write: () => {}, tmuxOption: async name => (name === 'set-clipboard' ? 'external' : 'off')}).copy('x');
		const advice = 'run  tmux set -g set-clipboard on';
		expect(app).toEqual({ok: false, reason: expect.stringContaining(advice)});
		expect(line(result.out, 'tmux')).toContain(advice);
		expect(result.out).toContain('all checks passed, 1 warning');
		writeFileSync(tmux, script('on', 'on'));
		result = await doctor([], env);
		expect(line(result.out, 'tmux')).toMatch(/ok\s+tmux\s+tmux 3\.4, set-clipboard on, allow-passthrough on$/);
	});

	it('TERM=dumb and NO_COLOR are reported', async () => {
		const {out} = await doctor([], {TERM: 'dumb', NO_COLOR: '1'});
		expect(line(out, 'terminal')).toMatch(/warn\s+terminal\s+TERM=dumb; no colour \(NO_COLOR is set\)/);
	});

	it('a bad flag is a usage error (exit 2); --help prints the usage (exit 0)', async () => {
		expect((await doctor(['--nope'], {})).code).toBe(2);
		const help = await doctor(['--help'], {});
		expect(help.code).toBe(0);
		expect(help.out).toContain('usage: ohtui doctor');
	});
});
