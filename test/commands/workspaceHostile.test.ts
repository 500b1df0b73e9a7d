// The workspace commands against a hostile agent server (a fault server in front of the stand-in):
// a patch naming paths outside the checkout, an HTML page for the patch, an answer cut midway.
import {existsSync, lstatSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import type {StandInServer} from '../../source/server/types.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import type {Fault} from '../support/faults.js';
import {rewriteJson, slowFaults} from '../support/slowFaults.js';
import {gitApply} from '../support/gitApply.js';
import {createClient} from '../../source/api/index.js';
import {runCommand} from '../../source/store/workspace/commandRun.js';
import {localTarget} from '../../source/store/workspace/workspaceSaves.js';
import {ohtuiBytes} from './workspaceHarness.js';
import {tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Hs7Lk2Pq9Zx4';

let agent: AgentServerStandIn;
let front: FaultServer;
let home: Home;
let env: Record<string, string>;
let id: string;
let local: string;

const run = (argv: string[], options: {tty?: boolean; signal?: AbortSignal} = {}) => ohtuiBytes(argv, {...options, env});

/** a fixed answer for the patch route, with the headers a real one carries */
function patchAnswer(body: string, contentType = 'application/octet-stream'): Fault {
	return {kind: 'custom', name: 'patch', handle: ctx => ctx.reply(200, {'content-type': contentType, 'x-archive-base-commit': 'a'.repeat(40), 'x-archive-head-commit': 'b'.repeat(40)}, body)};
}

/** the upstream answer's first half, its whole length announced, then the connection closed */
const cutMidway = (): Fault => ({
	kind: 'custom',
	name: 'cut',
	handle: async ctx => {
		const answer = await ctx.upstream();
		const headers: Record<string, string | number> = {'content-length': answer.body.length};
		for (const name of ['content-type', 'x-archive-base-commit', 'x-archive-head-commit']) if (answer.headers[name]) headers[name] = String(answer.headers[name]);
		ctx.res.writeHead(answer.status, headers);
		ctx.res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
		setTimeout(() => ctx.res.socket?.destroy(), 50);
	},
});

beforeAll(async () => {
	agent = await startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5});
	front = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
	home = tempHome();
	env = {...home.env, OPENHANDS_URL: front.url, OPENHANDS_API_KEY: KEY};
	const list = JSON.parse((await run(['ls', '--json'])).text) as {id: string; title: string}[];
	id = list.find(item => item.title.startsWith('Add dark mode toggle'))!.id;
	local = mkdtempSync(join(tmpdir(), 'ohtui-hostile-'));
});
afterAll(async () => {
	await front.close();
	await agent.close();
	home.remove();
	rmSync(local, {recursive: true, force: true});
});
beforeEach(async () => {
	await front.heal();
});

const FINE = 'diff --git a/fine.txt b/fine.txt\nnew file mode 100644\n--- /dev/null\n+++ b/fine.txt\n@@ -0,0 +1 @@\n+fine\n';

