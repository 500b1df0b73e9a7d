// Issue 27 item 12 over a direct agent server (its probe reads /api/settings, its list is
// /api/conversations/search): a first 401 right after a success with the key is asked again after a
// second, and a later success brings back a list waiting out a single 401. ./flakyAuth.test.ts has
// the app servers.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../source/server/index.js';
import type {StandInServer} from '../../source/server/types.js';
import {faults} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const KEY = 'sk-agent-flaky-9Rw4';
const SEARCH = '/api/conversations/search';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup(attentionCheck = false) {
	const clock = new ManualClock();
	const agent = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0, now: clock.now});
	cleanup.push(() => agent.close());
	// the fault server only needs the upstream's address
	const server = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
	cleanup.push(() => server.close());
	const client = createClient({baseUrl: server.url, apiKey: KEY});
	const made = clockedStore(clock, client, {visible: 'conversations', attentionCheck});
	cleanup.push(made.closeStore);
	return {server, ...made};
}

const listed = (server: FaultServer) => server.requests.filter(r => r.path === SEARCH);

describe('an agent server that 401s the first call of a path', () => {
	it("the list's own first 401, right after the probe read /api/settings with the key: asked again after a second", async () => {
		const {server, store, advance, settle} = await setup();
		await server.add(faults.unauthorized(), {path: SEARCH, times: 1});
		store.start();
		await settle();
		expect(store.getSnapshot().server?.kind).toBe('agent-server');
		expect(store.getSnapshot().conversations.error?.kind).toBe('unauthorized');
		expect(listed(server)).toHaveLength(1);
		// before: 'unauthorized, retrying in 60s'
		await advance(1500);
		expect(listed(server)).toHaveLength(2);
		expect(store.getSnapshot().conversations.error).toBeNull();
	});

	it('the probe refused too: the background check answered at 5 s brings the list back a second later, not at a minute', async () => {
		const {server, store, advance, settle} = await setup(true);
		await server.add(faults.unauthorized(), {path: '/api/settings', times: 1});
		await server.add(faults.unauthorized(), {path: SEARCH, times: 1});
		store.start();
		await settle();
		expect(store.getSnapshot().server?.kind).toBe('agent-server');
		expect(store.getSnapshot().conversations.error?.kind).toBe('unauthorized');
		expect(store.getSnapshot().conversations.retryAt).toBeGreaterThan(50_000);
		// the background check answers at 5 s (before: 'unauthorized, retrying in 55s' over the rows it found)
		await advance(5000);
		expect(listed(server).filter(r => r.fault === null).length).toBeGreaterThan(0);
		await advance(1500);
		expect(store.getSnapshot().conversations.error).toBeNull();
		expect(store.getSnapshot().conversations.data?.length).toBeGreaterThan(0);
	});

	it('a key refused twice in a row waits the minute', async () => {
		const {server, store, advance, settle} = await setup();
		await server.add(faults.unauthorized(), {path: SEARCH});
		store.start();
		await settle();
		await advance(1500);
		const after = listed(server).length;
		expect(after).toBe(2);
		await advance(50_000);
		expect(listed(server)).toHaveLength(after);
		expect(store.getSnapshot().conversations.error?.message).toMatch(/check the API key/);
	});
});
