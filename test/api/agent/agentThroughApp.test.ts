/**
 * An app server's conversation on its agent server (decision 2: the same routes module), through its
 * `conversation_url` and the sandbox's `session_api_key`: the version (issue 21 item 1), the policy
 * and working directory it reports, git changes, the socket address. Both app-server generations.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {type AgentTarget, createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {type AgentFixture, startAgentFixture} from '../../support/agentFixture.js';
import {startGenerationServer} from '../generationServers.js';
import type {TestServer} from '../testServer.js';

const SESSION = 'sandbox-session-4f2a';
const APP_KEY = 'app-key-991';
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async item => item.close()));
});

async function setup(flavour: 'legacy' | 'current', version = '1.37.1'): Promise<{app: TestServer; agent: AgentFixture; api: OpenHandsClient}> {
	const app = await startGenerationServer({flavour, apiKey: APP_KEY});
	const agent = await startAgentFixture({key: SESSION, version});
	const api = createClient({baseUrl: app.url, apiKey: APP_KEY});
	open.push(app, agent, api);
	return {app, agent, api};
}

const targetAt = (agent: AgentFixture, id: string, prefix = ''): AgentTarget => ({
	id,
	conversation_url: `${agent.url}${prefix}/api/conversations/${id}`,
	session_api_key: SESSION,
	sandbox_id: 'sb1',
});

describe.each(['legacy', 'current'] as const)('%s app server: its conversation on its agent server', flavour => {
	it('facts: the version once per origin (no key), the conversation with the sandbox key; the app server sees none of it', async () => {
		const {app, agent, api} = await setup(flavour);
		const c = agent.add({workingDir: '/workspace/project/hello', policy: {kind: 'AlwaysConfirm'}});
		const facts = await api.agentFacts(targetAt(agent, c.id));
		expect(facts).toMatchObject({version: '1.37.1', rejects: true, interrupts: true});
		expect(facts.conversation).toMatchObject({working_dir: '/workspace/project/hello', confirmation_policy: {kind: 'AlwaysConfirm'}});
		await api.agentFacts(targetAt(agent, c.id));
		expect(agent.lines().filter(l => l === 'GET /server_info')).toHaveLength(1);
		expect(agent.seen.find(r => r.path === '/server_info')!.headers['x-session-api-key']).toBeUndefined();
		for (const r of agent.seen.filter(r => r.path !== '/server_info')) expect(r.headers['x-session-api-key']).toBe(SESSION);
		// the app server's key never goes to the agent server, the session key never to the app server
		expect(agent.seen.some(r => JSON.stringify(r.headers).includes(APP_KEY))).toBe(false);
		expect(app.seen.some(r => JSON.stringify(r.headers).includes(SESSION))).toBe(false);
	});

	it('an agent server before 1.6.0 (what November-2025 servers launch): a reject is refused unsent and says why', async () => {
		const {agent, api} = await setup(flavour, '1.1.0');
		const c = agent.add({status: 'waiting_for_confirmation'});
		const error = await api.controlAgent(targetAt(agent, c.id), 'reject', 'do not').catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'unsupported', message: expect.stringMatching(/^this agent server \(1\.1\.0\) cannot reject an action: before SDK 1\.6\.0 a reject only pauses/)});
		expect(agent.seen.filter(r => r.method === 'POST')).toHaveLength(0);
		expect((await api.agentFacts(targetAt(agent, c.id))).rejects).toBe(false);
	});

	it('git changes at the working directory the agent server reports; the diff of one file', async () => {
		const {agent, api} = await setup(flavour);
		const c = agent.add({workingDir: '/workspace/project/hello', git: {'app.py': ['a\n', 'b\n']}});
		const changes = await api.gitChanges(targetAt(agent, c.id));
		expect(changes.files).toEqual([{path: 'app.py', status: 'UPDATED'}]);
		expect(await api.gitDiff(targetAt(agent, c.id), changes.workingDir, 'app.py')).toEqual({original: 'a\n', modified: 'b\n'});
	});

	it('an agent server mounted under a prefix: the socket address keeps it, with the sandbox key', async () => {
		const {agent, api} = await setup(flavour);
		const socket = await api.eventSocket(targetAt(agent, 'c'.repeat(32), '/runtime/abc'));
		expect(socket).toEqual({url: `${agent.url.replace('http:', 'ws:')}/runtime/abc/sockets/events/${'c'.repeat(32)}`, key: SESSION, headers: {'x-session-api-key': SESSION}});
	});

	it('a stopped sandbox (no address): no request, one line', async () => {
		const {agent, api} = await setup(flavour);
		const target: AgentTarget = {id: 'd'.repeat(32), conversation_url: null, session_api_key: null, sandbox_id: 'sb1'};
		await expect(api.gitChanges(target)).rejects.toMatchObject({message: expect.stringMatching(/no agent server address: its sandbox is not running/)});
		expect(agent.seen).toHaveLength(0);
	});
});
