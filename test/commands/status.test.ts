// `ohtui status`: the line, its formats, the counts' one meaning of "needs you" (seen marks), and the
// shared cache: one request per server per interval whatever the number of callers.
import {mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {cachePath, keyTag, STALE_LOCK_MS} from '../../source/commands/statusCache.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {deadPort} from '../api/testServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-status-Yt6Re3Wq9Po2Lk5J';
const SEARCH = '/api/v1/app-conversations/search';

let server: StandInServer;
let cloud: StandInServer;
let home: Home;
beforeAll(async () => {
	server = await startStandInServer({live: false, rateLimit: false, bootMs: 0, stepMs: 5});
	cloud = await startStandInServer({cloud: true, apiKey: KEY, live: false, rateLimit: false, bootMs: 0});
});
afterAll(async () => {
	await Promise.all([server.close(), cloud.close()]);
});
afterEach(() => home?.remove());

const envFor = (url: string, extra: Record<string, string> = {}) => {
	home = tempHome();
	return {...home.env, OPENHANDS_URL: url, ...extra};
};
const searches = (s: StandInServer) => s.requests.filter(r => r.path === SEARCH).length;

describe('ohtui status', () => {
	it('one line: ⚑ need you, ▶ running; --format placeholders; --tmux colours; --json', async () => {
		const env = envFor(server.url);
		const {code, out, err} = await ohtui(['status'], {env});
		expect([code, err]).toEqual([0, '']);
		expect(out).toBe('⚑3 ▶1\n');
		expect((await ohtui(['status', '--format', '{needs} need you · {running} running · {paused} paused'], {env})).out).toBe('3 need you · 1 running · 3 paused\n');
		expect((await ohtui(['status', '--tmux'], {env})).out).toBe('#[fg=red,bold]⚑3#[default] #[fg=green]▶1#[default]\n');
		expect((await ohtui(['status', '--tmux'], {env: {...env, NO_COLOR: '1'}})).out).toBe('⚑3 ▶1\n');
		const json = JSON.parse((await ohtui(['status', '--json'], {env})).out) as Record<string, unknown>;
		expect(json).toMatchObject({needs_you: 3, waiting: 1, error: 1, stuck: 1, running: 1, paused: 3, down: 0});
		expect(Object.keys(json)).toEqual(['needs_you', 'waiting', 'error', 'stuck', 'finished', 'running', 'idle', 'paused', 'gone', 'total', 'down', 'servers']);
		const usage = await ohtui(['status', '--format', '{nedds}'], {env});
		expect([usage.code, usage.out]).toEqual([2, '']);
	});

	it('a finished conversation needs you until it is looked at (ohtui show marks it seen, for every process)', async () => {
		const own = await startStandInServer({live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		const env = envFor(own.url);
		const before = JSON.parse((await ohtui(['status', '--json', '--max-age', '0.001'], {env})).out) as {needs_you: number; finished: number};
		const target = (JSON.parse((await ohtui(['ls', '--json', '--status', 'running'], {env})).out) as {id: string}[])[0]!;
		// the agent finishes its turn after a message (the stand-in's agent, stepped fast)
		expect((await ohtui(['send', target.id, 'wrap it up'], {env})).code).toBe(0);
		let after = before;
		for (let i = 0; i < 100 && after.finished === before.finished; i++) {
			await new Promise(resolve => setTimeout(resolve, 100));
			after = JSON.parse((await ohtui(['status', '--json', '--max-age', '0.001'], {env})).out) as typeof before;
		}
		expect(after.finished).toBe(before.finished + 1);
		expect(after.needs_you).toBe(before.needs_you + 1);
		expect((await ohtui(['ls', '--needs-you'], {env})).out).toContain(target.id);
		expect((await ohtui(['show', target.id, '--events', '0'], {env})).code).toBe(0);
		const seen = JSON.parse((await ohtui(['status', '--json', '--max-age', '0.001'], {env})).out) as typeof before;
		expect(seen.needs_you).toBe(before.needs_you);
		expect((await ohtui(['ls', '--needs-you'], {env})).out).not.toContain(target.id);
		await own.close();
	});

	it('the cache: runs within --max-age cost no request; ten at once cost one', async () => {
		const env = envFor(server.url);
		server.clearRequests();
		expect((await ohtui(['status'], {env})).code).toBe(0);
		expect((await ohtui(['status'], {env})).code).toBe(0);
		expect(searches(server)).toBe(1);
		expect((await ohtui(['status', '--max-age', '0.001'], {env})).code).toBe(0);
		expect(searches(server)).toBe(2);
		await new Promise(resolve => setTimeout(resolve, 20));
		server.clearRequests();
		const lines = await Promise.all(Array.from({length: 10}, async () => ohtui(['status', '--max-age', '0.01'], {env})));
		expect(new Set(lines.map(l => l.out))).toEqual(new Set(['⚑3 ▶1\n']));
		expect(searches(server)).toBe(1);
		// no key in it, and private
		const dir = join(home.dir, 'cache', 'ohtui', 'status');
		const [file] = readdirSync(dir).filter(name => name.endsWith('.json'));
		expect(readFileSync(join(dir, file!), 'utf8')).not.toContain('session_api_key');
	});

	it('a lock left by a process that died is taken over after STALE_LOCK_MS', async () => {
		const env = envFor(server.url);
		const path = cachePath(join(home.dir, 'cache', 'ohtui'), server.url, keyTag(null), 'auto');
		mkdirSync(join(path, '..'), {recursive: true});
		writeFileSync(`${path}.lock`, '');
		const old = (Date.now() - STALE_LOCK_MS - 1000) / 1000;
		utimesSync(`${path}.lock`, old, old);
		server.clearRequests();
		const started = Date.now();
		expect((await ohtui(['status'], {env})).out).toBe('⚑3 ▶1\n');
		expect(Date.now() - started).toBeLessThan(3000);
		expect(searches(server)).toBe(1);
	});

	it('Cloud with auto auth: the scheme found is kept, so later runs are one request each', async () => {
		const env = envFor(cloud.url, {OPENHANDS_API_KEY: KEY});
		cloud.clearRequests();
		expect((await ohtui(['status'], {env})).out).toBe('⚑3 ▶1\n');
		const first = cloud.requests.length;
		expect(first).toBeGreaterThan(1);
		cloud.clearRequests();
		expect((await ohtui(['status', '--max-age', '0.001'], {env})).out).toBe('⚑3 ▶1\n');
		expect(cloud.requests.map(r => r.path)).toEqual([SEARCH]);
		const dir = join(home.dir, 'cache', 'ohtui', 'status');
		for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), 'utf8')).not.toContain(KEY);
	});

	it('a server that cannot be reached: the marker, one line on stderr, exit 3; the failure is cached too', async () => {
		const env = envFor(`http://127.0.0.1:${await deadPort()}`);
		const run = await ohtui(['status'], {env});
		expect([run.code, run.out]).toEqual([3, 'ohtui ✗\n']);
		expect(run.err).toMatch(/^ohtui status: cannot reach 127\.0\.0\.1:\d+ \(connection refused\)/);
		expect(run.err.trim().split('\n')).toHaveLength(1);
		expect((await ohtui(['status', '--tmux'], {env})).out).toBe('#[fg=yellow]ohtui ✗#[default]\n');
	});

	it('no server configured: the marker on stdout (a bar shows it), the reason on stderr, exit 2', async () => {
		home = tempHome();
		const run = await ohtui(['status', '--tmux'], {env: home.env});
		expect([run.code, run.out]).toEqual([2, '#[fg=yellow]ohtui ✗#[default]\n']);
		expect(run.err).toContain('no server');
	});

	it('a wrong key: the marker and exit 1, the key in no output', async () => {
		const env = envFor(cloud.url, {OPENHANDS_API_KEY: 'sk-oh-wrong-Bn7Mv4Cx1Za8'});
		const run = await ohtui(['status'], {env});
		expect([run.code, run.out]).toEqual([1, 'ohtui ✗\n']);
		expect(run.err).toContain('unauthorized');
		expect(run.err + run.out).not.toContain('sk-oh-wrong-Bn7Mv4Cx1Za8');
	});
});

