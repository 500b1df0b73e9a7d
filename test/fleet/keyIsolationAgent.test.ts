/**
 * A key never goes to another server than its own (issue 16 §2), with an agent server in the fleet:
 * an app server and an agent server side by side over real HTTP and WebSocket, each with its own
 * key, and every action on the agent server's conversations (events and their socket, a message,
 * pause, run, a new conversation, a delete). Each stand-in records what every request carried.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {createFleet, type LocalFleet} from '../../source/fleet/createFleet.js';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {RequestRecord, StandInServer} from '../../source/server/types.js';
import {createStore} from '../../source/store/createStore.js';

const APP_KEY = 'app-key-Jj11Kk22Ll33';
const AGENT_KEY = 'agent-key-Mm44Nn55Oo66';

let app: StandInServer;
let agent: AgentServerStandIn;
let clients: OpenHandsClient[];
let fleet: LocalFleet;

const carried = (request: RequestRecord) => [request.credentials?.session, request.credentials?.bearer].filter((value): value is string => Boolean(value));

async function until(check: () => boolean, what: string): Promise<void> {
	const deadline = Date.now() + 15_000;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		// eslint-disable-next-line no-await-in-loop
		await new Promise(resolve => setTimeout(resolve, 20));
	}
}

beforeAll(async () => {
	app = await startStandInServer({rateLimit: false, live: false, bootMs: 0, apiKey: APP_KEY});
	agent = await startAgentServerStandIn({apiKey: AGENT_KEY});
	clients = [createClient({baseUrl: app.url, apiKey: APP_KEY, auth: 'auto'}), createClient({baseUrl: agent.url, apiKey: AGENT_KEY, auth: 'auto'})];
	fleet = createFleet(
		(['app', 'agent'] as const).map((name, i) => ({
			name,
			label: name,
			createStore: visible => createStore(clients[i]!, {refreshMs: 500, visible}),
		})),
	);
	fleet.start();
});

afterAll(async () => {
	fleet.dispose();
	await Promise.all(clients.map(async client => client.close()));
	await app.close();
	await agent.close();
});

describe('an app server and an agent server, two keys, one fleet', () => {
	it('every action on the agent server reaches it with its key; no key reaches the other server', async () => {
		await until(() => (fleet.getSnapshot().conversations.data ?? []).filter(c => c.server === 'agent').length >= 3, "the agent server's conversations");
		const mine = (fleet.getSnapshot().conversations.data ?? []).filter(c => c.server === 'agent');
		const running = mine.find(c => c.execution_status === 'running') ?? mine[0]!;
		const other = mine.find(c => c.id !== running.id)!;
		const ref = (id: string) => ({server: 'agent', id});

		fleet.openActivity(ref(running.id));
		await until(() => agent.requests.some(r => r.path.includes(running.id) && r.path.includes('events')), 'the events');
		fleet.sendMessage(ref(running.id), 'hello agent');
		await until(() => agent.requests.some(r => r.method === 'POST' && r.path.includes(running.id) && /events|message/.test(r.path)), 'the message');
		fleet.controlAgent(ref(running.id), 'pause');
		await until(() => agent.requests.some(r => r.method === 'POST' && r.path.endsWith(`${running.id}/pause`)), 'the pause');
		await until(() => !fleet.getSnapshot().pending.some(p => p.kind === 'agent'), 'the pause to end');
		fleet.controlAgent(ref(running.id), 'run');
		await until(() => agent.requests.some(r => r.method === 'POST' && r.path.endsWith(`${running.id}/run`)), 'the run');
		fleet.closeActivity();
		fleet.createConversation('agent', {initialMessage: 'a new task', workingDir: '/tmp'});
		await until(() => agent.requests.some(r => r.method === 'POST' && /\/api\/conversations$/.test(r.path)), 'the new conversation');
		fleet.deleteConversation(ref(other.id));
		await until(() => agent.requests.some(r => r.method === 'DELETE' && r.path.includes(other.id)), 'the delete');

		// the agent server: its own key on every request that carried one, and at least on the actions
		for (const request of agent.requests) expect(carried(request).filter(key => key !== AGENT_KEY), `${request.method} ${request.path}`).toEqual([]);
		expect(agent.requests.filter(r => r.method !== 'GET' && carried(r).includes(AGENT_KEY)).length).toBeGreaterThanOrEqual(4);
		// the app server never saw the agent server's key, anywhere in a request's credentials
		for (const request of app.requests) expect(carried(request), `${request.method} ${request.path}`).not.toContain(AGENT_KEY);
		expect(app.requests.some(r => carried(r).includes(APP_KEY))).toBe(true);
	}, 30_000);
});
