import {appServerInfo} from '../../support/serverInfo.js';
import {describe, expect, it} from 'vitest';
import {controlAgent, sendMessage} from '../../../source/api/app/agentControl.js';
import {createAgentServers} from '../../../source/api/agent/agentServer.js';
import type {AgentTarget, Generation} from '../../../source/api/client.js';
import type {ApiContext} from '../../../source/api/context.js';
import {activityContexts} from '../../support/activityContext.js';
import type {ActivityServer} from '../../support/activityServer.js';
import {deadPort, sendJson, startTestServer} from '../testServer.js';

const CONV = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEY = 'sess-key-7f3a9c';

const contexts = activityContexts();
let server: ActivityServer;

async function open(generation: Generation, sandboxStatus = 'RUNNING', execution = 'idle'): Promise<ApiContext> {
	const opened = await contexts.open(generation);
	server = opened.server;
	server.sandboxes.set('sb1', {id: 'sb1', status: sandboxStatus, key: KEY});
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb1', title: 'fix tests', execution, events: []});
	return opened.ctx;
}

/** what the app server lists for the conversation (conversation_url and key only while RUNNING) */
async function target(): Promise<AgentTarget> {
	const response = await fetch(`${server.url}/api/v1/app-conversations?ids=${CONV}`);
	const [conversation] = (await response.json()) as AgentTarget[];
	server.seen.length = 0;
	return conversation!;
}

function expectNoKey(error: unknown): void {
	expect(String((error as Error).message)).not.toContain(KEY);
}

