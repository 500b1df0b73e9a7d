// The commands that take time: wait (until a state, 124 on timeout, Ctrl-c), show --follow (new events
// as they come), new --wait (a start task to READY or ERROR). Real HTTP, real timers, --refresh 1.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {ohtui, tempHome, type Home} from './harness.js';

type Listed = {id: string; title: string; state: string; needs_you: string | null; execution_status: string | null; sandbox_status: string; sandbox_id: string};

describe.each(['legacy', 'current'] as const)('waiting commands against a %s app server', generation => {
	let server: StandInServer;
	let home: Home;
	let env: Record<string, string>;
	const list = async () => JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[];
	const byTitle = async (start: string) => (await list()).find(c => c.title.startsWith(start))!;
	const post = async (path: string) => fetch(`${server.url}${path}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}'});

	beforeAll(async () => {
		server = await startStandInServer({generation, live: false, rateLimit: false, bootMs: 0, stepMs: 300});
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('wait: at once when the state is already there (what waits needs you now), prints it', async () => {
		const waiting = await byTitle('Plan: split the monolith');
		const started = Date.now();
		const run = await ohtui(['wait', waiting.id.slice(0, 8)], {env});
		expect([run.code, run.out]).toEqual([0, 'waiting\n']);
		expect(Date.now() - started).toBeLessThan(3000);
		expect((await ohtui(['wait', waiting.id, '--until', 'idle'], {env})).code).toBe(0);
	});

	it('wait --until finished on a finish the user has seen says "finished", as the app shows it (issue 27 item 17)', async () => {
		// finished before ohtui first tracked this server: seen, so it no longer needs you
		const done = await byTitle('Fix flaky date parsing');
		expect(done).toMatchObject({execution_status: 'finished', needs_you: null});
		const run = await ohtui(['wait', done.id, '--until', 'finished'], {env});
		// before: "idle", which a script comparing the answer with "finished" took for a failure
		expect([run.code, run.out]).toEqual([0, 'finished\n']);
		expect((await ohtui(['ls', '--status', 'finished', '--json'], {env})).out).toContain(done.id);
		expect((await ohtui(['show', done.id, '--events', '0'], {env})).out).toMatch(/^state\s+· finished$/m);
	});

	it('wait --timeout: exit 124, one line on stderr, nothing on stdout; requests at the refresh pace', async () => {
		const paused = await byTitle('Refactor payment retry');
		server.clearRequests();
		const run = await ohtui(['wait', paused.id, '--until', 'finished', '--timeout', '2.5', '--refresh', '1'], {env});
		expect(run.code).toBe(124);
		expect(run.out).toBe('');
		expect(run.err.trim()).toBe('ohtui wait: timed out after 2.5 s: Refactor payment retry logic is paused');
		// the reads of this conversation (a current server's probe also reads the list, unasked for it)
		const reads = server.requests.filter(r => r.path === '/api/v1/app-conversations' && r.method === 'GET' && r.query.includes(paused.id));
		expect(reads.length).toBeGreaterThanOrEqual(1);
		// at the refresh pace: in 2.5 s at most the lookup and a read a second (a loop that does not wait
		// makes dozens). Counted, not timed: under load one read's answer comes late and the gap to the
		// next one, which waits from when it was sent, looks short (494 ms against 700, three times)
		expect(reads.length).toBeLessThanOrEqual(4);
	});

	it('wait --until any: returns when something else moves the conversation', async () => {
		const running = await byTitle('Add dark mode toggle');
		expect(running.state).toBe('running');
		const waiting = ohtui(['wait', running.id, '--until', 'any', '--refresh', '1', '--timeout', '20'], {env});
		await new Promise(resolve => setTimeout(resolve, 1200));
		expect((await ohtui(['pause', running.id], {env})).code).toBe(0);
		const run = await waiting;
		expect([run.code, run.out]).toEqual([0, 'paused\n']);
	});

	it('wait: Ctrl-c ends it with 130; a conversation deleted meanwhile exits 4', async () => {
		const idle = await byTitle('Refactor payment retry');
		const controller = new AbortController();
		const waiting = ohtui(['wait', idle.id, '--until', 'finished', '--refresh', '1'], {env, signal: controller.signal});
		setTimeout(() => controller.abort(), 500);
		expect((await waiting).code).toBe(130);

		const doomed = await byTitle('Triage failing nightly build');
		const deleting = ohtui(['wait', doomed.id, '--until', 'finished', '--refresh', '1', '--timeout', '20'], {env});
		await new Promise(resolve => setTimeout(resolve, 300));
		const path = generation === 'legacy' ? `/api/conversations/${doomed.id}` : `/api/v1/app-conversations/${doomed.id}`;
		expect((await fetch(`${server.url}${path}`, {method: 'DELETE'})).status).toBe(200);
		const run = await deleting;
		expect([run.code, run.err.trim()]).toEqual([4, 'ohtui wait: the conversation is gone (deleted)']);
	});

	it('show --follow: new events as they come, in order, each once, until Ctrl-c (130)', async () => {
		const target = await byTitle('Fix flaky date parsing');
		const controller = new AbortController();
		let out = '';
		let live = '';
		const following = ohtui(['show', target.id, '--events', '1', '--follow', '--refresh', '1'], {env, signal: controller.signal, onStdout: text => (live += text)}).then(run => {
			out = run.out;
			return run;
		});
		await new Promise(resolve => setTimeout(resolve, 400));
		expect((await ohtui(['send', target.id, 'Now bump the version'], {env})).code).toBe(0);
		// until the message and what the agent did with it are printed (a loaded machine is slow)
		const deadline = Date.now() + 30_000;
		const answered = () => /user\s+Now bump the version[^\n]*\n[^\n]+\n/.test(live);
		while (!answered() && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 100));
		controller.abort();
		const run = await following;
		expect(run.code).toBe(130);
		const lines = out.split('last 1 event:\n')[1]!.trimEnd().split('\n');
		expect(lines.length).toBeGreaterThan(2);
		expect(lines.some(line => /user\s+Now bump the version/.test(line))).toBe(true);
		expect(new Set(lines).size).toBe(lines.length);
	});

	it('new: prints the start task; --wait follows it to the conversation; a start that fails exits 1', async () => {
		const started = await ohtui(['new', '--message', 'Write a haiku about tests', '--repo', 'octo-org/hello-world'], {env});
		expect(started.code).toBe(0);
		expect(started.out).toMatch(/^[0-9a-f]{32}\n$/);
		expect(started.err).toMatch(/start task [0-9a-f]{32} is WORKING \(--wait follows it/);
		const waited = await ohtui(['new', '--message', '-', '--wait'], {env, stdin: 'Write another one'});
		expect(waited.code, waited.err).toBe(0);
		const id = waited.out.trim();
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		expect(waited.err).toContain('READY');
		expect((await list()).some(c => c.id === id)).toBe(true);
		const failed = await ohtui(['new', '--message', 'x', '--sandbox', 'oh-agent-server-doesnotexist', '--wait'], {env});
		expect(failed.code).toBe(1);
		expect(failed.err).toMatch(/ohtui new: the conversation failed to start: .+/);
		expect((await ohtui(['new'], {env})).code).toBe(2);
		expect((await ohtui(['new', '--message', ' '], {env})).code).toBe(2);
	});
});
