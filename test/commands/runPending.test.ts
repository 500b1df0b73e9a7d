// Issue 27 item 17: `ohtui run` on an agent that waits for confirmation runs the action it waits on,
// an approval by another name. It is refused (exit 1, one line naming the action, nothing sent)
// unless --approve-pending says so, as the app's R asks first.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

type Listed = {id: string; state: string};
type Server = {url: string; requests: readonly {method: string; path: string}[]; clearRequests(): void; close(): Promise<void>};

const KINDS: {name: string; start: () => Promise<Server>}[] = [
	{name: 'an agent server', start: async () => startAgentServerStandIn({live: false, stepMs: 5})},
	{name: 'a current app server', start: async () => startStandInServer({generation: 'current', live: false, rateLimit: false, bootMs: 0, stepMs: 5})},
];

describe.each(KINDS)('run on a waiting agent, on $name', kind => {
	let server: Server;
	let home: Home;
	let env: Record<string, string>;
	beforeAll(async () => {
		server = await kind.start();
		home = tempHome();
		env = {...home.env, OPENHANDS_URL: server.url};
	});
	afterAll(async () => {
		await server.close();
		home.remove();
	});

	it('is refused, nothing sent, unless --approve-pending', async () => {
		const waiting = (JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[]).find(c => c.state === 'waiting')!;
		server.clearRequests();
		const refused = await ohtui(['run', waiting.id], {env});
		// before: exit 0 and the pending action ran without a word
		expect([refused.code, refused.out]).toEqual([1, '']);
		expect(refused.err).toMatch(/^ohtui run: the agent waits for your confirmation: .+; run would approve it: nothing sent \(ohtui approve, or run --approve-pending\)\n$/);
		expect(server.requests.filter(r => r.method === 'POST')).toEqual([]);
		const told = await ohtui(['run', waiting.id, '--approve-pending'], {env});
		expect([told.code, told.err]).toEqual([0, '']);
		expect(server.requests.filter(r => r.method === 'POST').map(r => r.path)).toEqual([expect.stringMatching(/\/run$/)]);
	});
});