describe('sendMessage', () => {
	it('legacy: one POST to the agent server with the session key; the app server sees nothing', async () => {
		const c = await open('legacy');
		await sendMessage(c, await target(), 'please also run the linter');
		expect(server.lines()).toEqual([`agent POST /api/conversations/${CONV}/events`]);
		const request = server.seen[0]!;
		expect(request.headers['x-session-api-key']).toBe(KEY);
		expect(JSON.parse(request.body)).toEqual({role: 'user', content: [{type: 'text', text: 'please also run the linter'}], run: true});
		expect(server.conversations.get(CONV)!.events.map(e => e.kind)).toEqual(['MessageEvent', 'ConversationStateUpdateEvent']);
	});

	it('current: one POST to the app server send-message route', async () => {
		const c = await open('current');
		await sendMessage(c, await target(), 'hello');
		expect(server.lines()).toEqual([`POST /api/v1/app-conversations/${CONV}/send-message`]);
		expect(JSON.parse(server.seen[0]!.body)).toEqual({role: 'user', content: [{type: 'text', text: 'hello'}], run: true});
	});

	it.each([
		['PAUSED', 'the sandbox is paused: resume it first (409)'],
		['STARTING', 'the sandbox is still starting: send again once it runs (409)'],
		['ERROR', 'the sandbox is in an error state and cannot take messages (503)'],
		['MISSING', 'the sandbox no longer exists: the conversation is archived (410)'],
	])('current: a %s sandbox is one clear line', async (status, text) => {
		const c = await open('current');
		const t = await target();
		server.sandboxes.get('sb1')!.status = status;
		await expect(sendMessage(c, t, 'hi')).rejects.toMatchObject({message: expect.stringContaining(text)});
		expect(server.seen).toHaveLength(1);
	});

	it('current: an unknown conversation', async () => {
		const c = await open('current');
		const t = {...(await target()), id: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'};
		await expect(sendMessage(c, t, 'hi')).rejects.toMatchObject({kind: 'not_found', message: expect.stringMatching(/^the server does not know this conversation \(404\)/)});
	});

	it('legacy: a paused sandbox has no agent server address: no request at all', async () => {
		const c = await open('legacy', 'PAUSED');
		const t = await target();
		expect(t.conversation_url).toBeNull();
		await expect(sendMessage(c, t, 'hi')).rejects.toMatchObject({message: expect.stringMatching(/no agent server address: its sandbox is not running/)});
		expect(server.seen).toHaveLength(0);
	});

	it('a wrong session key: says so, never shows it', async () => {
		const c = await open('legacy');
		const t = {...(await target()), session_api_key: `${KEY}-old`};
		const error = await sendMessage(c, t, 'hi').catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'unauthorized', message: expect.stringMatching(/refused the sandbox's session key \(401\)/)});
		expect(String((error as Error).message)).not.toContain('sess-key');
	});
});

describe('controlAgent', () => {
	it.each<Generation>(['legacy', 'current'])('%s: pause, run, accept and reject go to the agent server with their bodies', async generation => {
		const c = await open(generation, 'RUNNING', 'running');
		const t = await target();
		await controlAgent(c, t, 'pause');
		await controlAgent(c, t, 'run');
		await controlAgent(c, t, 'accept');
		await controlAgent(c, t, 'reject', '  do not delete the fixtures ');
		await controlAgent(c, t, 'reject');
		const base = `agent POST /api/conversations/${CONV}`;
		expect(server.lines()).toEqual([
			`${base}/pause`,
			`${base}/run`,
			`${base}/events/respond_to_confirmation`,
			// before the first reject, once per origin: can this agent server reject? (issue 21 item 1)
			'agent GET /server_info',
			`${base}/events/respond_to_confirmation`,
			`${base}/events/respond_to_confirmation`,
		]);
		const posts = server.seen.filter(r => r.method === 'POST');
		expect(posts.map(r => r.body)).toEqual(['', '', '{"accept":true}', '{"accept":false,"reason":"do not delete the fixtures"}', '{"accept":false}']);
		expect(posts.every(r => r.headers['x-session-api-key'] === KEY)).toBe(true);
		// the public route gets no key
		expect(server.seen.find(r => r.path === '/server_info')!.headers['x-session-api-key']).toBeUndefined();
	});

	it('run while the agent runs: "the agent is already running"', async () => {
		const c = await open('legacy', 'RUNNING', 'running');
		await expect(controlAgent(c, await target(), 'run')).rejects.toMatchObject({kind: 'validation', status: 409, message: expect.stringMatching(/^the agent is already running \(409\)/)});
	});

	it('pause of a conversation the agent server does not know (its bare 400)', async () => {
		const c = await open('legacy');
		const t = {...(await target())};
		t.conversation_url = t.conversation_url!.replace(CONV, 'cccccccccccccccccccccccccccccccc');
		await expect(controlAgent(c, t, 'pause')).rejects.toMatchObject({message: expect.stringMatching(/does not know this conversation \(400\)/)});
		await expect(controlAgent(c, t, 'accept')).rejects.toMatchObject({kind: 'not_found', message: expect.stringMatching(/does not know this conversation \(404\)/)});
	});

	it('an agent server that is down: not reachable from here, and why', async () => {
		const c = await open('legacy');
		const port = await deadPort();
		const t = {...(await target()), conversation_url: `http://127.0.0.1:${port}/api/conversations/${CONV}`};
		await expect(controlAgent(c, t, 'pause')).rejects.toMatchObject({
			kind: 'unreachable',
			message: expect.stringMatching(new RegExp(`^the agent server at 127\\.0\\.0\\.1:${port} is not reachable from here: connection refused`)),
		});
	});

	it('a server far away that advertises a local agent address: refused before any request, the key kept', async () => {
		const listener = await startTestServer();
		try {
			const agents = createAgentServers({baseUrl: 'https://openhands.example.com'});
			const remote: ApiContext = {http: (await open('legacy')).http, agents, server: async () => appServerInfo('legacy', null, 'session')};
			const t: AgentTarget = {id: CONV, sandbox_id: 'sb1', session_api_key: KEY, conversation_url: `http://localhost:${listener.port}/api/conversations/${CONV}`};
			const error = await sendMessage(remote, t, 'hi').catch((e: unknown) => e);
			expect((error as Error).message).toMatch(
				new RegExp(`^the agent server at localhost:${listener.port} is not reachable from here: the server advertises a local address \\(ohtui talks to openhands\\.example\\.com\\)`),
			);
			expectNoKey(error);
			expect(listener.seen).toHaveLength(0);
			await agents.close();
		} finally {
			await listener.close();
		}
	});

	it('a server detail that echoes the session key is scrubbed; a path prefix in conversation_url is kept', async () => {
		const agent = await startTestServer();
		try {
			const c = await open('legacy');
			agent.handle((_r, res) => sendJson(res, 500, {detail: `session ${KEY} expired`}));
			const t: AgentTarget = {id: CONV, sandbox_id: 'sb1', session_api_key: KEY, conversation_url: `${agent.url}/runtime/42/api/conversations/${CONV}`};
			const error = await controlAgent(c, t, 'run').catch((e: unknown) => e);
			expect((error as Error).message).toMatch(/^server error \(500\): session \*\*\* expired/);
			expectNoKey(error);
			expect(agent.seen[0]?.path).toBe(`/runtime/42/api/conversations/${CONV}/run`);
		} finally {
			await agent.close();
		}
	});
});

describe('agent addresses', () => {
	it('knows loopback hosts', async () => {
		const {isLoopbackHost} = await import('../../../source/api/agent/loopback.js');
		for (const host of ['localhost', 'LOCALHOST', 'sandbox.localhost', '127.0.0.1', '127.3.2.1', '[::1]', '::1', '0.0.0.0']) expect(isLoopbackHost(host), host).toBe(true);
		for (const host of ['10.0.0.1', '172.17.0.2', 'example.com', 'runtime', 'localhost.example.com']) expect(isLoopbackHost(host), host).toBe(false);
	});

	it('explains an unreachable private or container address', async () => {
		const {unreachableAgent} = await import('../../../source/api/agent/agentErrors.js');
		const {ApiError} = await import('../../../source/api/errors.js');
		const ctx = {operation: 'POST /api/conversations/x/pause', host: '172.17.0.3:8000', apiKey: KEY};
		const refused = new ApiError({kind: 'unreachable', message: 'cannot reach 172.17.0.3:8000 (connection refused) (POST /api/conversations/x/pause)'});
		expect(unreachableAgent(refused, ctx, '172.17.0.3:8000', '172.17.0.3').message).toBe(
			'the agent server at 172.17.0.3:8000 is not reachable from here: connection refused; the server advertises a private address (172.17.0.3), reachable only from its own network (POST /api/conversations/x/pause)',
		);
		const timeout = new ApiError({kind: 'timeout', message: 'cannot connect to runtime:8000 within 5 s (POST /x)'});
		expect(unreachableAgent(timeout, ctx, 'runtime:8000', 'runtime').message).toMatch(
			/^the agent server at runtime:8000 is not reachable from here: cannot connect to runtime:8000 within 5 s; the server advertises a container host name \(runtime\)/,
		);
		const late = new ApiError({kind: 'timeout', message: 'server did not answer within 60 s (POST /x)'});
		expect(unreachableAgent(late, ctx, 'runtime:8000', 'runtime').message).toBe(
			'the agent server at runtime:8000 did not answer within 60 s (POST /api/conversations/x/pause)',
		);
		const refusedByServer = new ApiError({kind: 'validation', message: 'x'});
		expect(unreachableAgent(refusedByServer, ctx, 'a', 'a')).toBe(refusedByServer);
	});
});
