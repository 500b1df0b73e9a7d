import {describe, expect, it} from 'vitest';
import {UTC_Z} from '../helpers.js';
import {allEvents, byTitle, call, conversations, DASHED, startAgent, UNKNOWN, UNKNOWN_DASHED} from './helpers.js';

const AGENT_SETTINGS = {llm: {model: 'openai/gpt-4o', api_key: 'sk-test'}};

describe('agent server stand-in: conversations (§4; §10 items 6-13)', () => {
	it('seeds believable conversations: one running, one waiting for confirmation, one finished, each in its working directory', async () => {
		const server = await startAgent();
		const items = await conversations(server);
		const statuses = items.map(c => c.execution_status);
		for (const status of ['running', 'waiting_for_confirmation', 'finished', 'idle', 'paused', 'error', 'stuck']) expect(statuses).toContain(status);
		for (const c of items) {
			expect(c.id).toMatch(DASHED);
			expect(c.workspace).toEqual({working_dir: expect.stringMatching(/^\/home\/dev\//), kind: 'LocalWorkspace'});
			expect(c.created_at).toMatch(UTC_Z);
			expect(c.metrics).toBeNull();
		}
		const waiting = items.find(c => c.execution_status === 'waiting_for_confirmation')!;
		expect(waiting.confirmation_policy).toEqual({threshold: 'HIGH', confirm_unknown: true, kind: 'ConfirmRisky'});
	});

	it('the idle conversation has a short story: asked, worked, a risky action rejected (status first, as live), then it waits', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Bump dependencies');
		expect(c.execution_status).toBe('idle');
		const events = await allEvents(server, c.id);
		const kinds = events.map(e => (e.kind === 'ConversationStateUpdateEvent' ? `${e.key}=${typeof e.value === 'string' ? e.value : '…'}` : e.kind));
		expect(kinds.slice(0, 4)).toEqual(['SystemPromptEvent', 'MessageEvent', 'last_user_message_id=' + events[1].id, 'execution_status=running']);
		expect(events[1]).toMatchObject({source: 'user', llm_message: {role: 'user', content: [{text: expect.stringContaining('Bump dependencies and fix deprecation warnings')}]}});
		expect(kinds).toContain('ActionEvent');
		expect(kinds).toContain('ObservationEvent');
		// a malformed tool call it got wrong and carried on from; never a failed model call (that ends a run)
		const slips = events.filter(e => e.kind === 'AgentErrorEvent');
		expect(slips.length).toBeGreaterThan(0);
		for (const slip of slips) expect(slip.error).toMatch(/^Error validating args .* for tool 'terminal'/);
		// the reinstall it wanted to run waited, and the user said no: the status goes idle, then the rejection
		const waiting = kinds.lastIndexOf('execution_status=waiting_for_confirmation');
		const risky = events.findLastIndex(e => e.kind === 'ActionEvent');
		expect(events[risky].action.command).toContain('pip install --upgrade');
		expect(waiting).toBeGreaterThan(risky);
		expect(kinds.slice(-2)).toEqual(['execution_status=idle', 'UserRejectObservation']);
		expect(events.at(-1)).toMatchObject({source: 'environment', action_id: events[risky].id, rejection_reason: expect.any(String), rejection_source: 'user'});
		// its last event is its last update, a couple of minutes ago
		const lastUs = Date.parse(`${events.at(-1).timestamp}Z`);
		expect(Math.abs(lastUs - Date.parse(c.updated_at))).toBeLessThan(60_000);
		expect(c.last_user_message_id).toBe(events[1].id);
	});

	it('lists ConversationInfo with nulls, keys in the server’s order, the model in agent.llm and cost and tokens in stats', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		expect(Object.keys(c)).toEqual([
			'id', 'workspace', 'persistence_dir', 'max_iterations', 'stuck_detection', 'execution_status', 'confirmation_policy', 'security_analyzer',
			'activated_knowledge_skills', 'invoked_skills', 'blocked_actions', 'blocked_messages', 'last_user_message_id', 'leaf_event_id', 'stats',
			'secret_registry', 'agent_state', 'hook_config', 'title', 'metrics', 'created_at', 'updated_at', 'forked_from_conversation_id',
			'forked_from_event_id', 'parent_conversation_id', 'sub_conversation_ids', 'tags', 'current_model_id', 'available_models',
			'supports_runtime_model_switch', 'launched_agent_profile', 'agent', 'client_tools',
		]);
		expect(c.security_analyzer).toBeNull();
		expect(c.agent.llm).toMatchObject({model: 'anthropic/claude-sonnet-4-5-20250929', api_key: null, usage_id: 'agent'});
		expect(c.agent.kind).toBe('Agent');
		const usage = c.stats.usage_to_metrics.agent;
		expect(usage.accumulated_cost).toBeGreaterThan(0);
		expect(usage.accumulated_token_usage.prompt_tokens).toBeGreaterThan(usage.accumulated_token_usage.completion_tokens);
		const events = await allEvents(server, c.id);
		expect(c.leaf_event_id).toBe(events.at(-1).id);
		expect(c.last_user_message_id).toBe(events.filter(e => e.kind === 'MessageEvent' && e.source === 'user').at(-1).id);
	});

	it('searches newest first by default, pages by the next item’s hex id, restarts on an unknown page id, filters by status', async () => {
		const server = await startAgent();
		const all = await conversations(server);
		const created = all.map(c => c.created_at);
		expect([...created].sort().reverse()).toEqual(created);
		const first = await call(server, '/api/conversations/search?limit=3');
		expect(first.json.items).toHaveLength(3);
		expect(first.json.next_page_id).toBe(all[3]!.id.replaceAll('-', ''));
		const second = await call(server, `/api/conversations/search?limit=3&page_id=${first.json.next_page_id}`);
		expect(second.json.items.map((c: {id: string}) => c.id)).toEqual(all.slice(3, 6).map(c => c.id));
		const restart = await call(server, `/api/conversations/search?limit=2&page_id=${UNKNOWN}`);
		expect(restart.json.items[0].id).toBe(all[0]!.id);
		const byUpdate = (await call(server, '/api/conversations/search?sort_order=UPDATED_AT')).json.items.map((c: {updated_at: string}) => c.updated_at);
		expect([...byUpdate].sort()).toEqual(byUpdate);
		const finished = (await call(server, '/api/conversations/search?status=finished')).json.items;
		expect(finished.length).toBeGreaterThan(0);
		expect(finished.every((c: {execution_status: string}) => c.execution_status === 'finished')).toBe(true);
		expect((await call(server, '/api/conversations/count?status=finished')).text).toBe(String(finished.length));
		expect((await call(server, '/api/conversations/count')).text).toBe(String(all.length));
	});

	it('trips on limit=101 with a 500 carrying an error_id (lte is not enforced), 422 on limit=0 and an unknown status', async () => {
		const server = await startAgent();
		const over = await call(server, '/api/conversations/search?limit=101');
		expect(over.status).toBe(500);
		expect(Object.keys(over.json)).toEqual(['detail', 'exception', 'error_id']);
		expect(over.json).toMatchObject({detail: 'Internal Server Error', exception: ''});
		expect(over.json.error_id).toMatch(/^[0-9a-f]{32}$/);
		expect((await call(server, '/api/conversations/search?limit=0')).json.detail[0]).toMatchObject({type: 'greater_than', loc: ['query', 'limit']});
		expect((await call(server, '/api/conversations/search?status=done')).status).toBe(422);
	});

	it('gets one by dashed or hex id (404 Not Found when unknown, 422 when no UUID) and a batch in request order with nulls', async () => {
		const server = await startAgent();
		const [a, b] = await conversations(server);
		expect((await call(server, `/api/conversations/${a!.id}`)).json.id).toBe(a!.id);
		expect((await call(server, `/api/conversations/${a!.id.replaceAll('-', '')}`)).json.id).toBe(a!.id);
		const missing = await call(server, `/api/conversations/${UNKNOWN}`);
		expect([missing.status, missing.text]).toEqual([404, '{"detail":"Not Found"}']);
		expect((await call(server, '/api/conversations/not-a-uuid')).json.detail[0].type).toBe('uuid_parsing');
		const batch = await call(server, `/api/conversations?ids=${b!.id}&ids=${UNKNOWN}&ids=${a!.id}`);
		expect(batch.json.map((c: {id: string} | null) => c?.id ?? null)).toEqual([b!.id, null, a!.id]);
	});

	it('creates a conversation (201, idle, no title, no event) and answers 200 with it when the id is taken', async () => {
		const server = await startAgent();
		const body = {agent_settings: AGENT_SETTINGS, workspace: {working_dir: '/home/dev/src/new-thing'}, conversation_id: UNKNOWN_DASHED};
		const created = await call(server, '/api/conversations', {method: 'POST', body});
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({id: UNKNOWN_DASHED, execution_status: 'idle', title: null, metrics: null, workspace: {working_dir: '/home/dev/src/new-thing'}});
		expect(created.json.agent.llm).toMatchObject({model: 'openai/gpt-4o', api_key: null, usage_id: 'default'});
		expect(created.text).not.toContain('sk-test');
		expect(created.json.confirmation_policy).toEqual({kind: 'NeverConfirm'});
		expect((await call(server, `/api/conversations/${UNKNOWN}/events/count`)).text).toBe('0');
		const again = await call(server, '/api/conversations', {method: 'POST', body});
		expect([again.status, again.json.id]).toEqual([200, UNKNOWN_DASHED]);
	});

	it('runs the initial_message whatever its run field says, and titles the conversation from it', async () => {
		const server = await startAgent();
		const text = 'Please make the CSV export keep unicode characters intact when Excel opens the file';
		const created = await call(server, '/api/conversations', {
			method: 'POST',
			body: {agent_settings: AGENT_SETTINGS, workspace: {working_dir: '/tmp/w'}, initial_message: {role: 'user', content: [{type: 'text', text}], run: false}},
		});
		expect(created.status).toBe(201);
		expect(created.json.execution_status).toBe('running');
		expect(created.json.title).toBe(`${text.slice(0, 47)}...`);
		const events = await allEvents(server, created.json.id);
		expect(events.map(e => e.kind).slice(0, 2)).toEqual(['SystemPromptEvent', 'MessageEvent']);
		expect(events.slice(2).map(e => [e.key, e.value])).toEqual([['last_user_message_id', events[1].id], ['execution_status', 'running']]);
	});

	it('refuses a start request without workspace or agent, or with both agent and profile (422)', async () => {
		const server = await startAgent();
		const post = (body: unknown) => call(server, '/api/conversations', {method: 'POST', body});
		expect((await post({agent_settings: AGENT_SETTINGS})).json.detail[0]).toMatchObject({type: 'missing', loc: ['body', 'workspace']});
		const none = await post({workspace: {working_dir: '/w'}});
		expect(none.json.detail[0]).toMatchObject({type: 'value_error', msg: 'Value error, One of `agent`, `agent_settings`, or `agent_profile_id` must be provided'});
		const both = await post({workspace: {working_dir: '/w'}, agent_settings: AGENT_SETTINGS, agent_profile_id: UNKNOWN});
		expect(both.json.detail[0].msg).toContain('mutually exclusive');
		expect((await post({workspace: {working_dir: '/w'}, agent_settings: {llm: {}}})).status).toBe(422);
		expect((await post({workspace: {working_dir: '/w'}, agent_settings: AGENT_SETTINGS, confirmation_policy: {kind: 'Sometimes'}})).status).toBe(422);
		expect((await post({workspace: {working_dir: '/w'}, agent_profile_id: UNKNOWN})).status).toBe(404);
	});

	it('deletes (400 Bad Request when unknown) and renames (200 success:false when unknown)', async () => {
		const server = await startAgent();
		const [a] = await conversations(server);
		const renamed = await call(server, `/api/conversations/${a!.id}`, {method: 'PATCH', body: {title: 'A better title'}});
		expect(renamed.text).toBe('{"success":true}');
		expect((await call(server, `/api/conversations/${a!.id}`)).json.title).toBe('A better title');
		expect((await call(server, `/api/conversations/${UNKNOWN}`, {method: 'PATCH', body: {title: 'x'}})).text).toBe('{"success":false}');
		expect((await call(server, `/api/conversations/${a!.id}`, {method: 'DELETE'})).text).toBe('{"success":true}');
		expect((await call(server, `/api/conversations/${a!.id}`)).status).toBe(404);
		const again = await call(server, `/api/conversations/${a!.id}`, {method: 'DELETE'});
		expect([again.status, again.text]).toEqual([400, '{"detail":"Bad Request"}']);
	});
});
