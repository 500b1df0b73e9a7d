// Issue 21 item 7 in a real terminal, over real HTTP: a confirmation covers exactly what it showed.
// A second pending action arriving under the accept dialog makes it ask again (and `y` then sends
// one request for what it shows); an agent that stops waiting under the reject dialog closes it,
// and Enter sends nothing.
import {describe, expect, it} from 'vitest';
import {startActivityServer, type ActivityServer} from '../support/activityServer.js';
import {activityPty} from '../support/activityPty.js';
import {isoformat, makeEvent, stateEvent, type RawEvent} from '../support/eventData.js';
import {spawnCli, type PtySession} from './pty.js';

const CONV = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const held = activityPty();

const T0 = Date.UTC(2025, 10, 15, 8, 0, 0);

function action(n: number, command: string, ms: number): RawEvent {
	return {
		kind: 'ActionEvent', id: `0000000${n}-aaaa-4000-8000-000000000000`, timestamp: isoformat(ms), source: 'agent', thought: [],
		action: {kind: 'TerminalAction', command, is_input: false, reset: false}, tool_name: 'terminal', tool_call_id: `call-${n}`, security_risk: 'HIGH',
	};
}

async function waiting(open = true): Promise<PtySession> {
	const server = (held.server = await startActivityServer('current'));
	server.setNow(T0 + 60_000);
	const events = [...Array.from({length: 6}, (_, n) => makeEvent(n * 5, T0 + n * 1000)), action(1, 'rm -rf build', T0 + 10_000), stateEvent(T0 + 10_500, 'waiting_for_confirmation')];
	server.sandboxes.set('sb-1', {id: 'sb-1', status: 'RUNNING', key: 'sess-1'});
	server.conversations.set(CONV, {id: CONV, sandboxId: 'sb-1', title: 'Clean up the build', execution: 'waiting_for_confirmation', events});
	const session = spawnCli({args: ['--url', server.url, '--refresh', '1'], cols: 120, rows: 40});
	await session.waitForText('Clean up the build', 20_000);
	if (!open) return session;
	session.press('l');
	await session.waitForText('terminal $ rm -rf build · risk HIGH', 20_000);
	return session;
}

const confirmations = (s: ActivityServer) => s.seen.filter(r => r.path.endsWith('/respond_to_confirmation'));

describe('confirmation dialogs over a pending set that changes', () => {
	it('a second action under the accept dialog: it asks again; y sends once, for both', {timeout: 60_000}, async () => {
		const app = (held.app = await waiting());
		app.press('a');
		await app.waitForText('Accept the pending action: terminal $ rm -rf build');
		// as a server does: into the log and out over the conversation's socket
		held.server!.sockets.publish(CONV, action(2, 'git push --force', T0 + 11_000));
		await app.waitForText('The pending actions changed: accept 2 pending actions?', 15_000);
		expect(confirmations(held.server!)).toEqual([]);
		app.press('y');
		await app.waitForText(/action accepted: Clean up the build/, 15_000);
		expect(confirmations(held.server!).map(r => JSON.parse(r.body))).toEqual([{accept: true}]);
	});

	it('nothing waits any more under the reject dialog: it closes, says so, and Enter sends nothing', {timeout: 60_000}, async () => {
		const app = (held.app = await waiting());
		app.press('x');
		await app.waitForText('reason (optional)');
		app.press('too risky');
		await app.waitForText('too risky');
		const c = held.server!.conversations.get(CONV)!;
		c.execution = 'running';
		held.server!.sockets.publish(
			CONV,
			{kind: 'ObservationEvent', id: '00000009-bbbb-4000-8000-000000000000', timestamp: isoformat(T0 + 12_000), source: 'environment', tool_name: 'terminal', tool_call_id: 'call-1', action_id: action(1, '', 0).id, observation: {kind: 'TerminalObservation', content: [{type: 'text', text: 'done'}], is_error: false, exit_code: 0}},
			stateEvent(T0 + 12_500, 'running'),
		);
		await app.waitForText('nothing waits for a confirmation any more: nothing was rejected', 15_000);
		app.press('\r');
		await new Promise(resolve => setTimeout(resolve, 1500));
		expect(confirmations(held.server!)).toEqual([]);
		expect(app.screenText()).not.toContain('action rejected');
	});

	it('from the list: the agent paused with its action still pending closes the reject dialog; Enter sends nothing', {timeout: 60_000}, async () => {
		const app = (held.app = await waiting(false));
		await app.waitForText('waits for you', 20_000);
		app.press('x');
		await app.waitForText('reason (optional)');
		// paused while waiting: the action is still the last one, unanswered (no observation)
		const c = held.server!.conversations.get(CONV)!;
		c.execution = 'paused';
		held.server!.sockets.publish(CONV, stateEvent(T0 + 12_500, 'paused'));
		await app.waitForText('nothing waits for a confirmation any more: nothing was rejected', 15_000);
		app.press('\r');
		await new Promise(resolve => setTimeout(resolve, 1500));
		expect(confirmations(held.server!)).toEqual([]);
	});
});
