// The workspace commands for an app server's conversation (issue 28), through its `conversation_url`
// and the sandbox's session key, on both app-server generations: a current one's sandboxes run agent
// server 1.37.1 (the archive route), a legacy one's 1.1.0 (no archive: git through the bash route;
// path-form file routes; a query-key bash socket). The app key never goes to the agent server, the
// session key never to the app server. And the last resort, on an agent server with neither route.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {differences, gitApply} from '../support/gitApply.js';
import {tempHome} from './harness.js';
import {ohtuiBytes} from './workspaceHarness.js';

const APP_KEY = 'sk-oh-app-Rt5Yh8Jk2Lm6';
const DIR = '/workspace/project/web-dashboard';
const home = tempHome();
const local = mkdtempSync(join(tmpdir(), 'ohtui-cp-app-'));
afterAll(() => {
	home.remove();
	rmSync(local, {recursive: true, force: true});
});

describe.each(['current', 'legacy'] as const)('%s app server: the workspace through conversation_url', generation => {
	it('diff applies byte for byte; exec prints git status with its code; cp round-trips; keys stay with their servers', async () => {
		const server = await startStandInServer({generation, apiKey: APP_KEY, live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		try {
			const env = {...home.env, OPENHANDS_URL: server.url, OPENHANDS_API_KEY: APP_KEY};
			const list = JSON.parse((await ohtuiBytes(['ls', '--json'], {env})).text) as {id: string; title: string}[];
			const c = list.find(item => item.title.startsWith('Add dark mode toggle'))!;
			const diff = await ohtuiBytes(['diff', c.id], {env});
			expect(diff.code, diff.err).toBe(0);
			expect(diff.err).toEqual(generation === 'legacy' ? expect.stringMatching(/^ohtui diff: the agent server at 127\.0\.0\.1:\d+ \(1\.1\.0\) has no patch route: the patch is git's, run through its bash route\n$/) : '');
			const checkout = server.agentCheckout(c.id, DIR)!;
			const applied = gitApply(checkout.base, diff.out);
			if ('error' in applied) throw new Error(applied.error);
			expect(differences(applied.files, checkout.tree)).toEqual([]);

			const status = await ohtuiBytes(['exec', c.id, '--', 'git status --short; exit 5'], {env});
			expect(status.code).toBe(5);
			expect(status.text).toContain('?? public/icons/moon.png\n');

			const data = Buffer.from('line one\r\nline two\r\n\0\xff');
			writeFileSync(join(local, `${generation}.txt`), data);
			expect((await ohtuiBytes(['cp', join(local, `${generation}.txt`), `${c.id}:notes/`], {env})).code).toBe(0);
			expect((await ohtuiBytes(['cp', `${c.id}:notes/${generation}.txt`, join(local, `${generation}.back`)], {env})).code).toBe(0);
			expect(readFileSync(join(local, `${generation}.back`)).equals(data)).toBe(true);

			const route = `/api/v1/app-conversations?ids=${c.id}`;
			const conversation = await (await fetch(`${server.url}${route}`, {headers: {'x-session-api-key': APP_KEY}})).json();
			const session = (Array.isArray(conversation) ? conversation[0] : conversation).session_api_key as string;
			const agentHost = new URL(server.agentUrl).host;
			const toAgent = server.requests.filter(r => r.credentials?.host === agentHost && !r.upgrade && r.path !== '/server_info');
			expect(toAgent.filter(r => r.path.startsWith('/api/bash/') || r.path.startsWith('/api/file/')).length).toBeGreaterThan(2);
			expect(toAgent.every(r => r.credentials?.session === session && r.credentials.bearer === null)).toBe(true);
			const toApp = server.requests.filter(r => r.credentials?.host !== agentHost);
			expect(toApp.length).toBeGreaterThan(0);
			expect(toApp.every(r => r.credentials?.session !== session && !r.path.startsWith('/api/bash/') && !r.path.startsWith('/api/file/'))).toBe(true);
		} finally {
			await server.close();
		}
	});
});

describe('an agent server with neither the archive nor the bash routes', () => {
	it('the added files alone (exact); the changed and deleted ones named on stderr; exit 1', async () => {
		const agent = await startAgentServerStandIn({version: '1.29.0', bash: false, live: false});
		try {
			const env = {...home.env, OPENHANDS_URL: agent.url};
			const list = JSON.parse((await ohtuiBytes(['ls', '--json'], {env})).text) as {id: string; title: string; working_dir: string}[];
			const c = list.find(item => item.title.startsWith('Add dark mode toggle'))!;
			const got = await ohtuiBytes(['diff', c.id], {env});
			expect(got.code).toBe(1);
			expect(got.err).toMatch(/^ohtui diff: the patch holds only the added files: /m);
			expect(got.err).toMatch(/left out, .*could apply wrongly\): .*docs\/SETTINGS\.md/);
			const checkout = agent.checkout(c.working_dir)!;
			const applied = gitApply(checkout.base, got.out);
			if ('error' in applied) throw new Error(applied.error);
			const added = [...checkout.tree.keys()].filter(p => !checkout.base.has(p));
			expect(added).toContain('public/icons/moon.png');
			for (const path of added) expect(applied.files.get(path)?.equals(checkout.tree.get(path)!), path).toBe(true);
		} finally {
			await agent.close();
		}
	});
});
