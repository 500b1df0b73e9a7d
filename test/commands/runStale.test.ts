// `ohtui run` decides on the agent's status as its agent server says it right before the run (as the
// app's R and every message do, store/actions/safeSend.ts), not on the list it resolved the id from:
// an app server's view can lag the agent server behind `conversation_url`, and a run of an agent that
// waits executes the pending action. Here a fault server in front of the current app-server stand-in
// reports the waiting agent idle in the app server's answers; its agent server still says it waits.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {ohtui, tempHome, type Home} from './harness.js';

type Listed = {id: string; state: string};

let app: StandInServer;
let server: FaultServer;
let home: Home;
beforeAll(async () => {
	app = await startStandInServer({generation: 'current', live: false, rateLimit: false, bootMs: 0, stepMs: 5});
	server = await startFaultServer({upstreamServer: app});
	home = tempHome();
});
afterAll(async () => {
	await server.close();
	await app.close();
	home.remove();
});

describe('ohtui run when the app server says idle but the agent server says it waits', () => {
	it('is refused, nothing sent; --approve-pending still runs', async () => {
		const direct = JSON.parse((await ohtui(['ls', '--json'], {env: {...home.env, OPENHANDS_URL: app.url}})).out) as Listed[];
		const waiting = direct.find(c => c.state === 'waiting')!;
		expect(waiting).toBeDefined();
		// the app server's own answers, a moment behind: idle
		await server.add(
			{
				kind: 'custom',
				name: 'lagging app server',
				async handle(ctx) {
					const up = await ctx.upstream();
					const body = up.body.toString('utf8').replaceAll('"waiting_for_confirmation"', '"idle"');
					ctx.reply(up.status, {'content-type': String(up.headers['content-type'])}, body);
				},
			},
			{path: '/api/v1/app-conversations', method: 'GET'},
		);
		const env = {...home.env, OPENHANDS_URL: server.url};
		const lagging = JSON.parse((await ohtui(['ls', '--json'], {env})).out) as Listed[];
		expect(lagging.find(c => c.id === waiting.id)!.state).not.toBe('waiting');
		app.clearRequests();
		const refused = await ohtui(['run', waiting.id], {env});
		// before: exit 0, "running", and the pending action ran
		expect([refused.code, refused.out]).toEqual([1, '']);
		expect(refused.err).toMatch(/the agent waits for your confirmation.*run would approve it: nothing sent/);
		expect(app.requests.filter(r => r.method === 'POST')).toEqual([]);
		const told = await ohtui(['run', waiting.id, '--approve-pending'], {env});
		expect([told.code, told.err]).toEqual([0, '']);
		expect(app.requests.filter(r => r.method === 'POST').map(r => r.path)).toEqual([expect.stringMatching(/\/run$/)]);
	});
});
