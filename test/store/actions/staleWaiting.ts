// A waiting agent the store does not know waits (issue 26 item 1 under faults): the direct agent
// server stand-in behind the fault server, a store on a manual clock, and `staleWait`, which makes the
// agent wait again on a new action (another client's message) while the store still knows it idle,
// as a list a poll old does. Used by ./safeSendFaults.test.ts and ./runFresh.test.ts.
import {afterEach} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import type {StandInServer} from '../../../source/server/types.js';
import {startFaultServer} from '../../support/faultServer.js';
import {clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

export const KEY = 'stand-in-key-26f1';
/** the batch get (`GET /api/conversations?ids=`): how the agent's status is read right before an action */
export const BATCH = /^\/api\/conversations$/;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

export async function setup() {
	const clock = new ManualClock();
	const agent = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0, stepMs: 5, now: clock.now, version: '1.43.1'});
	cleanup.push(() => agent.close());
	const server = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
	cleanup.push(() => server.close());
	const made = clockedStore(clock, createClient({baseUrl: server.url, apiKey: KEY}), {refreshMs: 5000});
	cleanup.push(made.closeStore);
	made.store.start();
	await made.settle();
	const id = made.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'waiting_for_confirmation')!.id;
	const headers = {'x-session-api-key': KEY, 'content-type': 'application/json'};
	const events = async (): Promise<any[]> => {
		const response = await fetch(`${agent.url}/api/conversations/${id}/events/search?limit=100&sort_order=TIMESTAMP_DESC`, {headers});
		return ((await response.json()) as {items: any[]}).items.reverse();
	};
	/** the actions no observation answered yet: what waits */
	const pendingIds = (list: readonly any[]) => {
		const answered = new Set(list.map(e => e.action_id).filter(Boolean));
		return list.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id)).map(e => e.id);
	};
	const posts = () => server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${id}`, ''));
	const listed = () => made.store.getSnapshot().conversations.data!.find(c => c.id === id)!.execution_status;
	/**
	 * The user rejects (the store knows the agent idle), the policy asks for everything, and another
	 * client's message makes the agent wait on a new action before the next poll. Returns its id.
	 */
	const staleWait = async (): Promise<string> => {
		made.store.controlAgent(id, 'reject', 'not now');
		await made.advance(1000);
		made.store.setConfirmationPolicy(id, {kind: 'AlwaysConfirm'});
		await made.advance(1000);
		await fetch(`${agent.url}/api/conversations/${id}/events`, {method: 'POST', headers, body: JSON.stringify({role: 'user', content: [{type: 'text', text: 'go on'}], run: true})});
		let pending: string | undefined;
		for (let i = 0; i < 30 && !pending; i++) {
			await clock.advance(100, async () => undefined);
			[pending] = pendingIds(await events());
		}
		if (!pending) throw new Error('the agent never waited');
		return pending;
	};
	return {...made, server, agent, id, events, pendingIds, posts, listed, staleWait};
}
