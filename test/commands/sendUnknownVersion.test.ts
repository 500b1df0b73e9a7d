// Issue 26 item 1 when the agent server does not say its version (`/server_info` gives no usable
// version: "unknown", a garbled string). ohtui then takes it to reject (every agent server since 1.6.0
// does), but one before 1.6.0 answers the reject 200 and does nothing. `ohtui send` must not send
// then, and must say why after one reject, not after three ("another client runs it?"). The 1.5.0
// agent-server stand-in behind the fault server, over real HTTP.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import type {StandInServer} from '../../source/server/types.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Vn7Qe2Lm5Xc8';
const TEXT = 'please do not delete the lockfile';

let home: Home;
let agent: AgentServerStandIn;
let server: FaultServer;
let env: Record<string, string>;
beforeAll(async () => {
	home = tempHome();
	agent = await startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5, version: '1.5.0', seed: {conversations: 10, events: 20}});
	server = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
	env = {...home.env, OPENHANDS_API_KEY: KEY, OPENHANDS_URL: server.url};
});
afterAll(async () => {
	await server.close();
	await agent.close();
	home.remove();
});

function pendingIds(events: readonly any[]): string[] {
	const answered = new Set(events.map(e => e.action_id).filter(Boolean));
	return events.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id)).map(e => e.id);
}

describe('ohtui send to a waiting agent whose agent server does not say its version', () => {
	it.each([['"unknown"', 'unknown'], ['garbled', 'banana']])('%s, a 1.5.0 underneath: one reject (it did nothing), then refused; nothing sent, the action still waits', async (_name, version) => {
		await server.heal();
		await server.add({kind: 'status', status: 200, body: JSON.stringify({title: 'OpenHands Agent Server', version}), contentType: 'application/json'}, {path: '/server_info'});
		const listed = await ohtui(['ls', '--json'], {env});
		const [id] = (JSON.parse(listed.out) as {id: string; state: string}[]).filter(c => c.state === 'waiting').map(c => c.id);
		expect(id).toBeDefined();
		const read = async () => {
			const response = await fetch(`${agent.url}/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP_DESC`, {headers: {'x-session-api-key': KEY}});
			return ((await response.json()) as {items: any[]}).items.reverse();
		};
		const [pending] = pendingIds(await read());
		server.clearRequests();
		const run = await ohtui(['send', id!, TEXT], {env});
		expect([run.code, run.out]).toEqual([1, '']);
		expect(run.err).toContain('the agent still waits for a confirmation after a reject, and its agent server does not say its version (before SDK 1.6.0 a reject does nothing)');
		expect(run.err).toContain('--approve-pending');
		const posts = server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(/^\/api\/conversations\/[^/]+/, ''));
		expect(posts).toEqual(['/events/respond_to_confirmation']);
		expect(pendingIds(await read())).toContain(pending);
	});
});
