// show, send, approve/reject/pause/run against both app-server generations and Cloud, over real
// HTTP: what each prints, the requests the server saw (one each), and what the state refuses.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-cmd-Ht5Gf2Ds8Aq1Zx4Cv7';

type Kind = {name: string; options: Parameters<typeof startStandInServer>[0]; key: string | null};
const KINDS: Kind[] = [
	{name: 'legacy app server', options: {generation: 'legacy'}, key: null},
	{name: 'current app server', options: {generation: 'current', apiKey: KEY}, key: KEY},
	{name: 'Cloud', options: {cloud: true, apiKey: KEY}, key: KEY},
];

type Listed = {id: string; title: string; state: string; execution_status: string | null; sandbox_status: string};

describe.each(KINDS)('conversation commands against a $name', kind => {
	let server: StandInServer;
	let home: Home;
	let env: Record<string, string>;
	const list = async () => JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[];
	const byTitle = async (start: string) => (await list()).find(c => c.title.startsWith(start))!;
	const agentRequests = () => server.requests.filter(r => r.method === 'POST').map(r => r.path);

	beforeAll(async () => {
		server = await startStandInServer({...kind.options, live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url, ...(kind.key ? {OPENHANDS_API_KEY: kind.key} : {})};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('show: details, what waits for confirmation, the last events; by a unique prefix', async () => {
		const waiting = await byTitle('Plan: split the monolith');
		const {code, out, err} = await ohtui(['show', waiting.id.slice(0, 7), '--events', '5'], {env});
		expect(err).toBe('');
		expect(code).toBe(0);
		expect(out).toMatch(/^title\s+Plan: split the monolith into services$/m);
		expect(out).toMatch(/^state\s+\? waiting \(needs you\)$/m);
		expect(out).toContain('waiting for your confirmation');
		expect(out).toMatch(/^\s+terminal \$ .+/m);
		const events = out.split('last 5 events:\n')[1]!.trimEnd().split('\n');
		expect(events).toHaveLength(5);
		for (const line of events) expect(line).toMatch(/^\d\d:\d\d:\d\d {2}\S/);
		const json = JSON.parse((await ohtui(['show', waiting.id, '--json', '--events', '3'], {env})).out) as {conversation: {id: string; state: string}; pending: string[]; events: unknown[]};
		expect(json.conversation).toMatchObject({id: waiting.id, state: 'waiting'});
		expect(json.pending.length).toBeGreaterThan(0);
		expect(json.events).toHaveLength(3);
		expect(Object.keys(json.events[0] as object)).toEqual(['id', 'kind', 'timestamp', 'source', 'text', 'server_timestamp']);
	});

	it('an ambiguous prefix lists the candidates and exits 2; an unknown id exits 4', async () => {
		const all = await list();
		const counts = new Map<string, number>();
		for (const c of all) counts.set(c.id[0]!, (counts.get(c.id[0]!) ?? 0) + 1);
		const shared = [...counts].find(([, n]) => n > 1)?.[0];
		if (shared) {
			const {code, out, err} = await ohtui(['show', shared], {env});
			expect(code).toBe(2);
			expect(out).toBe('');
			expect(err).toMatch(new RegExp(`ohtui show: ${shared} is ambiguous: \\d+ conversations match`));
			for (const c of all.filter(c => c.id.startsWith(shared))) expect(err).toContain(c.id);
		}
		const missing = await ohtui(['show', 'f'.repeat(32)], {env});
		expect([missing.code, missing.err.trim()]).toEqual([4, `ohtui show: no conversation ${'f'.repeat(32)}`]);
		expect((await ohtui(['show', 'ffffzzzz'], {env})).code).toBe(4);
		expect((await ohtui(['send', 'f'.repeat(32), 'hi'], {env})).code).toBe(4);
	});

	it('send: exactly one POST, the agent runs with it; a paused sandbox needs --resume', async () => {
		const idle = await byTitle('Fix flaky date parsing');
		server.clearRequests();
		const sent = await ohtui(['send', idle.id, 'Now bump the version'], {env});
		expect([sent.code, sent.out.trim()]).toEqual([0, `sent to Fix flaky date parsing test in utils (${idle.id.slice(0, 8)})`]);
		expect(agentRequests()).toHaveLength(1);

		const paused = await byTitle('Write migration for users.email_verified');
		expect(paused.sandbox_status).toBe('PAUSED');
		server.clearRequests();
		const refused = await ohtui(['send', paused.id, 'hello'], {env});
		expect(refused.code).toBe(1);
		expect(refused.err.trim()).toBe('ohtui send: the sandbox is PAUSED: not sent (add --resume to resume it first)');
		expect(agentRequests()).toEqual([]);

		const resumed = await ohtui(['send', paused.id, '-', '--resume'], {env, stdin: 'from standard input\n'});
		expect(resumed.code, resumed.err).toBe(0);
		expect(resumed.err).toContain('resuming sandbox');
		const posts = agentRequests();
		expect(posts.filter(p => p.includes('/resume'))).toHaveLength(1);
		expect(posts.filter(p => !p.includes('/resume'))).toHaveLength(1);
		expect((await byTitle('Write migration for users.email_verified')).sandbox_status).toBe('RUNNING');
	});

	it('send: nothing to send is a usage error, nothing is sent', async () => {
		const idle = await byTitle('Fix flaky date parsing');
		server.clearRequests();
		for (const [argv, stdin] of [[['send', idle.id, '   '], ''], [['send', idle.id, '-'], ''], [['send', idle.id], ''], [['send', idle.id, 'a', 'b'], '']] as const) {
			const run = await ohtui([...argv], {env, stdin});
			expect(run.code, argv.join(' ')).toBe(2);
		}
		expect(agentRequests()).toEqual([]);
	});

	it('approve and reject: one request each to the agent server; with nothing waiting, nothing is sent (exit 1)', async () => {
		const waiting = await byTitle('Plan: split the monolith');
		server.clearRequests();
		const rejected = await ohtui(['reject', waiting.id, '--reason', 'not on prod'], {env});
		if (kind.name === 'legacy app server') {
			// its sandboxes run agent server 1.1.0 (its /server_info says so), where a reject only pauses and
			// the action runs later (issue 21 item 1): refused unsent; approve is what answers it there
			expect([rejected.code, rejected.out]).toEqual([1, '']);
			expect(rejected.err).toMatch(/\(1\.1\.0\) cannot reject an action: .*nothing was sent/);
			expect(agentRequests()).toEqual([]);
			const approved = await ohtui(['approve', waiting.id], {env});
			expect(approved.code).toBe(0);
		} else {
			expect([rejected.code, rejected.out.trim()]).toEqual([0, `rejected: Plan: split the monolith into services (${waiting.id.slice(0, 8)})`]);
		}
		expect(agentRequests()).toEqual([expect.stringMatching(/\/events\/respond_to_confirmation$/)]);
		const after = await byTitle('Plan: split the monolith');
		expect(after.execution_status).not.toBe('waiting_for_confirmation');
		server.clearRequests();
		const nothing = await ohtui(['approve', waiting.id], {env});
		expect(nothing.code).toBe(1);
		expect(nothing.err).toMatch(/^ohtui approve: nothing waits for confirmation \(the agent is \w+\): nothing sent\n$/);
		expect(agentRequests()).toEqual([]);
	});

	it('pause and run: one request each; pausing an agent that is not running sends nothing (exit 0)', async () => {
		const target = await byTitle('Add dark mode toggle');
		expect(target.execution_status).toBe('running');
		server.clearRequests();
		expect((await ohtui(['pause', target.id], {env})).code).toBe(0);
		expect(agentRequests()).toEqual([expect.stringMatching(/\/pause$/)]);
		expect((await byTitle('Add dark mode toggle')).execution_status).toBe('paused');
		server.clearRequests();
		const again = await ohtui(['pause', target.id], {env});
		expect([again.code, again.out.trim()]).toEqual([0, 'the agent is paused: nothing to pause: Add dark mode toggle to the settings page']);
		expect(agentRequests()).toEqual([]);
		expect((await ohtui(['run', target.id], {env})).code).toBe(0);
		expect(agentRequests()).toEqual([expect.stringMatching(/\/run$/)]);
		// a missing sandbox never comes back: only what can work is suggested (not send --resume)
		const gone = await byTitle('Resolve issue #1287');
		for (const command of ['run', 'approve', 'pause']) {
			const refused = await ohtui([command, gone.id], {env});
			expect(refused.code).toBe(1);
			expect(refused.err.trim()).toBe(`ohtui ${command}: the sandbox is MISSING: the agent cannot take commands; nothing sent (its sandbox is gone for good: ohtui show ${gone.id.slice(0, 8)} reads what it did, ohtui new starts again)`);
		}
		const paused = await byTitle('Refactor payment retry');
		expect((await ohtui(['approve', paused.id], {env})).err).toContain(`ohtui send ${paused.id.slice(0, 8)} --resume brings it back`);
		expect(agentRequests().filter(path => !path.endsWith('/run'))).toEqual([]);
	});

	it('a read-only profile refuses every command that changes something, before any request', async () => {
		const target = await byTitle('Add dark mode toggle');
		server.clearRequests();
		for (const argv of [['send', target.id, 'hi'], ['pause', target.id], ['approve', target.id], ['new', '--message', 'x']]) {
			const run = await ohtui([...argv, '--read-only'], {env});
			expect(run.code, argv.join(' ')).toBe(2);
			expect(run.err).toContain('is read-only');
		}
		expect(agentRequests()).toEqual([]);
	});
});