describe('diff from a hostile agent server', () => {
	const outside = [
		['a path up and out', 'diff --git a/../../etc/cron.d/x b/../../etc/cron.d/x\nnew file mode 100644\n--- /dev/null\n+++ b/../../etc/cron.d/x\n@@ -0,0 +1 @@\n+* * * * * root sh\n'],
		['an absolute path', 'diff --git a/x b/x\nnew file mode 100644\n--- /dev/null\n+++ /etc/profile.d/x.sh\n@@ -0,0 +1 @@\n+evil\n'],
		['a file in .git', 'diff --git a/.git/hooks/post-checkout b/.git/hooks/post-checkout\nnew file mode 100755\n--- /dev/null\n+++ b/.git/hooks/post-checkout\n@@ -0,0 +1 @@\n+evil\n'],
		['a rename out', 'diff --git a/ok.txt b/../ok.txt\nsimilarity index 100%\nrename from ok.txt\nrename to ../ok.txt\n'],
	];
	for (const [what, patch] of outside) {
		it(`a patch with ${what}: that section left out, named on stderr, exit 1; the rest applies`, async () => {
			await front.set(patchAnswer(`${FINE}${patch}${FINE.replaceAll('fine', 'also')}`), {path: '/api/file/archive'});
			const got = await run(['diff', id]);
			expect(got.code).toBe(1);
			expect(got.text).toBe(`${FINE}${FINE.replaceAll('fine', 'also')}`);
			expect(got.err).toMatch(/^ohtui diff: left out of the patch, paths that would leave the checkout: "[^"]+" \([^)]+\)\n$/);
			const applied = gitApply(new Map(), got.out);
			if ('error' in applied) throw new Error(applied.error);
			expect([...applied.files.keys()].sort()).toEqual(['also.txt', 'fine.txt']);
			// nor in the summary, nor on a terminal
			const stat = await run(['diff', id, '--stat']);
			expect([stat.code, stat.text]).toEqual([1, ' fine.txt | 1 +\n also.txt | 1 +\n 2 files changed, 2 insertions(+)\n']);
			const shown = await run(['diff', id], {tty: true});
			expect(shown.code).toBe(1);
			expect(shown.text).not.toMatch(/etc|\.git\/|ok\.txt/);
		});
	}

	it('a web page or a JSON error with a 200 for the patch: nothing written as a patch, exit 1, the key never shown', async () => {
		for (const [body, type] of [
			[`<!doctype html><html><head><title>${KEY}</title></head><body>OpenHands</body></html>\n`, 'text/html; charset=utf-8'],
			['{"detail":"Internal Server Error"}', 'application/json'],
		] as const) {
			await front.set(patchAnswer(body, type), {path: '/api/file/archive'});
			const got = await run(['diff', id]);
			expect([got.code, got.out.length], body).toEqual([1, 0]);
			expect(got.err).toMatch(/^ohtui diff: the agent server's answer is not a git patch \(it starts: .*\)\n$/);
			expect(got.err).not.toContain(KEY);
		}
	});

	it('a header or a line outside the changes that never ends (a hostile stream): refused past 1 MiB instead of held whole and written', async () => {
		const endless = (start: string, line: Buffer): Fault => ({
			kind: 'custom',
			name: 'endless',
			handle: async ctx => {
				ctx.res.writeHead(200, {'content-type': 'text/x-patch'});
				ctx.res.write(start);
				// far more than the bound, and never the line that would end it
				for (let i = 0; i < 64 && !ctx.res.destroyed; i++) {
					if (!ctx.res.write(line)) await new Promise(resolve => ctx.res.once('drain', resolve));
				}
				ctx.res.end();
			},
		});
		for (const [start, line, why] of [
			['diff --git a/x b/x\n', Buffer.from(`index ${'0'.repeat(64 * 1024)}\n`), "a file's header over 1 MiB"],
			['diff --git a/x b/x\n', Buffer.alloc(64 * 1024, 'i'), "a line over 1 MiB outside any file's changes"],
			['', Buffer.alloc(64 * 1024, 'p'), "a line over 1 MiB outside any file's changes"],
		] as const) {
			await front.set(endless(start, line), {path: '/api/file/archive'});
			const got = await run(['diff', id]);
			expect([got.code, got.out.length, got.err]).toEqual([1, 0, `ohtui diff: the agent server's answer is not a git patch (${why})\n`]);
		}
	});

	it('a patch cut midway: exit 3 and the reason, not a short patch with exit 0', async () => {
		await front.set(cutMidway(), {path: '/api/file/archive'});
		const got = await run(['diff', id]);
		expect(got.code).toBe(3);
		expect(got.err).toMatch(/closed mid-response/);
	});
});

describe('cp from a hostile agent server', () => {
	it('a download cut midway: no file left, not exit 0', async () => {
		await front.set(cutMidway(), {path: '/api/file/download'});
		const got = await run(['cp', `${id}:README.md`, join(local, 'readme')]);
		expect(got.code).toBe(3);
		expect(existsSync(join(local, 'readme'))).toBe(false);
		expect(readdirSync(local)).toEqual([]);
	});
});

describe('trajectory from a hostile agent server', () => {
	it('a web page with a 200 instead of the ZIP: nothing written (file or pipe), exit 1', async () => {
		await front.set(patchAnswer(`<!doctype html><html><head><title>${KEY}</title></head></html>\n`, 'text/html'), {path: '/api/file/download-trajectory/'});
		const target = join(local, 'events.zip');
		const toFile = await run(['trajectory', id, '--output', target]);
		expect(toFile.code).toBe(1);
		expect(toFile.err).toMatch(/^ohtui trajectory: the agent server's answer is not a ZIP \(it starts: "<!doctype html>.*"\)\n$/);
		expect(toFile.err).not.toContain(KEY);
		expect(readdirSync(local)).toEqual([]);
		const toPipe = await run(['trajectory', id]);
		expect([toPipe.code, toPipe.out.length]).toEqual([1, 0]);
		// the real one still goes through
		await front.heal();
		const real = await run(['trajectory', id, '--output', target]);
		expect(real.code).toBe(0);
		rmSync(target);
	});
});

describe('cp stopped midway', () => {
	it('Ctrl-c during a download: exit 130, no file and no temporary file left', async () => {
		await front.set(slowFaults.trickle(20), {path: '/api/file/download'});
		const stop = new AbortController();
		const target = join(local, 'stopped.md');
		const copying = run(['cp', `${id}:README.md`, target], {signal: stop.signal});
		for (let i = 0; i < 500 && readdirSync(local).length === 0; i++) await new Promise(resolve => setTimeout(resolve, 10));
		expect(readdirSync(local)).toHaveLength(1);
		stop.abort();
		const got = await copying;
		expect(got.code).toBe(130);
		expect(readdirSync(local)).toEqual([]);
	});
});

describe('cp onto a local link that points nowhere', () => {
	it('is an existing name: refused without --force (the link kept, nothing created where it points); --force replaces the link, not its target', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'ohtui-link-'));
		try {
			const link = join(dir, 'notes.md');
			const nowhere = join(dir, 'elsewhere', 'target.md');
			symlinkSync(nowhere, link);
			const got = await run(['cp', `${id}:README.md`, link]);
			expect([got.code, got.err]).toEqual([2, `ohtui cp: ${link} exists: --force overwrites it\n`]);
			expect(readlinkSync(link)).toBe(nowhere);
			// into the folder: the same name, the same answer; and the app's w asks first
			expect((await run(['cp', `${id}:notes.md`, `${dir}/`])).code).toBe(2);
			expect(localTarget(dir, 'notes.md')).toEqual({path: link, exists: true});
			const forced = await run(['cp', `${id}:README.md`, link, '--force']);
			expect(forced.code).toBe(0);
			expect(lstatSync(link).isFile()).toBe(true);
			expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
		} finally {
			rmSync(dir, {recursive: true, force: true});
		}
	});
});

