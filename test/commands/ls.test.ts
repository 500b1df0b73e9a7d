import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {displayWidth} from '../../source/text/sanitize.js';
import {ohtui, rows, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-cmd-Lw3Rt8Yu2Io5Pa9Sd';

type Kind = {name: string; start(): Promise<StandInServer>; key: string | null};
const KINDS: Kind[] = [
	{name: 'legacy app server', start: async () => startStandInServer({generation: 'legacy', live: false, rateLimit: false, bootMs: 0}), key: null},
	{name: 'current app server', start: async () => startStandInServer({generation: 'current', live: false, rateLimit: false, bootMs: 0, apiKey: KEY}), key: KEY},
	{name: 'Cloud (Bearer only)', start: async () => startStandInServer({cloud: true, live: false, rateLimit: false, bootMs: 0, apiKey: KEY}), key: KEY},
];

const ORDER = ['waiting', 'error', 'stuck', 'finished', 'running', 'idle', 'paused', 'gone'];
const FIELDS = ['id', 'title', 'state', 'needs_you', 'execution_status', 'sandbox_status', 'sandbox_id', 'working_dir', 'repository', 'branch', 'model', 'cost', 'created_at', 'updated_at'];

describe.each(KINDS)('ohtui ls against a $name', kind => {
	let server: StandInServer;
	let home: Home;
	let env: Record<string, string>;
	beforeAll(async () => {
		server = await kind.start();
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url, ...(kind.key ? {OPENHANDS_API_KEY: kind.key} : {})};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('conversations, piped: tab-separated rows, whole ids, attention first, newest first within a state', async () => {
		const {code, out, err} = await ohtui(['ls'], {env});
		expect(err).toBe('');
		expect(code).toBe(0);
		const table = rows(out);
		expect(table.length).toBeGreaterThanOrEqual(10);
		for (const row of table) {
			expect(row).toHaveLength(5);
			expect(row[0]).toMatch(/^[0-9a-f]{32}$/);
			expect(ORDER).toContain(row[1]);
			expect(row[4]).toMatch(/^\d{4}-\d\d-\d\dT/);
		}
		const ranks = table.map(row => ORDER.indexOf(row[1]!));
		expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
		// what waits was waiting before this process started, and counts at once
		expect(table.slice(0, 3).map(row => row[1])).toEqual(['waiting', 'error', 'stuck']);
		for (let i = 1; i < table.length; i++) {
			if (table[i]![1] === table[i - 1]![1]) expect(table[i]![4]! <= table[i - 1]![4]!).toBe(true);
		}
	});

	it('--json: one array of documented fields, ISO times, no server name with one server', async () => {
		const {code, out} = await ohtui(['ls', 'conversations', '--json'], {env});
		expect(code).toBe(0);
		const items = JSON.parse(out) as Record<string, unknown>[];
		expect(items.length).toBeGreaterThanOrEqual(10);
		for (const item of items) {
			expect(Object.keys(item)).toEqual(FIELDS);
			expect(new Date(item['updated_at'] as string).toISOString()).toBe(item['updated_at']);
		}
		expect(items[0]).toMatchObject({state: 'waiting', needs_you: 'waiting', execution_status: 'waiting_for_confirmation', sandbox_status: 'RUNNING'});
		expect(JSON.stringify(items)).not.toContain('session_api_key');
	});

	it('--needs-you, --status, --title and --limit', async () => {
		const needs = rows((await ohtui(['ls', '--needs-you'], {env})).out);
		expect(needs.map(r => r[1])).toEqual(['waiting', 'error', 'stuck']);
		const paused = rows((await ohtui(['ls', '--status', 'paused,gone'], {env})).out);
		expect(paused.length).toBeGreaterThan(0);
		expect(new Set(paused.map(r => r[1]))).toEqual(new Set(['paused', 'gone']));
		expect(rows((await ohtui(['ls', '--status', 'needs-you,running', '--needs-you'], {env})).out).map(r => r[1])).toEqual(['waiting', 'error', 'stuck']);
		server.clearRequests();
		const titled = rows((await ohtui(['ls', '--title', 'payment'], {env})).out);
		expect(titled.map(r => r[2])).toEqual(['Refactor payment retry logic']);
		expect(server.requests.some(r => r.path === '/api/v1/app-conversations/search' && r.query.includes('title__contains=payment'))).toBe(true);
		server.clearRequests();
		expect(rows((await ohtui(['ls', '--limit', '2'], {env})).out)).toHaveLength(2);
		// without a filter, no more is asked than shown
		expect(server.requests.filter(r => r.path === '/api/v1/app-conversations/search').map(r => new URLSearchParams(r.query).get('limit'))).toEqual(['2']);
	});

	it('a terminal gets a table that fits its width, with id prefixes that tell the rows apart', async () => {
		for (const columns of [120, 80, 50]) {
			const {out} = await ohtui(['ls'], {env, columns});
			const lines = out.trimEnd().split('\n');
			expect(lines[0]).toMatch(/^ID\s+STATE\s+TITLE/);
			for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
			const ids = lines.slice(1).map(line => line.split(/\s+/)[0]!);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids.every(id => /^[0-9a-f]{8,}$/.test(id) && id.length < 32)).toBe(true);
			expect(lines[1]).toContain('? waiting');
		}
	});

	it('sandboxes in a narrow terminal: SPEC keeps its end, the image\'s tag, as the Sandboxes tab does', async () => {
		const {out} = await ohtui(['ls', 'sandboxes'], {env, columns: 80});
		const lines = out.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^ID\s+STATUS\s+SPEC\s+CREATED/);
		for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
		const specs = lines.slice(1).map(line => line.split(/\s{2,}/)[2]!);
		expect(specs.every(spec => /^….*-(python|nodejs)$/.test(spec)), specs.join('\n')).toBe(true);
	});

	it('sandboxes and specs, piped and as JSON', async () => {
		const sandboxes = rows((await ohtui(['ls', 'sandboxes'], {env})).out);
		expect(sandboxes.length).toBeGreaterThan(3);
		for (const row of sandboxes) expect(['STARTING', 'RUNNING', 'PAUSED', 'ERROR', 'MISSING']).toContain(row[1]);
		const running = rows((await ohtui(['ls', 'sandboxes', '--status', 'running'], {env})).out);
		expect(running.length).toBeGreaterThan(0);
		expect(running.every(r => r[1] === 'RUNNING')).toBe(true);
		const sandboxJson = JSON.parse((await ohtui(['ls', 'sandboxes', '--json'], {env})).out) as Record<string, unknown>[];
		expect(Object.keys(sandboxJson[0]!)).toEqual(['id', 'status', 'spec_id', 'created_at', 'urls']);
		expect(JSON.stringify(sandboxJson)).not.toContain('session_api_key');
		const specs = JSON.parse((await ohtui(['ls', 'specs', '--json'], {env})).out) as Record<string, unknown>[];
		expect(specs.length).toBeGreaterThan(0);
		expect(Object.keys(specs[0]!)).toEqual(['id', 'command', 'working_dir', 'env', 'created_at']);
		expect(rows((await ohtui(['ls', 'specs'], {env})).out)).toHaveLength(specs.length);
	});
});

