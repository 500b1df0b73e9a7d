// Several servers at once (`--all`, `--profile a,b`, the file's "open"), chosen as the TUI chooses
// them: the server's name on every JSON item and table row, each server asked with its own key (a
// key sent to the other would be refused), one server down said once while the other still prints.
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {deadPort} from '../api/testServer.js';
import {ohtui, rows, tempHome, type Home} from './harness.js';

const WORK_KEY = 'sk-oh-work-Pq8Wm3Zt6Lx1';
const LAPTOP_KEY = 'sk-oh-laptop-Rb5Yn2Vc9Ks4';

let work: StandInServer;
let laptop: StandInServer;
let home: Home;
let env: Record<string, string>;

function writeConfig(profiles: Record<string, unknown>, extra: Record<string, unknown> = {}): void {
	const dir = join(home.env['XDG_CONFIG_HOME']!, 'ohtui');
	mkdirSync(dir, {recursive: true});
	writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles, ...extra}));
	chmodSync(join(dir, 'config.json'), 0o600);
}

beforeAll(async () => {
	work = await startStandInServer({generation: 'current', apiKey: WORK_KEY, live: false, rateLimit: false, bootMs: 0});
	laptop = await startStandInServer({generation: 'legacy', apiKey: LAPTOP_KEY, live: false, rateLimit: false, bootMs: 0});
	home = tempHome();
	env = home.env;
	writeConfig({work: {url: work.url, apiKey: WORK_KEY}, laptop: {url: laptop.url, apiKey: LAPTOP_KEY, auth: 'session'}});
});
afterAll(async () => {
	await Promise.all([work.close(), laptop.close()]);
	home.remove();
});

