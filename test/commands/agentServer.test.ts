// Every command against the agent-server stand-in (source/server/agentServer/, an agent server
// 1.43.1 over real HTTP) with a session key: what works the same, what an agent server has not
// (sandboxes, specs: one line, exit 1; skipped beside an app server), and a new conversation made at once.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {ohtui, rows, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Vb3Nm6Qw9Er2';

type Listed = {id: string; title: string; state: string; execution_status: string | null; working_dir: string | null; sandbox_id: string | null};

let agent: AgentServerStandIn;
let home: Home;
let env: Record<string, string>;
const list = async () => JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[];
const byState = async (state: string) => (await list()).find(c => c.state === state)!;
const posts = () => agent.requests.filter(r => r.method === 'POST').map(r => r.path);

beforeAll(async () => {
	agent = await startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5});
	home = tempHome();
	env = {...home.env, OPENHANDS_URL: agent.url, OPENHANDS_API_KEY: KEY};
});
afterAll(async () => {
	await agent.close();
	home.remove();
});

describe('the commands against an agent server', () => {
	it('ls: attention first, a working directory instead of a sandbox; sandboxes and specs are one line, exit 1', async () => {
		const items = await list();
		expect(items.length).toBeGreaterThan(5);
		expect(items.slice(0, 3).map(i => i.state)).toEqual(['waiting', 'error', 'stuck']);
		expect(items[0]!.sandbox_id).toBeNull();
		expect(items[0]!.working_dir).toMatch(/^\//);
		for (const what of ['sandboxes', 'specs']) {
			const run = await ohtui(['ls', what], {env});
			expect([run.code, run.out]).toEqual([1, '']);
			expect(run.err.trim()).toMatch(/^ohtui ls: agent servers have no (sandboxes|sandbox specs)/);
		}
	});

	it('show: the activity\'s rows (issue 26 item 17): no last_user_message_id rows, each usage line at its time', async () => {
		// before the next test rejects it: the seeded wait with its long history
		const waiting = await byState('waiting');
		const run = await ohtui(['show', waiting.id, '--events', '100'], {env});
		expect(run.code, run.err).toBe(0);
		const lines = run.out.split(/^last \d+ events:\n/m)[1]!.trimEnd().split('\n');
		expect(lines.length).toBeGreaterThan(20);
		expect(lines.filter(line => line.includes('last_user_message_id'))).toEqual([]);
		// the JSON keeps every event as the server stores it: the seeded history has both kinds
		const json = JSON.parse((await ohtui(['show', waiting.id, '--events', '100', '--json'], {env})).out) as {events: {text: string}[]};
		expect(json.events.some(e => e.text.startsWith('last_user_message_id'))).toBe(true);
		const clock = (line: string) => {
			const [h, m, sec] = line.slice(0, 8).split(':').map(Number);
			return h! * 3600 + m! * 60 + sec!;
		};
		const usage = lines.flatMap((line, i) => (i > 0 && line.includes('  usage: ') ? [i] : []));
		expect(usage.length).toBeGreaterThan(3);
		// a usage line is dated when the model answered, before its step's action: never after the next row's time
		const late = usage.filter(i => {
			const back = clock(lines[i - 1]!) - clock(lines[i]!);
			return back > 0 && back < 3600;
		});
		expect(late.map(i => `${lines[i - 1]} | ${lines[i]}`)).toEqual([]);
	});

	it('show --events N: N rows, though one of the last N events is no row (a last_user_message_id update); it showed N - 1', async () => {
		type Shown = {events: {kind: string; text: string}[]};
		let tried = 0;
		for (const conversation of await list()) {
			const {events} = JSON.parse((await ohtui(['show', conversation.id, '--json', '--events', '100'], {env})).out) as Shown;
			const noise = events.findLastIndex(e => e.kind === 'ConversationStateUpdateEvent' && e.text.startsWith('last_user_message_id'));
			const n = events.length - noise;
			if (noise < 1 || n > 80) continue;
			tried++;
			const {code, out} = await ohtui(['show', conversation.id, '--events', String(n)], {env});
			expect(code).toBe(0);
			expect(out).toContain(`\nlast ${n} events:\n`);
			expect(out.split(`last ${n} events:\n`)[1]!.trimEnd().split('\n')).toHaveLength(n);
		}
		expect(tried).toBeGreaterThan(0);
	});

	it('show, reject, pause and run: one request each to the agent server', async () => {
		const waiting = await byState('waiting');
		const shown = await ohtui(['show', waiting.id.slice(0, 8), '--events', '3'], {env});
		expect(shown.code).toBe(0);
		expect(shown.out).toMatch(/^workdir\s+\//m);
		expect(shown.out).not.toMatch(/^sandbox/m);
		expect(shown.out).toContain('waiting for your confirmation');
		agent.clearRequests();
		expect((await ohtui(['reject', waiting.id, '--reason', 'not on prod'], {env})).code).toBe(0);
		expect(posts()).toEqual([expect.stringMatching(/\/events\/respond_to_confirmation$/)]);
		const running = await byState('running');
		agent.clearRequests();
		expect((await ohtui(['pause', running.id], {env})).code).toBe(0);
		expect((await ohtui(['run', running.id], {env})).code).toBe(0);
		expect(posts()).toEqual([expect.stringMatching(/\/pause$/), expect.stringMatching(/\/run$/)]);
	});

	it('send: one message; wait sees the agent move; status counts', async () => {
		const idle = await byState('idle');
		agent.clearRequests();
		const waiting = ohtui(['wait', idle.id, '--until', 'any', '--refresh', '1', '--timeout', '20'], {env});
		await new Promise(resolve => setTimeout(resolve, 300));
		const sent = await ohtui(['send', idle.id, 'one more thing'], {env});
		expect(sent.code, sent.err).toBe(0);
		expect(posts().filter(p => p.endsWith('/events'))).toHaveLength(1);
		const run = await waiting;
		expect(run.code).toBe(0);
		expect(run.out).not.toBe('idle\n');
		expect((await ohtui(['status'], {env})).out).toMatch(/^⚑\d+ ▶\d+\n$/);
	});

	it('new: the conversation is made at once and its id printed; without a working directory, usage (2) and nothing sent', async () => {
		const made = await ohtui(['new', '--message', 'write a haiku', '--workdir', '/workspace/haiku'], {env});
		expect(made.code, made.err).toBe(0);
		const id = made.out.trim();
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		expect((await list()).some(c => c.id === id)).toBe(true);
		agent.clearRequests();
		const refused = await ohtui(['new', '--message', 'x'], {env});
		expect([refused.code, refused.out]).toEqual([2, '']);
		expect(refused.err.trim()).toBe('ohtui new: an agent server needs --workdir DIR (the working directory on that server): nothing was sent');
		expect(posts()).toEqual([]);
	});

	it('show --json: event times in UTC, from a server whose clock is 5:30 ahead (the offset learned as the screen learns it)', async () => {
		const east = await startAgentServerStandIn({apiKey: KEY, live: false, utcOffsetMinutes: 330});
		try {
			const eastEnv = {...env, OPENHANDS_URL: east.url};
			const items = JSON.parse((await ohtui(['ls', '--json'], {env: eastEnv})).out) as (Listed & {created_at: string; updated_at: string})[];
			const target = items.find(c => c.state === 'waiting')!;
			const run = await ohtui(['show', target.id, '--json', '--events', '5'], {env: eastEnv});
			expect(run.code, run.err).toBe(0);
			const shown = JSON.parse(run.out) as {events: {timestamp: string; server_timestamp: string}[]; server_utc_offset_minutes: number | null};
			expect(shown.server_utc_offset_minutes).toBe(330);
			expect(shown.events).toHaveLength(5);
			for (const event of shown.events) {
				expect(event.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
				// the server's own text is its wall clock, 5.5 hours ahead of the instant
				expect(Date.parse(`${event.server_timestamp.slice(0, 23)}Z`) - Date.parse(event.timestamp)).toBe(330 * 60_000);
				expect(Date.parse(event.timestamp)).toBeLessThanOrEqual(Date.parse(target.updated_at) + 1000);
			}
		} finally {
			await east.close();
		}
	});

	it('beside an app server (--all): sandboxes come from the app server only, no error', async () => {
		const app: StandInServer = await startStandInServer({live: false, rateLimit: false, bootMs: 0});
		const own = tempHome();
		try {
			const dir = join(own.env['XDG_CONFIG_HOME']!, 'ohtui');
			mkdirSync(dir, {recursive: true});
			writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {app: {url: app.url}, agent: {url: agent.url, apiKey: KEY}}}));
			chmodSync(join(dir, 'config.json'), 0o600);
			const run = await ohtui(['ls', 'sandboxes', '--all'], {env: own.env});
			expect([run.code, run.err]).toEqual([0, '']);
			expect(rows(run.out).every(row => row[0] === 'app')).toBe(true);
			const conversations = rows((await ohtui(['ls', '--all'], {env: own.env})).out);
			expect(new Set(conversations.map(row => row[0]))).toEqual(new Set(['app', 'agent']));
		} finally {
			own.remove();
			await app.close();
		}
	});
});
