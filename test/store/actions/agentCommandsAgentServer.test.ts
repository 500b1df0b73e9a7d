// Issue 21 items 11, 12 and 14 against the agent-server stand-in (source/server/agentServer, 1.43.1)
// over real HTTP, where the agent server is the backend itself: a finished agent is not paused,
// a pause of a running one is said at once and done from the status, and the conversation is read
// again after each command.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import {clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'stand-in-key-9d2a';
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

async function started() {
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0});
	const h = clockedStore(new ManualClock(), createClient({baseUrl: server.url, apiKey: KEY}), {refreshMs: 5000});
	open.push(server, {close: h.closeStore});
	h.store.start();
	await h.settle();
	return {server, h};
}

describe('agent commands on an agent server', () => {
	it('P on a finished conversation sends nothing and says so', async () => {
		const {server, h} = await started();
		const finished = h.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'finished')!;
		const before = server.requests.length;
		h.store.controlAgent(finished.id, 'pause');
		expect(h.store.getSnapshot().notice?.text).toBe('the agent has finished: there is nothing to pause: nothing was sent');
		await h.advance(1000);
		expect(server.requests.slice(before).filter(r => r.method === 'POST')).toEqual([]);
	});

	it('P on a running agent: said at once, one POST, the conversation read again, "agent paused"', async () => {
		const {server, h} = await started();
		const running = h.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'running')!;
		const before = server.requests.length;
		h.store.controlAgent(running.id, 'pause');
		expect(h.store.getSnapshot().notice?.text).toBe('pausing the agent after its current step…');
		await h.advance(1000);
		const after = server.requests.slice(before).map(r => `${r.method} ${r.path}`);
		expect(after.filter(line => line.startsWith('POST'))).toEqual([`POST /api/conversations/${running.id}/pause`]);
		expect(after.some(line => line.startsWith('GET /api/conversations'))).toBe(true);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^agent paused: /);
		expect(h.store.getSnapshot().conversations.data!.find(c => c.id === running.id)?.execution_status).toBe('paused');
	});
});
