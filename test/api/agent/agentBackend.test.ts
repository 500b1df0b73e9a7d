/** The client against a direct agent server (agent-server doc 3-8), over real HTTP on 127.0.0.1. */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {type AgentTarget, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {type AgentFixture, startAgentFixture} from '../../support/agentFixture.js';
import {isoformat} from '../../support/eventData.js';

const KEY = 'agent-key-Zq81x';
let server: AgentFixture;
let api: OpenHandsClient;

beforeEach(async () => {
	server = await startAgentFixture({key: KEY});
	api = createClient({baseUrl: server.url, apiKey: KEY});
	await api.serverInfo();
	server.seen.length = 0;
});
afterEach(async () => {
	await api.close();
	await server.close();
});

const target = (id: string, workingDir: string | null = null): AgentTarget => ({id, conversation_url: null, session_api_key: null, sandbox_id: '', working_dir: workingDir});

describe('conversations', () => {
	it('a list row: title, status, model, working directory, cost and tokens summed over usage_to_metrics, updated', async () => {
		server.add({
			id: 'a'.repeat(32),
			title: 'Fix the flaky tests',
			status: 'waiting_for_confirmation',
			model: 'anthropic/claude-sonnet-4-5',
			workingDir: '/home/me/app',
			updatedAt: '2026-11-25T11:17:59.814177Z',
			usage: {default: {cost: 0.25, prompt: 1000, completion: 200}, condenser: {cost: 0.05, prompt: 300, completion: 50}},
			policy: {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true},
		});
		const [row] = (await api.searchConversations({limit: 100})).items;
		expect(row).toMatchObject({
			id: 'a'.repeat(32),
			title: 'Fix the flaky tests',
			execution_status: 'waiting_for_confirmation',
			llm_model: 'anthropic/claude-sonnet-4-5',
			working_dir: '/home/me/app',
			updated_at: Date.parse('2026-11-25T11:17:59.814Z'),
			sandbox_id: '',
			sandbox_status: 'RUNNING',
			conversation_url: null,
			session_api_key: null,
			confirmation_policy: {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true},
		});
		expect(row!.metrics?.accumulated_cost).toBeCloseTo(0.3);
		expect(row!.metrics?.accumulated_token_usage).toMatchObject({prompt_tokens: 1300, completion_tokens: 250});
		expect(server.lines()).toEqual(['GET /api/conversations/search?limit=100']);
		expect(server.seen[0]!.headers['x-session-api-key']).toBe(KEY);
	});

	it('pages by the next page id; the batch get answers null for an unknown id; count is a bare integer', async () => {
		for (let i = 0; i < 3; i++) server.add({title: `c${i}`});
		const first = await api.searchConversations({limit: 2});
		expect(first.items.map(c => c.title)).toEqual(['c2', 'c1']);
		const second = await api.searchConversations({limit: 2, pageId: first.next_page_id});
		expect(second.items.map(c => c.title)).toEqual(['c0']);
		expect(second.next_page_id).toBeNull();
		const known = first.items[0]!.id;
		const got = await api.getConversations([known, 'f'.repeat(32)]);
		expect(got.map(c => c?.title ?? null)).toEqual(['c2', null]);
		expect(await api.countConversations()).toBe(3);
	});

	it('changed since: UPDATED_AT_DESC, what is older left out and the paging ended there', async () => {
		server.add({title: 'old', updatedAt: '2026-01-01T00:00:00.000000Z'});
		server.add({title: 'new', updatedAt: '2026-06-01T00:00:00.000000Z'});
		const page = await api.searchConversations({limit: 100, updatedAtGte: new Date('2026-03-01T00:00:00Z')});
		expect(page.items.map(c => c.title)).toEqual(['new']);
		expect(page.next_page_id).toBeNull();
		expect(server.seen[0]!.query.get('sort_order')).toBe('UPDATED_AT_DESC');
	});

	it('new: the saved settings read with X-Expose-Secrets: encrypted and sent back encrypted; the conversation comes back at once', async () => {
		const created = await api.createConversation({initialMessage: 'add a README', workingDir: '/home/me/app'});
		expect(created.kind).toBe('conversation');
		expect(created.kind === 'conversation' && created.conversation).toMatchObject({working_dir: '/home/me/app', llm_model: 'openai/gpt-4o'});
		expect(server.lines()).toEqual(['GET /api/settings', 'POST /api/conversations']);
		expect(server.seen[0]!.headers['x-expose-secrets']).toBe('encrypted');
		const body = JSON.parse(server.seen[1]!.body) as Record<string, unknown>;
		expect(body).toMatchObject({
			secrets_encrypted: true,
			workspace: {working_dir: '/home/me/app'},
			// confirmation on with the LLM analyzer → ConfirmRisky, as Agent Canvas maps it (doc 7.4)
			confirmation_policy: {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true},
			security_analyzer: {kind: 'LLMSecurityAnalyzer'},
			max_iterations: 500,
			initial_message: {role: 'user', content: [{type: 'text', text: 'add a README'}], run: true},
		});
		expect((body['agent_settings'] as {llm: {api_key: string}}).llm.api_key).toBe('gAAAAA-encrypted-key');
	});

	it('new without a working directory: refused before any request', async () => {
		await expect(api.createConversation({initialMessage: 'hi', workingDir: '  '})).rejects.toMatchObject({kind: 'validation', message: expect.stringMatching(/needs a working directory/)});
		expect(server.seen).toHaveLength(0);
	});

	it('delete: one request; an unknown conversation (its bare 400) is not_found', async () => {
		const c = server.add({title: 'bye'});
		await api.deleteConversation(c.id);
		expect(server.lines()).toEqual([`DELETE /api/conversations/${c.id}`]);
		expect(server.conversations.has(c.id)).toBe(false);
		await expect(api.deleteConversation(c.id)).rejects.toMatchObject({kind: 'not_found', message: expect.stringMatching(/does not know this conversation/)});
	});
});

describe('events', () => {
	it('the newest page, then a follow anchored at the newest event id (no time bound), storage order kept', async () => {
		const c = server.add({});
		const t0 = Date.parse('2026-11-25T11:19:13Z');
		for (let n = 0; n < 5; n++) c.events.push({id: `e${n}`, timestamp: isoformat(t0 + n * 10), source: 'agent', kind: 'MessageEvent'});
		// a stats update stored after an event newer than its own timestamp (doc 6.2)
		c.events.push({id: 'stats', timestamp: isoformat(t0 + 5), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'stats', value: {}});
		const newest = await api.searchEvents(c.id, {sortOrder: 'TIMESTAMP_DESC', limit: 3});
		expect(newest.items.map(e => e.id)).toEqual(['stats', 'e4', 'e3']);
		expect(newest.next_page_id).toBe('e2');
		const follow = await api.searchEvents(c.id, {sortOrder: 'TIMESTAMP', anchorEventId: 'e4', timestampGte: new Date(t0 + 40)});
		expect(follow.items.map(e => e.id)).toEqual(['e4', 'stats']);
		const query = server.seen[1]!.query;
		expect(query.get('page_id')).toBe('e4');
		expect(query.get('timestamp__gte')).toBeNull();
		await expect(api.searchEvents('b'.repeat(32))).rejects.toMatchObject({kind: 'not_found'});
	});
});

describe('driving', () => {
	it('message, pause, run, interrupt, accept, reject, policy: one POST each to the conversation, with its body', async () => {
		const c = server.add({status: 'idle'});
		const t = target(c.id);
		await api.sendMessage(t, 'go on');
		await api.controlAgent(t, 'pause');
		await api.controlAgent(t, 'run');
		await api.controlAgent(t, 'interrupt');
		await api.controlAgent(t, 'accept');
		await api.controlAgent(t, 'reject', 'not that one');
		await api.setConfirmationPolicy(t, {kind: 'AlwaysConfirm'});
		const base = `POST /api/conversations/${c.id}`;
		expect(server.lines()).toEqual([`${base}/events`, `${base}/pause`, `${base}/run`, `${base}/interrupt`, `${base}/events/respond_to_confirmation`, `${base}/events/respond_to_confirmation`, `${base}/confirmation_policy`]);
		expect(server.seen.map(r => r.body)).toEqual([
			'{"role":"user","content":[{"type":"text","text":"go on"}],"run":true}',
			'',
			'',
			'',
			'{"accept":true}',
			'{"accept":false,"reason":"not that one"}',
			'{"policy":{"kind":"AlwaysConfirm"}}',
		]);
		expect(server.seen.every(r => r.headers['x-session-api-key'] === KEY)).toBe(true);
		expect(c.policy).toEqual({kind: 'AlwaysConfirm'});
	});

	it('run while running: its 409 in words', async () => {
		const c = server.add({status: 'running'});
		await expect(api.controlAgent(target(c.id), 'run')).rejects.toMatchObject({status: 409, message: expect.stringMatching(/^the agent is already running \(409\)/)});
	});

	it('an agent server before 1.6.0: a reject is refused unsent (it would only pause, issue 21 item 1); before 1.23.0 no interrupt', async () => {
		await api.close();
		server.version = '1.5.2';
		api = createClient({baseUrl: server.url, apiKey: KEY});
		const c = server.add({status: 'waiting_for_confirmation'});
		const error = await api.controlAgent(target(c.id), 'reject', 'no').catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'unsupported', message: expect.stringMatching(/^this agent server \(1\.5\.2\) cannot reject an action: .*nothing was sent/)});
		await expect(api.controlAgent(target(c.id), 'interrupt')).rejects.toMatchObject({kind: 'unsupported', message: expect.stringMatching(/no interrupt/)});
		expect(server.seen.filter(r => r.method === 'POST')).toHaveLength(0);
		// pause and accept still go
		await api.controlAgent(target(c.id), 'pause');
		expect((await api.agentFacts(target(c.id))).rejects).toBe(false);
	});
});