describe('ohtui status without waiting on the network', () => {
	it('an answer older than --max-age but recent is printed at once, and one refresh is started in the background', async () => {
		const env = envFor(server.url);
		const refreshes: (readonly string[])[] = [];
		const refresh = (argv: readonly string[]) => refreshes.push(argv);
		let clock = Date.now();
		const now = () => clock;
		server.clearRequests();
		// the first run has nothing to show: it asks
		expect((await ohtui(['status', '--max-age', '5'], {env, refresh, now})).out).toBe('⚑3 ▶1\n');
		expect(searches(server)).toBe(1);
		expect(refreshes).toEqual([]);
		// fresh: from the cache
		clock += 2000;
		expect((await ohtui(['status', '--max-age', '5'], {env, refresh, now})).out).toBe('⚑3 ▶1\n');
		expect([searches(server), refreshes.length]).toEqual([1, 0]);
		// older than --max-age, recent: printed at once, the refresh asked of a process of its own
		clock += 5000;
		expect((await ohtui(['status', '--max-age', '5', '--tmux'], {env, refresh, now})).out).toBe('#[fg=red,bold]⚑3#[default] #[fg=green]▶1#[default]\n');
		expect(searches(server)).toBe(1);
		expect(refreshes).toEqual([['status', '--refresh-only', '--max-age', '5', '--tmux']]);
		// that process: one request, nothing printed
		const refreshed = await ohtui([...refreshes[0]!], {env, now});
		expect([refreshed.code, refreshed.out, refreshed.err]).toEqual([0, '', '']);
		expect(searches(server)).toBe(2);
		// --fresh, or an answer too old to show (three intervals, at least 15 s), waits for a new one
		clock += 6000;
		expect((await ohtui(['status', '--max-age', '5', '--fresh'], {env, refresh, now})).out).toBe('⚑3 ▶1\n');
		expect(searches(server)).toBe(3);
		clock += 16_000;
		expect((await ohtui(['status', '--max-age', '5'], {env, refresh, now})).out).toBe('⚑3 ▶1\n');
		expect(searches(server)).toBe(4);
		expect(refreshes).toHaveLength(1);
	});

	it('answered from the cache without the config file, yet a changed config file is noticed', async () => {
		const env = envFor('');
		delete (env as Record<string, string>)['OPENHANDS_URL'];
		const other = await startStandInServer({live: false, rateLimit: false, bootMs: 0, seed: 'empty'});
		const dir = join(home.env['XDG_CONFIG_HOME']!, 'ohtui');
		mkdirSync(dir, {recursive: true});
		const write = (url: string) => writeFileSync(join(dir, 'config.json'), JSON.stringify({current: 'work', profiles: {work: {url}}}));
		try {
			write(server.url);
			expect((await ohtui(['status'], {env})).out).toBe('⚑3 ▶1\n');
			expect((await ohtui(['status'], {env})).out).toBe('⚑3 ▶1\n');
			write(`${other.url}/`);
			expect((await ohtui(['status'], {env})).out).toBe('⚑0 ▶0\n');
			const dirs = readdirSync(join(home.dir, 'cache', 'ohtui', 'status'));
			expect(dirs.filter(name => name.startsWith('selection-'))).toHaveLength(2);
			for (const name of dirs) expect(readFileSync(join(home.dir, 'cache', 'ohtui', 'status', name), 'utf8')).not.toContain('apiKey');
		} finally {
			await other.close();
		}
	});
});
