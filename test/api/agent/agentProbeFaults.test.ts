// The probe against an agent server behind something that fails now and then (a proxy restarting,
// one that refuses the first call of a path): a failure it reads once must not make the agent server
// a legacy app server for the rest of the run.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import type {StandInServer} from '../../../source/server/types.js';
import {faults} from '../../support/faults.js';
import {startFaultServer} from '../../support/faultServer.js';

const KEY = 'sk-agent-probe-faults-4Tq';
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup(apiKey = KEY) {
	const agent = await startAgentServerStandIn({live: false, apiKey: KEY});
	cleanup.push(() => agent.close());
	const server = await startFaultServer({upstreamServer: agent as unknown as StandInServer});
	cleanup.push(() => server.close());
	const api = createClient({baseUrl: server.url, apiKey});
	cleanup.push(() => api.close());
	return {server, api};
}

describe('probe: an agent server behind a proxy that fails once', () => {
	it('/api/settings and /server_info each refused once: still an agent server (before: legacy for the run)', async () => {
		const {server, api} = await setup();
		await server.add(faults.unauthorized(), {path: '/api/settings', times: 1});
		await server.add(faults.unauthorized(), {path: '/server_info', times: 1});
		const info = await api.serverInfo();
		expect(info).toMatchObject({kind: 'agent-server', generation: null});
		// the agent server's own list route, not a legacy app server's
		await expect(api.searchConversations()).resolves.toBeDefined();
		expect(server.requests.at(-1)!.path).toBe('/api/conversations/search');
	});

	it('/api/settings refused once and /server_info answering 502 once: an agent server, its version read again', async () => {
		const {server, api} = await setup();
		await server.add(faults.unauthorized(), {path: '/api/settings', times: 1});
		await server.add(faults.badGateway(), {path: '/server_info', times: 1});
		expect(await api.serverInfo()).toMatchObject({kind: 'agent-server', label: 'agent server 1.43.1'});
	});

	it('a wrong key while /server_info answers 502: no verdict (the 502 is the error), not a legacy app server', async () => {
		const {server, api} = await setup('wrong-key-000');
		await server.add(faults.badGateway(), {path: '/server_info', times: 1});
		const error = await api.serverInfo().catch((e: unknown) => e);
		expect(error).toMatchObject({kind: 'server', status: 502});
		// nothing was concluded: a later probe (the failure is remembered 30 s) tells the agent server
		const fresh = createClient({baseUrl: server.url, apiKey: 'wrong-key-000'});
		cleanup.push(() => fresh.close());
		expect(await fresh.serverInfo()).toMatchObject({kind: 'agent-server'});
	});
});
