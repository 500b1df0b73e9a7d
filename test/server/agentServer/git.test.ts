import {describe, expect, it} from 'vitest';
import {manualClock} from '../helpers.js';
import {byTitle, call, startAgent} from './helpers.js';

const changes = async (server: Parameters<typeof call>[0], path: string) => (await call(server, `/api/git/changes?path=${encodeURIComponent(path)}`)).json;
const diff = (server: Parameters<typeof call>[0], path: string, extra = '') => call(server, `/api/git/diff?path=${encodeURIComponent(path)}${extra}`);

describe('agent server stand-in: git changes and diffs of the working directories (§8.1)', () => {
	it('lists a seeded conversation’s changes, sorted by path: added, updated and deleted files', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const dir = c.workspace.working_dir;
		const list = await changes(server, dir);
		expect(list).toEqual([
			{status: 'ADDED', path: 'tests/test_dates_timezone.py'},
			{status: 'UPDATED', path: 'utils/dates.py'},
			{status: 'DELETED', path: 'utils/dates_compat.py'},
		]);
		// a path inside the repository gives the same list
		expect(await changes(server, `${dir}/utils`)).toEqual(list);
	});

	it('gives both sides of a file: the updated one differs where the agent edited it, an added one has an empty original', async () => {
		const server = await startAgent();
		const dir = (await byTitle(server, 'Fix flaky date parsing')).workspace.working_dir;
		const updated = await diff(server, `${dir}/utils/dates.py`);
		expect(Object.keys(updated.json)).toEqual(['original', 'modified']);
		expect(updated.json.original).toContain('return datetime.now()');
		expect(updated.json.modified).toContain('return datetime.now(timezone.utc)');
		expect(updated.json.original.split('\n').length).toBe(updated.json.modified.split('\n').length);
		const added = await diff(server, `${dir}/tests/test_dates_timezone.py`);
		expect(added.json.original).toBe('');
		expect(added.json.modified).toContain('def test_today_is_utc');
		// a deleted file no longer exists: the server's GitPathError
		const deleted = await diff(server, `${dir}/utils/dates_compat.py`);
		expect([deleted.status, deleted.json.detail]).toEqual([400, `File does not exist: ${dir}/utils/dates_compat.py`]);
		const both = await diff(server, `${dir}/utils/dates.py`, '&ref=main&commit=abc1234');
		expect([both.status, both.json.detail]).toEqual([400, "'ref' and 'commit' are mutually exclusive"]);
		expect((await call(server, '/api/git/diff')).status).toBe(422);
	});

	it('answers [] and null sides for a working directory that is no repository', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Document the plugin API');
		expect(c.execution_status).toBe('finished');
		expect(await changes(server, c.workspace.working_dir)).toEqual([]);
		expect((await diff(server, `${c.workspace.working_dir}/notes.md`)).json).toEqual({original: null, modified: null});
	});

	it('shows the edits of a conversation started at runtime once its agent made them', async () => {
		const clock = manualClock();
		const server = await startAgent({now: clock.now});
		const dir = '/home/dev/src/fresh-checkout';
		const created = await call(server, '/api/conversations', {
			method: 'POST',
			body: {agent_settings: {llm: {model: 'openai/gpt-4o'}}, workspace: {working_dir: dir}, initial_message: {content: [{type: 'text', text: 'Fix the flaky date test'}]}},
		});
		expect(await changes(server, dir)).toEqual([]);
		for (let i = 0; i < 600 && (await changes(server, dir)).length === 0; i++) clock.advance(1000);
		const [change] = await changes(server, dir);
		expect(change).toMatchObject({status: 'UPDATED'});
		const file = await diff(server, `${dir}/${change.path}`);
		expect(file.json.original).not.toBe(file.json.modified);
		// the agent's events name the conversation's own folder
		const events = await call(server, `/api/conversations/${created.json.id}/events/search`);
		expect(events.text).toContain(dir);
		expect(events.text).not.toContain('/workspace/project');
	});

	it('1.1.0: the path forms catch no git error, so a missing file or a folder that is no repository is a 500 without error_id', async () => {
		const server = await startAgent({version: '1.1.0'});
		const dir = (await byTitle(server, 'Fix flaky date parsing')).workspace.working_dir;
		const at = (route: string, path: string) => call(server, `/api/git/${route}/${path.split('/').map(encodeURIComponent).join('/')}`);
		expect((await at('changes', dir)).json).toHaveLength(3);
		const deleted = await at('diff', `${dir}/utils/dates_compat.py`);
		expect([deleted.status, deleted.json]).toEqual([500, {detail: 'Internal Server Error', exception: `File does not exist: ${dir}/utils/dates_compat.py`}]);
		const scratch = (await byTitle(server, 'Document the plugin API')).workspace.working_dir;
		const plain = await at('changes', scratch);
		expect([plain.status, plain.json]).toEqual([500, {detail: 'Internal Server Error', exception: `Not a git repository: ${scratch}`}]);
		expect((await at('diff', `${scratch}/notes.md`)).json.exception).toBe(`File is not in a git repository: ${scratch}/notes.md`);
	});
});
