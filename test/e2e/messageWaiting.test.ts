// Issue 26 item 1 on screen: `m` on an agent that waits for a confirmation says, in the message box,
// what sending will do to the pending action, because an agent server takes a message as approval
// (software-agent-sdk#5092). In a real pty against the agent-server stand-in over real HTTP: 1.43.1
// rejects it first; 1.5.0 cannot reject, so Enter asks to accept first or keep the draft.
import {afterEach, describe, expect, it} from 'vitest';
import {startAgentServerStandIn} from '../../source/server/agentServer/start.js';
import type {AgentServerStandIn} from '../../source/server/agentServer/types.js';
import {KEY} from '../support/agentRest.js';
import {ptySessions} from './pty.js';

const sessions = ptySessions();
let server: AgentServerStandIn | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const posts = (s: AgentServerStandIn) => s.requests.filter(r => r.method === 'POST').map(r => r.path.replace(/^\/api\/conversations\/[^/]+/, ''));

async function messageBoxOnWaiting(version: string) {
	server = await startAgentServerStandIn({apiKey: KEY, live: false, version});
	const app = sessions.spawn({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: KEY}, cols: 120, rows: 40});
	// attention first: the waiting agent is the selected top row
	await app.waitForText(/› \? waiting/, 30_000);
	app.press('l');
	await app.waitForText('waiting for confirmation: 1 action');
	app.press('m');
	await app.waitForText('Message to Plan: split the billing');
	app.press('Do NOT drop the table');
	await app.waitForText('│ Do NOT drop the table');
	return app;
}

describe('m on an agent that waits for a confirmation', () => {
	it('1.43.1: the box says the action is rejected first; Enter rejects, then sends', {timeout: 60_000}, async () => {
		const app = await messageBoxOnWaiting('1.43.1');
		await app.waitForText('An action waits: sending rejects it first (superseded by a new message)');
		server!.clearRequests();
		app.press('\r');
		await app.waitForText('rejected the pending action first (superseded by a new message), then sent the message to', 15_000);
		expect(posts(server!)).toEqual(['/events/respond_to_confirmation', '/events']);
		// the activity shows the rejection, then the message
		await app.waitForText(/rejected terminal: superseded by a new message[\s\S]*Do NOT drop the table/, 15_000);
	});

	it('1.5.0 (cannot reject): the box says why; Enter asks; n keeps the draft and nothing is sent', {timeout: 60_000}, async () => {
		const app = await messageBoxOnWaiting('1.5.0');
		await app.waitForText('An action waits; this server (1.5.0) cannot reject it: a message would run it');
		server!.clearRequests();
		app.press('\r');
		await app.waitForText('Accept it (it runs), then send? y/Enter accept, send · n/Esc keep the draft');
		app.press('n');
		await app.waitForText('not sent: the draft is kept');
		app.press('m');
		await app.waitForText('(draft)');
		expect(posts(server!)).toEqual([]);
	});
});
