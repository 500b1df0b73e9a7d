// Issue 21 item 1 from the list and `!` (issue 19 shares the approval dialog): on an agent server
// before SDK 1.6.0 a reject is a pause that records nothing, so x there asks to leave the action
// waiting, as the activity does, and sends nothing; in a real pty against the agent-server stand-in.
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

const confirmations = (s: AgentServerStandIn) => s.requests.filter(r => r.path.endsWith('/respond_to_confirmation'));

describe('x on an agent server before 1.6.0, away from the activity', () => {
	it('the list and !: x offers to leave the action waiting (the footer too); nothing is sent', {timeout: 60_000}, async () => {
		server = await startAgentServerStandIn({apiKey: KEY, live: false, version: '1.1.0'});
		const app = sessions.spawn({args: ['--url', server.url, '--refresh', '1'], env: {OPENHANDS_API_KEY: KEY}, cols: 120, rows: 40});
		// attention first: the waiting agent is the selected top row
		await app.waitForText(/› \? waiting/, 30_000);
		app.press('x');
		await app.waitForText('This agent server (1.1.0) cannot reject an action: leave it waiting?');
		// the footer offers the question's keys, not a reject
		expect(app.screenText()).not.toContain('Enter reject');
		app.press('y');
		await app.waitForText('left waiting: nothing was sent');
		app.press('!');
		await app.waitForText('Enter go there');
		app.press('x');
		await app.waitForText('This agent server (1.1.0) cannot reject an action: leave it waiting?');
		app.press('n');
		await new Promise(resolve => setTimeout(resolve, 1000));
		expect(confirmations(server)).toEqual([]);
		expect(app.screenText()).not.toContain('action rejected');
	});
});
