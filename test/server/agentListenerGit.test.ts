/**
 * The git routes of the app-server stand-in's agent listener (the agent server of every sandbox):
 * SDK 1.37.1's query forms on a current app server, 1.1.0's path forms on a legacy one
 * (shared/openhands-agent-server.md §8.1, §9), over each sandbox's working tree: its working
 * directory, and each conversation's repository cloned into `<working_dir>/<repo-name>`
 * (shared/openhands-api.md, start task step 3).
 */
import {describe, expect, it} from 'vitest';
import {agent, byTitle} from './activityHelpers.js';
import {startServer} from './helpers.js';

const HELLO = '/workspace/project/hello-world';
const SEEDED = [
	{status: 'ADDED', path: 'tests/test_dates_timezone.py'},
	{status: 'UPDATED', path: 'utils/dates.py'},
	{status: 'DELETED', path: 'utils/dates_compat.py'},
];

const query = (route: 'changes' | 'diff', path: string) => `/api/git/${route}?path=${encodeURIComponent(path)}`;
const pathForm = (route: 'changes' | 'diff', path: string) => `/api/git/${route}/${path.split('/').map(encodeURIComponent).join('/')}`;

describe('the agent listener of a current app server (SDK 1.37.1): git query routes', () => {
	it('says its version without a key', async () => {
		const server = await startServer({generation: 'current', live: false});
		const info = await agent(server, '/server_info');
		expect(info.status).toBe(200);
		expect(info.json).toMatchObject({title: 'OpenHands Agent Server', version: '1.37.1', sdk_version: '1.37.1'});
	});

	it("lists a seeded conversation's changes in its repository; the diff of one file; the path forms are gone", async () => {
		const server = await startServer({generation: 'current', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const key = c.session_api_key;
		const changes = await agent(server, query('changes', HELLO), {key});
		expect([changes.status, changes.json]).toEqual([200, SEEDED]);
		const diff = await agent(server, query('diff', `${HELLO}/utils/dates.py`), {key});
		expect(Object.keys(diff.json)).toEqual(['original', 'modified']);
		expect(diff.json.original).toContain('return datetime.now()');
		expect(diff.json.modified).toContain('return datetime.now(timezone.utc)');
		const added = await agent(server, query('diff', `${HELLO}/tests/test_dates_timezone.py`), {key});
		expect(added.json).toMatchObject({original: '', modified: expect.stringContaining('def test_today_is_utc')});
		const deleted = await agent(server, query('diff', `${HELLO}/utils/dates_compat.py`), {key});
		expect([deleted.status, deleted.json]).toEqual([400, {detail: `File does not exist: ${HELLO}/utils/dates_compat.py`}]);
		expect((await agent(server, pathForm('changes', HELLO), {key})).status).toBe(404);
		expect((await agent(server, query('changes', HELLO))).status).toBe(401);
	});

	it("the sandbox's working directory lists each repository cloned in it under its folder (get_git_changes)", async () => {
		const server = await startServer({generation: 'current', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const root = await agent(server, query('changes', '/workspace/project'), {key: c.session_api_key});
		const paths = (root.json as {path: string}[]).map(f => f.path);
		expect(paths).toEqual(expect.arrayContaining(SEEDED.map(f => `hello-world/${f.path}`)));
		// the sandbox's other conversation works in acme/web-dashboard
		expect(paths.some(p => p.startsWith('web-dashboard/'))).toBe(true);
		expect(paths).toEqual([...paths].sort());
	});

	it("the session key picks the sandbox: another sandbox's working tree has no such repository", async () => {
		const server = await startServer({generation: 'current', live: false});
		const other = await byTitle(server, 'Plan: split the monolith');
		const got = await agent(server, query('changes', HELLO), {key: other.session_api_key});
		expect([got.status, got.json]).toEqual([200, []]);
		const mine = await agent(server, query('changes', '/workspace/project/api-server'), {key: other.session_api_key});
		expect((mine.json as unknown[]).length).toBeGreaterThan(0);
	});
});

describe('the agent listener of a legacy app server (SDK 1.1.0): git path routes', () => {
	it('says its version (six fields) without a key', async () => {
		const server = await startServer({generation: 'legacy', live: false});
		const info = await agent(server, '/server_info');
		expect(Object.keys(info.json)).toEqual(['uptime', 'idle_time', 'title', 'version', 'docs', 'redoc']);
		expect(info.json.version).toBe('1.1.0');
	});

	it("lists a seeded conversation's changes and diffs by the path forms; the query forms are not there yet", async () => {
		const server = await startServer({generation: 'legacy', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const key = c.session_api_key;
		expect((await agent(server, pathForm('changes', HELLO), {key})).json).toEqual(SEEDED);
		const diff = await agent(server, pathForm('diff', `${HELLO}/utils/dates.py`), {key});
		expect(diff.json.modified).toContain('return datetime.now(timezone.utc)');
		expect((await agent(server, query('changes', HELLO), {key})).status).toBe(404);
		// 1.1.0 catches no git error: a missing file is an unhandled GitPathError, a 500 without error_id
		const deleted = await agent(server, pathForm('diff', `${HELLO}/utils/dates_compat.py`), {key});
		expect([deleted.status, deleted.json]).toEqual([500, {detail: 'Internal Server Error', exception: `File does not exist: ${HELLO}/utils/dates_compat.py`}]);
	});

	it('the working directory of a sandbox whose conversations all have a repository is no repository (no git init): a 500', async () => {
		const server = await startServer({generation: 'legacy', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const root = await agent(server, pathForm('changes', '/workspace/project'), {key: c.session_api_key});
		expect([root.status, root.json]).toEqual([500, {detail: 'Internal Server Error', exception: 'Not a git repository: /workspace/project'}]);
	});
});
