// Issue 26 item 1: `ohtui send` to an agent that waits for a confirmation never approves the pending
// action by accident (software-agent-sdk#5092). Real HTTP against the agent-server stand-in (1.43.1,
// and a 1.5.0 that cannot reject) and the app stand-in (current: send-message; legacy: 1.1.0 sandboxes).
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {agentEvents, byTitle} from '../server/activityHelpers.js';
import {ohtui, tempHome, type Home} from './harness.js';

const KEY = 'sk-oh-agent-Pd4Wq8Zr1Ty6';
const TEXT = 'please do not delete the lockfile';

let home: Home;
beforeAll(() => {
	home = tempHome();
});
afterAll(() => home.remove());

/** The actions no observation answered yet. */
function pendingIds(events: readonly any[]): string[] {
	const answered = new Set(events.map(e => e.action_id).filter(Boolean));
	return events.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id)).map(e => e.id);
}

const messageAt = (events: readonly any[]) => events.findIndex(e => e.kind === 'MessageEvent' && e.source === 'user' && JSON.stringify(e.llm_message).includes(TEXT));

/** Reads until `done` (the stand-in runs the agent's due steps at each request): no fixed sleep. */
async function until(read: () => Promise<any[]>, done: (events: any[]) => boolean): Promise<any[]> {
	for (let i = 0; i < 400; i++) {
		const events = await read();
		if (done(events)) return events;
		await new Promise(resolve => setTimeout(resolve, 25));
	}
	throw new Error('the agent never got there');
}

describe('ohtui send to a waiting agent on an agent server', () => {
	let agent: AgentServerStandIn;
	let old: AgentServerStandIn;
	let env: Record<string, string>;
	let waiting: string[];
	const waitingOn = async (server: AgentServerStandIn) => {
		const run = await ohtui(['ls', '--json'], {env: {...env, OPENHANDS_URL: server.url}});
		return (JSON.parse(run.out) as {id: string; state: string}[]).filter(c => c.state === 'waiting').map(c => c.id);
	};
	const events = (server: AgentServerStandIn, id: string) => async () => {
		const response = await fetch(`${server.url}/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP_DESC`, {headers: {'x-session-api-key': KEY}});
		return ((await response.json()) as {items: any[]}).items.reverse();
	};
	const posts = (server: AgentServerStandIn) => server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(/^\/api\/conversations\/[^/]+/, ''));

	beforeAll(async () => {
		[agent, old] = await Promise.all([
			startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5, seed: {conversations: 20, events: 20}}),
			startAgentServerStandIn({apiKey: KEY, live: false, stepMs: 5, version: '1.5.0', seed: {conversations: 10, events: 20}}),
		]);
		env = {...home.env, OPENHANDS_API_KEY: KEY};
		// two waiting agents (the scale seed's): one for each of the first two tests
		waiting = await waitingOn(agent);
		expect(waiting).toHaveLength(2);
	});
	afterAll(async () => {
		await Promise.all([agent.close(), old.close()]);
	});

	it('1.43.1: rejects the pending action first (said on stderr), then sends; the action never runs', async () => {
		const id = waiting[0];
		const read = events(agent, id!);
		const [pending] = pendingIds(await read());
		agent.clearRequests();
		const run = await ohtui(['send', id!.slice(0, 8), TEXT], {env: {...env, OPENHANDS_URL: agent.url}});
		expect(run.code, run.err).toBe(0);
		expect(run.err).toMatch(/^ohtui send: rejected the pending action “.+” first \(superseded by a new message\)\n$/);
		expect(run.out).toMatch(/^sent to /);
		expect(posts(agent)).toEqual(['/events/respond_to_confirmation', '/events']);
		// the agent runs with the message; the rejected action is answered once, by the rejection
		const after = await until(read, list => messageAt(list) >= 0 && list.slice(messageAt(list) + 1).some(e => e.source === 'agent'));
		const rejected = after.findIndex(e => e.action_id === pending);
		expect(after[rejected]).toMatchObject({kind: 'UserRejectObservation', rejection_reason: 'superseded by a new message'});
		expect(messageAt(after)).toBeGreaterThan(rejected);
		expect(after.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});

	it('--approve-pending: sent as it is, said on stderr, and the pending action runs', async () => {
		const id = waiting[1];
		const read = events(agent, id!);
		const [pending] = pendingIds(await read());
		agent.clearRequests();
		const run = await ohtui(['send', id!, TEXT, '--approve-pending'], {env: {...env, OPENHANDS_URL: agent.url}});
		expect(run.code, run.err).toBe(0);
		expect(run.err).toBe('ohtui send: sent while the agent waited for a confirmation: the pending action runs (--approve-pending)\n');
		expect(posts(agent)).toEqual(['/events']);
		const after = await until(read, list => list.some(e => e.action_id === pending));
		expect(after.find(e => e.action_id === pending)).toMatchObject({kind: 'ObservationEvent'});
	});

	it('1.5.0 (cannot reject): refused with exit 1 naming --approve-pending; nothing is sent', async () => {
		const [id] = await waitingOn(old);
		old.clearRequests();
		const run = await ohtui(['send', id!, TEXT], {env: {...env, OPENHANDS_URL: old.url}});
		expect([run.code, run.out]).toEqual([1, '']);
		expect(run.err).toContain('its agent server (1.5.0) cannot reject (before SDK 1.6.0): a message would run the pending action: not sent');
		expect(run.err).toContain('--approve-pending');
		expect(posts(old)).toEqual([]);
	});
});

describe.each(['current', 'legacy'] as const)('ohtui send to a waiting agent behind a %s app server', generation => {
	let server: StandInServer;
	let env: Record<string, string>;
	beforeAll(async () => {
		server = await startStandInServer({generation, live: false, rateLimit: false, bootMs: 0, stepMs: 5});
		env = {...home.env, OPENHANDS_URL: server.url};
	});
	afterAll(() => server.close());

	it(generation === 'current' ? 'rejects through conversation_url, then send-message' : 'its sandboxes run 1.1.0: refused, nothing sent', async () => {
		const c = await byTitle(server, 'Plan: split the monolith');
		const [pending] = pendingIds(await agentEvents(server, c));
		server.clearRequests();
		const run = await ohtui(['send', c.id, TEXT], {env});
		const posted = server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(c.id, 'ID'));
		if (generation === 'legacy') {
			expect(run.code).toBe(1);
			expect(run.err).toContain('(1.1.0) cannot reject');
			expect(posted).toEqual([]);
			return;
		}
		expect(run.code, run.err).toBe(0);
		expect(run.err).toMatch(/rejected the pending action “.+” first \(superseded by a new message\)/);
		expect(posted).toEqual(['/api/conversations/ID/events/respond_to_confirmation', '/api/v1/app-conversations/ID/send-message']);
		const after = await until(
			() => agentEvents(server, c),
			list => messageAt(list) >= 0 && list.slice(messageAt(list) + 1).some(e => e.source === 'agent'),
		);
		expect(after.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
		expect(messageAt(after)).toBeGreaterThan(after.findIndex(e => e.action_id === pending));
	});
});
