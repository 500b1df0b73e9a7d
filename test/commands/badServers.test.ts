// Servers that are down, refuse, lie or attack: every command says so in one clean line with its
// exit code, never a stack, never an escape sequence, never a key; a hostile title is printed
// cleaned and masked as the screen shows it.
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {StandInServer} from '../../source/server/types.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {faults} from '../support/faults.js';
import {HOSTILE_MARKERS} from '../support/hostile.js';
import {deadPort} from '../api/testServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-bad-Qm4Nx7Bv2Cz9Lk1J';
const GHP = 'ghp_R8x2Lq9ZtV4mN7cK1pW3sY6hJ0dF5gB2aE8u';
const SEARCH = '/api/v1/app-conversations/search';

let server: FaultServer;
let home: Home;
let env: Record<string, string>;
let ids: string[];
beforeAll(async () => {
	server = await startFaultServer({upstream: {bootMs: 0, apiKey: KEY}});
	home = tempHome();
	env = {...home.env, OPENHANDS_URL: server.url, OPENHANDS_API_KEY: KEY};
	ids = (JSON.parse((await ohtui(['ls', '--json'], {env})).out) as {id: string}[]).map(c => c.id);
});
afterAll(async () => {
	await server.close();
	home.remove();
});
beforeEach(async () => {
	await server.heal();
});

/** Every command that talks to the server, with what it needs. */
const everyCommand = () => [
	['ls'],
	['ls', 'sandboxes'],
	['show', ids[0]!],
	['send', ids[0]!, 'hello'],
	['approve', ids[0]!],
	['wait', ids[0]!, '--timeout', '1'],
	['status', '--max-age', '0.001'],
	['new', '--message', 'x'],
];

function clean(run: {out: string; err: string}): void {
	const all = run.out + run.err;
	expect(all).not.toContain(KEY);
	expect(all).not.toMatch(/\u001B|\u009B|\u0007/);
	expect(all).not.toMatch(/\n\s+at /);
}