describe('settings', () => {
	it('the agent server\'s settings and profiles into the one model; secrets only as set / not set', async () => {
		const settings = await api.getSettings();
		expect(server.lines()).toEqual(['GET /api/settings', 'GET /api/profiles']);
		expect(settings).toMatchObject({
			shape: 'agent',
			llm: {model: 'openai/gpt-4o', apiKeySet: true},
			agent: {kind: 'openhands', agentClass: 'CodeActAgent'},
			conversation: {maxIterations: 500, confirmationMode: true, securityAnalyzer: 'llm'},
			condenser: {enabled: true, maxSize: 240, kind: 'llm_summarizing'},
			llmProfiles: {active: 'fast', profiles: [{name: 'fast', model: 'openai/gpt-4o-mini', apiKeySet: true}]},
			language: 'en',
			git: {userName: 'octo'},
		});
		expect(settings?.mcpServers?.map(m => m.name)).toEqual(['fetch']);
		expect(JSON.stringify(settings)).not.toContain('**********');
	});
});

describe('workspace', () => {
	it('git changes of the working directory, one file\'s texts; the socket address for the live transport', async () => {
		const c = server.add({workingDir: '/home/me/app', git: {'src/a.ts': ['one\n', 'one\ntwo\n'], 'NEW.md': [null, '# new\n']}});
		const changes = await api.gitChanges(target(c.id, '/home/me/app'));
		expect(changes).toEqual({workingDir: '/home/me/app', files: [{path: 'src/a.ts', status: 'UPDATED'}, {path: 'NEW.md', status: 'ADDED'}]});
		expect(await api.gitDiff(target(c.id), '/home/me/app', 'src/a.ts')).toEqual({original: 'one\n', modified: 'one\ntwo\n'});
		expect(server.lines()).toEqual(['GET /api/git/changes?path=%2Fhome%2Fme%2Fapp', 'GET /api/git/diff?path=%2Fhome%2Fme%2Fapp%2Fsrc%2Fa.ts']);
		// not known on the row: read from the conversation first
		server.seen.length = 0;
		await api.gitChanges(target(c.id));
		expect(server.lines()).toEqual([`GET /api/conversations/${c.id}`, 'GET /api/git/changes?path=%2Fhome%2Fme%2Fapp']);
		const socket = await api.eventSocket(target(c.id));
		expect(socket).toEqual({url: `${server.url.replace('http:', 'ws:')}/sockets/events/${c.id}`, key: KEY, headers: {'x-session-api-key': KEY}});
	});
});