describe('ohtui ls: usage', () => {
	const home = tempHome();
	afterAll(() => home.remove());
	const env = {...home.env, OPENHANDS_URL: 'http://127.0.0.1:9'};

	it('bad words are usage errors (exit 2), before any request', async () => {
		for (const argv of [['ls', 'widgets'], ['ls', 'conversations', 'sandboxes'], ['ls', '--limit', '0'], ['ls', '--limit', 'ten'], ['ls', '--status', 'sleepy'], ['ls', 'specs', '--status', 'RUNNING'], ['ls', 'sandboxes', '--needs-you'], ['ls', '--nope'], ['ls', '--limit']]) {
			const {code, out, err} = await ohtui(argv, {env});
			expect(code, argv.join(' ')).toBe(2);
			expect(out).toBe('');
			expect(err.trim().split('\n').length, err).toBeLessThanOrEqual(2);
		}
	});

	it('ls sandboxes --status with a word that is no sandbox status: exit 2 naming the valid ones (it listed nothing, exit 0)', async () => {
		const {code, out, err} = await ohtui(['ls', 'sandboxes', '--status', 'running,sleepy'], {env});
		expect(code).toBe(2);
		expect(out).toBe('');
		expect(err).toContain('--status: expected any of STARTING, RUNNING, PAUSED, ERROR, MISSING');
	});

	it('a key with a line break in OPENHANDS_API_KEY: the reason is read, not masked as if it were the key (it said "OPENHANDS_API_KEY: •••• a line break")', async () => {
		const {code, err} = await ohtui(['ls'], {env: {...env, OPENHANDS_API_KEY: 'sk-abc\ndef'}});
		expect(code).toBe(2);
		expect(err).toBe('ohtui ls: OPENHANDS_API_KEY cannot be used: it contains a line break, control character, space at an end or non-ASCII character (an HTTP header cannot carry it)\n');
	});

	it('no server configured (or --demo): exit 2, one line with what to set and where to try the commands', async () => {
		for (const argv of [['ls'], ['ls', '--demo'], ['--demo', 'status', '--fresh']]) {
			const {code, err} = await ohtui(argv, {env: home.env});
			expect(code, argv.join(' ')).toBe(2);
			expect(err.trim().split('\n'), err).toHaveLength(1);
			expect(err).toMatch(/(no server: set --url, OPENHANDS_URL or a profile|--demo: the commands need a server).*run ohtui serve and use the URL it prints/);
		}
	});

	it('--help prints the usage on stdout, exit 0', async () => {
		const {code, out} = await ohtui(['ls', '--help'], {env});
		expect(code).toBe(0);
		expect(out).toContain('Usage: ohtui ls');
	});
});