describe('bad servers', () => {
	it('down: exit 3 and one line, for every command', async () => {
		const dead = {...env, OPENHANDS_URL: `http://127.0.0.1:${await deadPort()}`};
		for (const argv of everyCommand()) {
			const run = await ohtui(argv, {env: dead});
			clean(run);
			expect(run.code, argv.join(' ')).toBe(3);
			expect(run.err, argv.join(' ')).toMatch(/cannot reach 127\.0\.0\.1:\d+ \(connection refused\)/);
			expect(run.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
		}
	});

	it('401 on every route: exit 1, the key in no output', async () => {
		await server.set(faults.unauthorized());
		for (const argv of everyCommand()) {
			const run = await ohtui(argv, {env});
			clean(run);
			expect(run.code, argv.join(' ')).toBe(1);
			expect(run.err, argv.join(' ')).toContain('unauthorized');
		}
	});

	it('a server that lies (bad JSON, wrong shapes, HTML, 500): exit 1 and one line', async () => {
		for (const fault of [faults.truncated(), faults.badSchema(), faults.spaPage(), faults.internalError(), faults.badGateway()]) {
			await server.set(fault, {path: SEARCH});
			for (const argv of [['ls'], ['status', '--max-age', '0.001'], ['show', ids[0]!.slice(0, 6)]]) {
				const run = await ohtui(argv, {env});
				clean(run);
				expect(run.code, `${fault.kind} ${argv.join(' ')}`).toBe(1);
				expect(run.err.trim().split('\n'), `${fault.kind} ${argv.join(' ')}`).toHaveLength(1);
			}
		}
	});

	it('a server that echoes the key (hidden with invisible characters) in an error and a title: never printed', async () => {
		const hidden = `${KEY.slice(0, 8)}\u00AD${KEY.slice(8, 16)}\u200B${KEY.slice(16)}`;
		const page = (await (await fetch(`${server.upstream.url}${SEARCH}?limit=100`, {headers: {'X-Session-API-Key': KEY}})).json()) as {items: Record<string, unknown>[]};
		const first: Record<string, unknown> = {...page.items[0], title: `leaked ${hidden} and ${GHP} here`};
		await server.set(faults.status(200, JSON.stringify({items: [first, ...page.items.slice(1)], next_page_id: null}), 'application/json'), {path: SEARCH});
		await server.add(faults.status(500, JSON.stringify({detail: `upstream refused X-Session-API-Key ${hidden}`}), 'application/json'), {path: '/api/v1/sandboxes/search'});
		for (const argv of [['ls'], ['ls', '--json'], ['ls', 'sandboxes'], ['show', String(first['id']), '--json'], ['status', '--max-age', '0.001']]) {
			const run = await ohtui(argv, {env, columns: argv.includes('--json') ? undefined : 200});
			clean(run);
			expect(run.out + run.err, argv.join(' ')).not.toContain(GHP);
			expect((run.out + run.err).replace(/[\u00AD\u200B]/g, ''), argv.join(' ')).not.toContain(KEY);
		}
		const table = (await ohtui(['ls'], {env, columns: 200})).out;
		expect(table).toContain('leaked •••• and ghp_•••• here');
	});

	it('hostile text in every string: printed cleaned (no escape, no control character), still one row per item', async () => {
		await server.hostile();
		const run = await ohtui(['ls'], {env, columns: 120});
		clean(run);
		expect(run.code).toBe(0);
		const lines = run.out.trimEnd().split('\n');
		expect(lines.length).toBe(ids.length + 1);
		for (const marker of Object.values(HOSTILE_MARKERS)) expect(run.out).not.toContain(marker);
		const piped = await ohtui(['ls', '--json'], {env});
		clean(piped);
		expect((JSON.parse(piped.out) as unknown[]).length).toBe(ids.length);
		const shown = await ohtui(['show', ids[0]!, '--events', '20'], {env});
		clean(shown);
	});
});

describe('a connection reset after an action went out (issue 27 item 16)', () => {
	it('send: says the connection was closed after sending and that the message may have arrived, exit 3, at once', async () => {
		const running = (JSON.parse((await ohtui(['ls', '--json'], {env})).out) as {id: string; sandbox_status: string}[]).find(c => c.sandbox_status === 'RUNNING')!;
		await server.add(faults.reset(), {path: /\/send-message$/, method: 'POST'});
		const started = Date.now();
		const run = await ohtui(['send', running.id, 'deploy to staging'], {env});
		clean(run);
		expect(run.code).toBe(3);
		// before: "no answer within 60 s" after half a second
		expect(run.err).not.toMatch(/within 60 s/);
		expect(run.err.trim()).toMatch(/^ohtui send: sending the message: connection to 127\.0\.0\.1:\d+ closed before the server answered \(connection (?:reset|closed)[^)]*\) \(POST [^)]+\); it was sent and may have arrived \(see ohtui show\)$/);
		expect(Date.now() - started).toBeLessThan(20_000);
		expect(server.requests.filter(r => r.method === 'POST' && r.path.endsWith('/send-message'))).toHaveLength(1);
	});

	it('an agent command on an agent server: the same words, "it may have happened"', async () => {
		const agent = await startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5});
		const front = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
		try {
			const agentEnv = {...home.env, OPENHANDS_URL: front.url, OPENHANDS_API_KEY: KEY};
			const running = (JSON.parse((await ohtui(['ls', '--json'], {env: agentEnv})).out) as {id: string; execution_status: string}[]).find(c => c.execution_status === 'running')!;
			await front.add(faults.reset(), {path: /\/pause$/, method: 'POST'});
			const run = await ohtui(['pause', running.id], {env: agentEnv});
			clean(run);
			expect(run.code).toBe(3);
			expect(run.err.trim()).toMatch(/^ohtui pause: pausing the agent: connection to 127\.0\.0\.1:\d+ closed before the server answered \(connection (?:reset|closed)[^)]*\)[^;]*; it may have happened \(see ohtui show\)$/);
		} finally {
			await front.close();
			await agent.close();
		}
	});
});