describe('several servers', () => {
	it('ls --all: both servers, the server named on every row and item, attention first across them', async () => {
		const {code, out, err} = await ohtui(['ls', '--all', '--json'], {env});
		expect([code, err]).toEqual([0, '']);
		const items = JSON.parse(out) as {server: string; state: string}[];
		expect(new Set(items.map(i => i.server))).toEqual(new Set(['work', 'laptop']));
		expect(Object.keys(items[0]!)[0]).toBe('server');
		expect(items.slice(0, 2).map(i => i.state)).toEqual(['waiting', 'waiting']);
		const table = rows((await ohtui(['ls', '--profile', 'work,laptop'], {env})).out);
		expect(table.every(row => row.length === 6 && ['work', 'laptop'].includes(row[0]!))).toBe(true);
		const terminal = (await ohtui(['ls', '--all'], {env, columns: 120})).out;
		expect(terminal.split('\n')[0]).toMatch(/^SERVER\s+ID\s+STATE/);
	});

	it('status --all counts both; one profile alone counts its own', async () => {
		expect((await ohtui(['status', '--all'], {env})).out).toBe('⚑6 ▶2\n');
		expect((await ohtui(['status', '--profile', 'laptop'], {env})).out).toBe('⚑3 ▶1\n');
		const json = JSON.parse((await ohtui(['status', '--all', '--json'], {env})).out) as {servers: {name: string; ok: boolean}[]};
		expect(json.servers.map(s => [s.name, s.ok])).toEqual([
			['work', true],
			['laptop', true],
		]);
	});

	it('an id is looked for on every server; the same prefix on both lists both with their servers (exit 2)', async () => {
		const items = JSON.parse((await ohtui(['ls', '--all', '--json'], {env})).out) as {server: string; id: string; title: string}[];
		const one = items.find(i => i.server === 'laptop')!;
		const shown = await ohtui(['show', one.id, '--all', '--events', '0'], {env});
		expect(shown.code).toBe(0);
		expect(shown.out).toMatch(/^server\s+laptop$/m);
		// the two stand-ins seed the same titles with other ids: find a prefix both have, if any
		const byPrefix = new Map<string, Set<string>>();
		for (const i of items) byPrefix.set(i.id[0]!, new Set([...(byPrefix.get(i.id[0]!) ?? []), i.server]));
		const shared = [...byPrefix].find(([, servers]) => servers.size === 2)?.[0];
		if (shared) {
			const run = await ohtui(['show', shared, '--all'], {env});
			expect(run.code).toBe(2);
			expect(run.err).toMatch(/^ {2}work {2}/m);
			expect(run.err).toMatch(/^ {2}laptop {2}/m);
		}
	});

	it('one server down: its line on stderr named after it, the other still printed, exit 3', async () => {
		const before = {...env};
		writeConfig({work: {url: work.url, apiKey: WORK_KEY}, gone: {url: `http://127.0.0.1:${await deadPort()}`}}, {open: 'all'});
		try {
			const run = await ohtui(['ls'], {env: before});
			expect(run.code).toBe(3);
			expect(run.err.trim()).toMatch(/^ohtui ls: gone: cannot reach 127\.0\.0\.1:\d+ \(connection refused\)[^\n]*$/);
			expect(rows(run.out).length).toBeGreaterThan(5);
			expect(rows(run.out).every(row => row[0] === 'work')).toBe(true);
			const status = await ohtui(['status'], {env: before});
			expect([status.code, status.out]).toEqual([3, '⚑3 ▶1 ✗1\n']);
		} finally {
			writeConfig({work: {url: work.url, apiKey: WORK_KEY}, laptop: {url: laptop.url, apiKey: LAPTOP_KEY, auth: 'session'}});
		}
	});

	it('an id looked for while one server is down: the failure names that server (exit 3), and SERVER:ID looks on the other', async () => {
		const id = (JSON.parse((await ohtui(['ls', '--profile', 'work', '--json'], {env})).out) as {id: string}[])[0]!.id;
		writeConfig({work: {url: work.url, apiKey: WORK_KEY}, gone: {url: `http://127.0.0.1:${await deadPort()}`}}, {open: 'all'});
		try {
			for (const typed of [id, id.slice(0, 8)]) {
				const run = await ohtui(['show', typed, '--events', '0'], {env});
				expect(run.code, typed).toBe(3);
				expect(run.err.trim(), typed).toMatch(/^ohtui show: gone: cannot reach 127\.0\.0\.1:\d+ \(connection refused\)[^\n]*SERVER:ID or --server looks on one server\)$/);
			}
			const named = await ohtui(['show', `work:${id.slice(0, 8)}`, '--events', '0'], {env});
			expect([named.code, named.err]).toEqual([0, '']);
		} finally {
			writeConfig({work: {url: work.url, apiKey: WORK_KEY}, laptop: {url: laptop.url, apiKey: LAPTOP_KEY, auth: 'session'}});
		}
	});

	it('new needs one server; a key given in the environment is not sent to several', async () => {
		const run = await ohtui(['new', '--message', 'x', '--all'], {env});
		expect(run.code).toBe(2);
		expect(run.err).toContain('choose one with --profile');
		const withEnvKey = await ohtui(['ls', '--all'], {env: {...env, OPENHANDS_API_KEY: 'sk-oh-env-Wq2Er5Ty8'}});
		expect(withEnvKey.err + withEnvKey.out).not.toContain('sk-oh-env-Wq2Er5Ty8');
	});

	it('global flags before the command work as after it (ohtui --profile work ls, ohtui --all status)', async () => {
		const before = await ohtui(['--profile', 'laptop', 'ls', '--json'], {env});
		expect([before.code, before.err]).toEqual([0, '']);
		expect(before.out).toBe((await ohtui(['ls', '--json', '--profile', 'laptop'], {env})).out);
		const all = await ohtui(['--all', 'status', '--json', '--fresh'], {env});
		expect(all.code, all.err).toBe(0);
		expect((JSON.parse(all.out) as {servers: {name: string}[]}).servers.map(s => s.name).sort()).toEqual(['laptop', 'work']);
		const wrong = await ohtui(['--profile=work', 'show', '--json'], {env});
		expect([wrong.code, wrong.err.trim().split('\n')[0]]).toEqual([2, 'ohtui show: which conversation? (ohtui show ID)']);
	});
});
