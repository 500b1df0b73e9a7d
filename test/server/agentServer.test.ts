import {describe, expect, it} from 'vitest';
import {agent, agentEvents, byTitle, dashedOf} from './activityHelpers.js';
import {get, manualClock, post, startServer} from './helpers.js';

const UNKNOWN = '0123456789abcdef0123456789abcdef';

/** Paths of the null values in a JSON value. */
function nulls(value: unknown, path = ''): string[] {
	if (value === null) return [path];
	if (typeof value !== 'object') return [];
	return Object.entries(value as object).flatMap(([k, v]) => nulls(v, `${path}.${k}`));
}

describe.each(['legacy', 'current'] as const)('agent server (%s; shared/openhands-api-newer.md 4.3, 6)', generation => {
	const start = () => startServer({generation, live: false, now: manualClock().now});

	it('is where conversation_url and the AGENT_SERVER url point; GET answers the ConversationInfo', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		expect(c.conversation_url).toBe(`${server.agentUrl}/api/conversations/${c.id}`);
		const sandbox = (await get(server, `/api/v1/sandboxes?id=${c.sandbox_id}`)).json[0];
		expect(sandbox.exposed_urls[0]).toMatchObject({name: 'AGENT_SERVER', url: server.agentUrl});
		const info = await agent(server, `/api/conversations/${c.id}`, {key: c.session_api_key});
		expect(info.status).toBe(200);
		expect(info.json).toMatchObject({id: dashedOf(c.id), execution_status: 'waiting_for_confirmation', title: c.title});
		expect(info.json.metrics.accumulated_token_usage.prompt_tokens).toBeGreaterThan(0);
	});

	it('refuses a body over 1 MiB with 413, as the app server does (it was cut to 1 MiB and parsed)', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		const raw = JSON.stringify({role: 'user', content: [{type: 'text', text: 'x'.repeat(1 << 20)}]});
		const res = await agent(server, `/api/conversations/${c.id}/events`, {method: 'POST', key: c.session_api_key, raw});
		expect([res.status, res.text]).toEqual([413, 'Request Entity Too Large']);
	});

	it('wants the session key of the conversation’s sandbox: 401 without it or with another', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		const other = await byTitle(server, 'Add dark mode toggle');
		expect(other.session_api_key).not.toBe(c.session_api_key);
		for (const key of [null, 'wrong', other.session_api_key]) {
			const res = await agent(server, `/api/conversations/${c.id}/events/search`, {key});
			expect([res.status, res.text]).toEqual([401, '{"detail":"Unauthorized"}']);
		}
		// conversations sharing a sandbox share its key
		const sibling = await byTitle(server, 'Extract the auth service');
		expect((await agent(server, `/api/conversations/${sibling.id}`, {key: c.session_api_key})).status).toBe(200);
		// no such route: FastAPI's 404 before any key check
		expect((await agent(server, '/api/nothing-here')).status).toBe(404);
	});

	it('answers the documented 404/400s for a conversation it does not know', async () => {
		const server = await start();
		const {session_api_key: key} = await byTitle(server, 'Plan: split the monolith');
		const notFound = `{"detail":"Conversation not found: ${dashedOf(UNKNOWN)}"}`;
		expect((await agent(server, `/api/conversations/${UNKNOWN}/events/search`, {key})).text).toBe(notFound);
		expect((await agent(server, `/api/conversations/${UNKNOWN}/events`, {key, method: 'POST', body: {content: []}})).text).toBe(notFound);
		const respond = await agent(server, `/api/conversations/${UNKNOWN}/events/respond_to_confirmation`, {key, method: 'POST', body: {accept: true}});
		expect([respond.status, respond.text]).toEqual([404, notFound]);
		expect((await agent(server, `/api/conversations/${UNKNOWN}`, {key})).text).toBe('{"detail":"Not Found"}');
		const run = await agent(server, `/api/conversations/${UNKNOWN}/run`, {key, method: 'POST'});
		expect([run.status, run.text]).toEqual([404, '{"detail":"Not Found"}']);
		for (const [method, path] of [
			['POST', 'pause'],
			['DELETE', ''],
		] as const) {
			const res = await agent(server, `/api/conversations/${UNKNOWN}${path ? `/${path}` : ''}`, {key, method});
			expect([res.status, res.text]).toEqual([400, '{"detail":"Bad Request"}']);
		}
		const bad = await agent(server, '/api/conversations/nope/events/search', {key});
		expect(bad.status).toBe(422);
		expect(bad.json.detail[0]).toMatchObject({type: 'uuid_parsing', loc: ['path', 'conversation_id']});
	});

	it('pages events by event id (inclusive), with fully-qualified kind filters', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		const key = c.session_api_key;
		const all = await agentEvents(server, c);
		const app = (await get(server, generation === 'legacy' ? `/api/v1/events/count?conversation_id__eq=${c.id}` : `/api/v1/conversation/${c.id}/events/count`)).json;
		expect(all).toHaveLength(app);
		const first = await agent(server, `/api/conversations/${c.id}/events/search?limit=10`, {key});
		expect(first.json.items).toHaveLength(10);
		expect(first.json.next_page_id).toBe(all[10].id);
		const second = await agent(server, `/api/conversations/${c.id}/events/search?limit=10&page_id=${first.json.next_page_id}`, {key});
		expect(second.json.items[0].id).toBe(all[10].id);
		const bare = await agent(server, `/api/conversations/${c.id}/events/search?kind=MessageEvent`, {key});
		expect(bare.json.items).toEqual([]);
		const qualified = await agent(server, `/api/conversations/${c.id}/events/search?kind=openhands.sdk.event.llm_convertible.message.MessageEvent`, {key});
		expect(qualified.json.items.length).toBeGreaterThan(0);
		expect(qualified.json.items.every((e: any) => e.kind === 'MessageEvent')).toBe(true);
		const count = await agent(server, `/api/conversations/${c.id}/events/count?kind=openhands.sdk.event.llm_convertible.message.MessageEvent`, {key});
		expect(count.json).toBe(qualified.json.items.length);
		const over = await agent(server, `/api/conversations/${c.id}/events/search?limit=101`, {key});
		expect([over.status, over.text]).toEqual([500, 'Internal Server Error']);
		const one = await agent(server, `/api/conversations/${c.id}/events/${all[3].id}`, {key});
		expect(one.json).toEqual(all[3]);
	});

	it(generation === 'legacy' ? 'keeps null keys (SDK 1.1)' : 'drops null keys (SDK 1.37 exclude_none)', async () => {
		const server = await start();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const res = await agent(server, `/api/conversations/${c.id}/events/search`, {key: c.session_api_key});
		const action = res.json.items.find((e: any) => e.kind === 'ActionEvent' && e.tool_name === 'terminal');
		if (generation === 'legacy') {
			expect(nulls(res.json.items)).toContain(`.${res.json.items.indexOf(action)}.reasoning_content`);
			expect(action.action.kind).toBe('ExecuteBashAction');
			expect(action.action.timeout).toBeNull();
		} else {
			expect(nulls(res.json.items)).toEqual([]);
			expect(action.action.kind).toBe('TerminalAction');
			expect(action.action).not.toHaveProperty('timeout');
			expect(action).not.toHaveProperty('parent_id');
			expect(action.tool_call).toMatchObject({origin: 'completion'});
		}
	});

	it(generation === 'legacy' ? 'has no /interrupt (SDK 1.1)' : 'interrupts a running agent into paused', async () => {
		const server = await start();
		const c = await byTitle(server, 'Add dark mode toggle');
		const res = await agent(server, `/api/conversations/${c.id}/interrupt`, {key: c.session_api_key, method: 'POST'});
		if (generation === 'legacy') {
			expect([res.status, res.text]).toEqual([404, '{"detail":"Not Found"}']);
			return;
		}
		expect(res.text).toBe('{"success":true}');
		const events = await agentEvents(server, c);
		expect(events.slice(-2).map(e => [e.kind, e.value])).toEqual([
			['InterruptEvent', undefined],
			['ConversationStateUpdateEvent', 'paused'],
		]);
		expect((await byTitle(server, 'Add dark mode toggle')).execution_status).toBe('paused');
	});

	it('cannot be reached while the sandbox is not RUNNING: the connection is dropped', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		const key = c.session_api_key!;
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/pause`);
		expect((await byTitle(server, 'Plan: split the monolith')).execution_status).toBeNull();
		await expect(agent(server, `/api/conversations/${c.id}`, {key})).rejects.toThrow();
		// a key of a paused sandbox alone reaches nothing either
		await expect(agent(server, `/api/conversations?ids=${UNKNOWN}`, {key})).rejects.toThrow();
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/resume`);
		expect((await agent(server, `/api/conversations/${c.id}`, {key})).status).toBe(200);
		// a deleted sandbox: its conversations are MISSING and nothing answers for them
		const gone = await byTitle(server, 'Resolve issue #1287');
		expect(gone.sandbox_status).toBe('MISSING');
		await expect(agent(server, `/api/conversations/${gone.id}`, {key})).rejects.toThrow();
	});

	it('records its requests in the server’s request list, path as sent', async () => {
		const server = await start();
		const c = await byTitle(server, 'Plan: split the monolith');
		server.clearRequests();
		await agent(server, `/api/conversations/${c.id}/events/search?limit=5`, {key: c.session_api_key});
		expect(server.requests.map(r => [r.method, r.path, r.query])).toEqual([['GET', `/api/conversations/${c.id}/events/search`, 'limit=5']]);
	});
});
