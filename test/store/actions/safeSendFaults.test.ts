// Issue 26 item 1 under faults: the status read right before a message fails. What the store knew
// (the list, a poll ago) may be stale: the agent can have started to wait since. A message must not
// go on a guess (it would approve what waits): the status is asked again where it can be, and when
// no answer comes nothing is sent and the draft is kept. Direct agent server stand-in behind the
// fault server, over real HTTP, with a manual clock.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import type {StandInServer} from '../../../source/server/types.js';
import {faults} from '../../support/faults.js';
import {startFaultServer} from '../../support/faultServer.js';
import {clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'stand-in-key-26f1';
const TEXT = 'Do NOT drop the table';
const BATCH = /^\/api\/conversations$/;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup() {
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
	const pendingIds = (list: readonly any[]) => {
		const answered = new Set(list.map(e => e.action_id).filter(Boolean));
		return list.filter(e => e.kind === 'ActionEvent' && !answered.has(e.id)).map(e => e.id);
	};
	return {...made, server, agent, id, events, pendingIds, headers};
}

describe('a message when the status read right before it fails', () => {
	it('the store knew "idle" but the agent waits again: nothing is sent on that guess, the draft is kept, the action still waits', async () => {
		const s = await setup();
		// the user rejects; the store knows the agent idle
		s.store.controlAgent(s.id, 'reject', 'not now');
		await s.advance(1000);
		s.store.setConfirmationPolicy(s.id, {kind: 'AlwaysConfirm'});
		await s.advance(1000);
		expect(s.store.getSnapshot().conversations.data!.find(c => c.id === s.id)!.execution_status).toBe('idle');
		// another client sends a message: the agent runs and waits on a new action before the next poll
		await fetch(`${s.agent.url}/api/conversations/${s.id}/events`, {method: 'POST', headers: s.headers, body: JSON.stringify({role: 'user', content: [{type: 'text', text: 'go on'}], run: true})});
		let pending: string | undefined;
		for (let i = 0; i < 30 && !pending; i++) {
			await s.clock.advance(100, async () => undefined);
			[pending] = s.pendingIds(await s.events());
		}
		expect(pending).toBeDefined();
		expect(s.store.getSnapshot().conversations.data!.find(c => c.id === s.id)!.execution_status).toBe('idle');
		// the status read answers 500 (every time, for this message)
		await s.server.add(faults.internalError(), {path: BATCH, method: 'GET'});
		s.store.sendMessage(s.id, TEXT);
		// the server's requests back off a moment after the failure
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).not.toContain('/events');
		expect(s.store.getSnapshot().notice).toMatchObject({level: 'error'});
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits for a confirmation \(server error \(500\)/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		// the agent goes on as it was: the action still waits, nothing ran it
		await s.advance(3000);
		const events = await s.events();
		expect(s.pendingIds(events)).toContain(pending);
		expect(events.filter(e => e.action_id === pending)).toEqual([]);
	});

	it('one failed read (502 HTML): not sent; sent again once the server answers: rejected first, then the message', async () => {
		const s = await setup();
		const [pending] = s.pendingIds(await s.events());
		await s.server.add(faults.badGateway(), {path: BATCH, method: 'GET', times: 1});
		s.store.sendMessage(s.id, TEXT);
		await s.settle();
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		s.store.sendMessage(s.id, TEXT);
		// the server's requests back off a moment after the failure
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).toEqual(['/events/respond_to_confirmation', '/events']);
		expect(s.store.getSnapshot().notice?.text).toMatch(/^rejected the pending action first/);
		const events = await s.events();
		expect(events.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});

	it('the reject goes, then the read after it fails: not sent, and the notice says the action was rejected', async () => {
		const s = await setup();
		const [pending] = s.pendingIds(await s.events());
		// the first status read answers; the one after the reject gets a 500
		let reads = 0;
		await s.server.add(
			{
				kind: 'custom',
				name: 'second read fails',
				async handle(ctx) {
					if (++reads === 1) {
						const up = await ctx.upstream();
						return ctx.reply(up.status, {'content-type': String(up.headers['content-type'])}, up.body);
					}
					ctx.reply(500, {'content-type': 'text/plain'}, 'Internal Server Error');
				},
			},
			{path: BATCH, method: 'GET'},
		);
		s.store.sendMessage(s.id, TEXT);
		await s.advance(3000);
		const posts = s.server.requests.filter(r => r.method === 'POST').map(r => r.path.replace(`/api/conversations/${s.id}`, ''));
		expect(posts).toEqual(['/events/respond_to_confirmation']);
		expect(s.store.getSnapshot().notice?.text).toMatch(/^message not sent: could not read whether the agent waits for a confirmation after rejecting the pending action \(/);
		expect(s.store.getSnapshot().drafts).toEqual({[s.id]: TEXT});
		const events = await s.events();
		expect(events.filter(e => e.action_id === pending).map(e => e.kind)).toEqual(['UserRejectObservation']);
	});
});
