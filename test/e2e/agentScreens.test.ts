// Issue 26 items 9, 13, 14 and 17 in a real terminal, against a small agent server over real HTTP
// (test/support/agentFixture.ts): Ctrl-r reads git again in the changes list and the diff; the new
// conversation form reads the settings when it opens and a failed start says the server's detail
// and error id; the activity's footer age moves while nothing else draws; no
// `last_user_message_id` rows, and a state update's `key` is not masked in the event view.
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {type AgentFixture, startAgentFixture} from '../support/agentFixture.js';
import {isoformat} from '../support/eventData.js';
import {buildOnce, spawnCli, type PtySession} from './pty.js';

let agent: AgentFixture | undefined;
let app: PtySession | undefined;
beforeAll(() => {
	buildOnce();
}, 120_000);
afterEach(async () => {
	app?.dispose();
	app = undefined;
	await agent?.close();
	agent = undefined;
});

async function started(setUp: (server: AgentFixture) => void): Promise<{server: AgentFixture; session: PtySession}> {
	const server = (agent = await startAgentFixture());
	setUp(server);
	const session = (app = spawnCli({args: ['--url', server.url, '--refresh', '1'], cols: 120, rows: 40}));
	return {server, session};
}

/** the status line's rows (above the keys), as one text */
const statusRows = (session: PtySession) => session.screenText().split('\n').slice(-3, -1).join('');

describe('agent server screens (issue 26)', () => {
	it('Ctrl-r in the changes list and in the diff reads git again (item 9)', {timeout: 60_000}, async () => {
		const {server, session} = await started(s => {
			s.add({title: 'Date fixes', workingDir: '/w', git: {'dates.py': ['a\nb\n', 'a\nB\n']}});
		});
		await session.waitForText('Date fixes', 20_000);
		session.press('c');
		await session.waitForText(/UPDATED +\+1 +-1 +dates\.py/, 20_000);
		const c = [...server.conversations.values()][0]!;
		c.git['dates.py'] = ['a\nb\n', 'a\nB\nc\nd\n'];
		session.press('\x12');
		await session.waitForText(/UPDATED +\+3 +-1 +dates\.py/, 15_000);
		session.press('\r');
		await session.waitForText('+d', 15_000);
		c.git['dates.py'] = ['a\nb\n', 'a\nB\nc\nd\nlast line\n'];
		session.press('\x12');
		await session.waitForText('+last line', 15_000);
	});

	it('the form reads the settings when it opens; a failed start says the detail and error id (item 13)', {timeout: 60_000}, async () => {
		const {server, session} = await started(s => {
			s.add({title: 'Existing work'});
		});
		await session.waitForText('Existing work', 20_000);
		session.press('n');
		await session.waitForText('model openai/gpt-4o', 15_000);
		session.press('\x1b');
		await session.waitForText('Existing work');
		// changed on the server meanwhile: the form says the new model, not the one read before
		const settings = structuredClone(server.settings) as {agent_settings: {llm: {model: string}}};
		settings.agent_settings.llm.model = 'anthropic/claude-sonnet-4-5';
		server.settings = settings;
		session.press('n');
		await session.waitForText('model anthropic/claude-sonnet-4-5', 15_000);
		server.createFailure = {status: 500, body: {detail: 'Internal Server Error', exception: 'ValueError: workspace /nope does not exist', error_id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0'}};
		session.press('/nope\tsay hi\r');
		// an error too long for one row takes two: the detail and the id both show at 120 columns
		await session.waitForText('ValueError: workspace /nope does not exist', 15_000);
		await session.waitForText('0f1e2d3c4b5a69788796a5b4c3d2e1f0', 5000);
		expect(statusRows(session)).toContain('creating a conversation failed: server error (500): ValueError: workspace /nope does not exist (error id 0f1e2d3c4b5a69788796a5b4c3d2e1f0)');
	});

	it('the footer age moves with nothing else to draw; no last_user_message_id rows; key not masked in the event view (items 14, 17)', {timeout: 60_000}, async () => {
		const at = Date.now() - 57_000;
		const {session} = await started(s => {
			const c = s.add({title: 'Quiet agent', status: 'idle'});
			c.events.push(
				{id: 'e1', timestamp: isoformat(at - 1000), source: 'user', kind: 'MessageEvent', llm_message: {role: 'user', content: [{type: 'text', text: 'hello there'}]}},
				{id: 'e2', timestamp: isoformat(at - 900), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'last_user_message_id', value: 'e1'},
				{id: 'e3', timestamp: isoformat(at), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'idle'},
			);
		});
		await session.waitForText('Quiet agent', 20_000);
		session.press('l');
		await session.waitForText(/following · 3 events/, 15_000);
		expect(session.screenText()).toContain('hello there');
		expect(session.screenText()).not.toContain('last_user_message_id');
		// the newest event is selected: its age moves from under a minute to "1m ago" by itself
		await session.waitForText(/\((5\d)s ago\)/, 15_000);
		await session.waitForText('(1m ago)', 15_000);
		session.press('\r');
		await session.waitForText('"key": "execution_status"', 15_000);
		expect(session.screenText()).not.toContain('"key": "••••"');
	});
});