describe('exec against a hostile agent server (searching: no websocket passes)', () => {
	type Page = {items: Record<string, unknown>[]};
	// the upgrade answered 404 at once, as a proxy that does not pass websockets answers it
	beforeAll(() => agent.setRefuseUpgrades(true));
	afterAll(() => agent.setRefuseUpgrades(false));
	it('outputs of another command in the search answer are not this command’s: not printed, their exit code not taken', async () => {
		// a server that ignores command_id__eq: first another command's output and end, then this one's
		await front.set(
			rewriteJson('foreign', value => {
				const page = value as Page;
				const mine = page.items.filter(item => item['kind'] === 'BashOutput');
				const other = mine.map(item => ({...item, id: `x${String(item['id'])}`, command_id: 'f'.repeat(32), stdout: 'FOREIGN\n', exit_code: 0}));
				return {...page, items: [...other, ...mine]};
			}),
			{path: '/api/bash/bash_events/search'},
		);
		const got = await run(['exec', id, '--', 'echo mine; exit 5']);
		expect([got.code, got.text]).toEqual([5, 'mine\n']);
	});

	it('a search refused (401, 404): ends at once with the server’s words, not after the time-out as “no end heard”', async () => {
		for (const [status, code] of [[401, 1], [404, 1]] as const) {
			await front.set({kind: 'status', status, body: '{"detail":"Nope"}', contentType: 'application/json'}, {path: '/api/bash/bash_events/search'});
			// the default time-out is 300 s: the run ends long before it, or the test's own time-out fails it
			const got = await run(['exec', id, '--', 'echo hi']);
			expect(got.code, String(status)).toBe(code);
			expect(got.err).toMatch(/^ohtui exec: .*\(GET \/api\/bash\/bash_events\/search\)\n$/);
			expect(got.err).not.toMatch(/no end of the command heard/);
		}
	});

	it('searches that keep failing (5xx) past the time-out and its grace: “lost”, with the last failure', async () => {
		await front.set({kind: 'status', status: 503, body: 'upstream busy', contentType: 'text/plain'}, {path: '/api/bash/bash_events/search'});
		const client = createClient({baseUrl: front.url, apiKey: KEY});
		try {
			const workspace = await client.workspace({id, conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: null});
			const end = await runCommand(workspace, {command: 'sleep 30', timeoutS: 0}, {stdout: () => {}, stderr: () => {}}, {transport: 'poll', graceMs: 2000, pollMs: 10});
			expect(end).toMatchObject({kind: 'lost', why: expect.stringMatching(/503/)});
		} finally {
			await client.close();
		}
	});

	it('an exit code no shell gives (256, or -384 read as signal 384) is not taken for success', async () => {
		for (const code of [256, -384]) {
			await front.set(
				rewriteJson('exit256', value => {
					const page = value as Page;
					return {...page, items: page.items.map(item => (item['exit_code'] === 0 ? {...item, exit_code: code} : item))};
				}),
				{path: '/api/bash/bash_events/search'},
			);
			const got = await run(['exec', id, '--', 'echo done']);
			expect(got.code, String(code)).toBe(1);
			expect(got.text).toBe('done\n');
			expect(got.err).toBe(`ohtui exec: the agent server reported exit code ${code}, which no command gives\n`);
		}
	});
});
