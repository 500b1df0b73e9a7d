import {describe, expect, it} from 'vitest';
import type {StandInServer} from '../../source/server/index.js';
import {get, HEX32, NAIVE, pollUntil, post, startServer, UTC_Z} from './helpers.js';

const BODY = {
	initial_message: {role: 'user', content: [{type: 'text', text: 'Fix the failing test in tests/test_dates.py'}]},
	selected_repository: 'octo-org/hello-world',
	selected_branch: 'main',
	git_provider: 'github',
	trigger: 'gui',
};

type Task = {status: string; sandbox_id: string | null; detail: string | null; app_conversation_id: string | null; agent_server_url: string | null};

async function follow(server: StandInServer, taskId: string): Promise<Task[]> {
	return pollUntil(
		async () => (await get(server, `/api/v1/app-conversations/start-tasks?ids=${taskId}`)).json[0] as Task,
		task => task.status === 'READY' || task.status === 'ERROR',
		task => task.status,
	);
}

describe('conversation start flow', () => {
	it('POST answers WORKING with the parsed request echoed, then the task reaches READY in a new sandbox (legacy)', async () => {
		const server = await startServer({generation: 'legacy', seed: 'empty', bootMs: 60, stepMs: 20});
		const res = await post(server, '/api/v1/app-conversations', BODY);
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({created_by_user_id: null, status: 'WORKING', detail: null, app_conversation_id: null, sandbox_id: null, agent_server_url: null});
		expect(res.json.id).toMatch(HEX32);
		expect(res.json.created_at).toMatch(UTC_Z);
		expect(JSON.stringify(res.json.request)).toBe(
			'{"sandbox_id":null,"initial_message":{"role":"user","content":[{"cache_prompt":false,"type":"text","text":"Fix the failing test in tests/test_dates.py"}],"run":false},"processors":null,"llm_model":null,"selected_repository":"octo-org/hello-world","selected_branch":"main","git_provider":"github","title":null,"trigger":"gui","pr_number":[],"parent_conversation_id":null,"agent_type":"default"}',
		);

		const seen = await follow(server, res.json.id);
		const order = ['WORKING', 'WAITING_FOR_SANDBOX', 'PREPARING_REPOSITORY', 'RUNNING_SETUP_SCRIPT', 'SETTING_UP_GIT_HOOKS', 'STARTING_CONVERSATION', 'READY'];
		const statuses = seen.map(t => t.status);
		expect(statuses.at(-1)).toBe('READY');
		// polling may skip steps, never reorder them
		expect(statuses.map(s => order.indexOf(s))).toEqual([...statuses.map(s => order.indexOf(s))].sort((a, b) => a - b));
		const ready = seen.at(-1)!;
		expect(ready.app_conversation_id).toMatch(HEX32);

		const [sandbox] = (await get(server, `/api/v1/sandboxes?id=${ready.sandbox_id}`)).json;
		expect(sandbox.status).toBe('RUNNING');
		expect(ready.agent_server_url).toBe(sandbox.exposed_urls[0].url);

		const [task] = (await get(server, `/api/v1/app-conversations/start-tasks?ids=${res.json.id}`)).json;
		expect(task.created_at).toMatch(NAIVE);
		const [conversation] = (await get(server, `/api/v1/app-conversations?ids=${ready.app_conversation_id}`)).json;
		expect(conversation).toMatchObject({
			sandbox_id: ready.sandbox_id,
			selected_repository: 'octo-org/hello-world',
			git_provider: 'github',
			trigger: 'gui',
			sandbox_status: 'RUNNING',
			session_api_key: sandbox.session_api_key,
		});
		expect(conversation.title).toMatch(/^Conversation [0-9a-f]{32}$|^Fix the failing test/);
		const found = await get(server, `/api/v1/app-conversations/start-tasks/search?conversation_id__eq=${ready.app_conversation_id}`);
		expect(found.json.items.map((t: {id: string}) => t.id)).toEqual([res.json.id]);
	});

	it('reaches READY in an existing RUNNING sandbox without starting another', async () => {
		const server = await startServer({seed: 'empty', bootMs: 0, stepMs: 15});
		const {id} = (await post(server, '/api/v1/sandboxes')).json;
		const res = await post(server, '/api/v1/app-conversations', {sandbox_id: id});
		expect(res.json.sandbox_id).toBeNull();
		expect(res.json.request.sandbox_id).toBe(id);
		const last = (await follow(server, res.json.id)).at(-1)!;
		expect(last).toMatchObject({status: 'READY', sandbox_id: id});
		expect((await get(server, '/api/v1/sandboxes/search')).json.items).toHaveLength(1);
	});

	it('fails with "Sandbox not startable" in an existing PAUSED sandbox, after requesting a resume', async () => {
		const server = await startServer({seed: 'empty', bootMs: 0, stepMs: 15});
		const {id} = (await post(server, '/api/v1/sandboxes')).json;
		await post(server, `/api/v1/sandboxes/${id}/pause`);
		const res = await post(server, '/api/v1/app-conversations', {sandbox_id: id});
		const last = (await follow(server, res.json.id)).at(-1)!;
		expect(last).toMatchObject({status: 'ERROR', sandbox_id: id, app_conversation_id: null, detail: `500: Sandbox not startable: ${id}`});
		expect((await get(server, `/api/v1/sandboxes?id=${id}`)).json[0].status).toBe('RUNNING');
	});

	it('fails with "Sandbox not found" for an unknown sandbox', async () => {
		const server = await startServer({seed: 'empty', stepMs: 15});
		const res = await post(server, '/api/v1/app-conversations', {sandbox_id: 'oh-agent-server-gone'});
		const last = (await follow(server, res.json.id)).at(-1)!;
		expect(last).toMatchObject({status: 'ERROR', detail: '500: Sandbox not found: oh-agent-server-gone'});
	});

	it('validates the body: 422 with a body loc, plain 500 for an unknown parent', async () => {
		const server = await startServer({seed: 'empty'});
		const bad = await post(server, '/api/v1/app-conversations', {git_provider: 'svn'});
		expect(bad.status).toBe(422);
		expect(bad.json.detail[0]).toMatchObject({type: 'enum', loc: ['body', 'git_provider'], input: 'svn'});
		const missing = await post(server, '/api/v1/app-conversations');
		expect(missing.json.detail[0]).toMatchObject({type: 'missing', loc: ['body']});
		const parent = await post(server, '/api/v1/app-conversations', {parent_conversation_id: 'ffffffffffffffffffffffffffffffff'});
		expect([parent.status, parent.text]).toEqual([500, 'Internal Server Error']);
		const empty = await post(server, '/api/v1/app-conversations', {});
		expect(empty.json.request).toMatchObject({initial_message: null, pr_number: [], agent_type: 'default'});
	});

	it('searches start tasks with sort order, created_at filter and paging', async () => {
		const server = await startServer({stepMs: 10_000});
		const all = (await get(server, '/api/v1/app-conversations/start-tasks/search')).json.items;
		expect(all.length).toBeGreaterThan(3);
		const asc = (await get(server, '/api/v1/app-conversations/start-tasks/search?sort_order=CREATED_AT')).json.items;
		expect(asc.map((t: {id: string}) => t.id)).toEqual([...all].reverse().map((t: {id: string}) => t.id));
		const page = await get(server, '/api/v1/app-conversations/start-tasks/search?limit=2');
		expect(page.json.next_page_id).toBe('2');
		const fresh = await post(server, '/api/v1/app-conversations', {});
		const since = new Date(Date.now() - 60_000).toISOString();
		const recent = (await get(server, `/api/v1/app-conversations/start-tasks/search?created_at__gte=${since}`)).json.items;
		expect(recent.map((t: {id: string}) => t.id)).toContain(fresh.json.id);
		expect((await get(server, `/api/v1/app-conversations/start-tasks/count?created_at__gte=${since}`)).json).toBe(recent.length);
	});
});
