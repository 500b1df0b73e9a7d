// Issue 27 against the November-2025 server as the legacy stand-in imitates it (its events reach the
// app server's store in the agent server's webhook batches, updated_at stays put when an agent
// finishes, its agent servers run SDK 1.1.0): the screens that changed, in a real pty, over real HTTP.
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {sleep, startApp, waitForScreen} from '../support/appSession.js';
import {buildOnce, type PtySession} from './pty.js';

let server: StandInServer | undefined;
let app: PtySession | undefined;

beforeAll(() => buildOnce(), 120_000);
afterEach(async () => {
	app?.dispose();
	app = undefined;
	await server?.close();
	server = undefined;
});

async function legacyServer(): Promise<StandInServer> {
	server = await startStandInServer({generation: 'legacy', seed: 'empty', live: false, eventBatches: true, rateLimit: false, bootMs: 0, stepMs: 100});
	return server;
}

type Row = {id: string; execution_status: string | null; conversation_url: string | null; session_api_key: string | null};

/** Starts a conversation over HTTP and waits until `done` holds for it (the stand-in works on real time here). */
async function conversation(message: string, done: (row: Row) => boolean): Promise<Row> {
	const body = message ? {initial_message: {role: 'user', content: [{type: 'text', text: message}], run: true}} : {};
	const task = (await (await fetch(`${server!.url}/api/v1/app-conversations`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})).json()) as {id: string};
	for (let i = 0; i < 400; i++) {
		const [t] = (await (await fetch(`${server!.url}/api/v1/app-conversations/start-tasks?ids=${task.id}`)).json()) as {app_conversation_id: string | null}[];
		if (t?.app_conversation_id) {
			const [row] = (await (await fetch(`${server!.url}/api/v1/app-conversations?ids=${t.app_conversation_id}`)).json()) as Row[];
			if (row && done(row)) return row;
		}
		await sleep(25);
	}
	throw new Error('the conversation never got there');
}

const stored = async (id: string) => (await (await fetch(`${server!.url}/api/v1/events/count?conversation_id__eq=${id}`)).json()) as number;

describe('the November-2025 server (legacy stand-in with event batches)', () => {
	it('a waiting agent before its last batch: x says the agent server cannot reject, and a in the activity names the action', async () => {
		await legacyServer();
		const row = await conversation('Run the database migration, but ask me first', r => r.execution_status === 'waiting_for_confirmation');
		const agentEvents = (await (await fetch(`${row.conversation_url}/events/search?limit=100`, {headers: {'X-Session-API-Key': row.session_api_key ?? ''}})).json()) as {items: unknown[]};
		// the app server's store has not got the batch holding the pending action
		expect(await stored(row.id)).toBeLessThan(agentEvents.items.length);
		app = startApp({url: server!.url});
		await app.waitForText(/› \? waiting/, 20_000);
		// x decides before it asks: SDK 1.1.0 cannot reject (was: a reason box, then a refusal after Enter)
		app.press('x');
		await app.waitForText('This agent server (1.1.0) cannot reject an action: leave it waiting?', 10_000);
		expect(app.screenText()).not.toContain('reason (optional)');
		app.press('n');
		await waitForScreen(app, screen => !screen.includes('cannot reject an action'), 'the question closed');
		// the activity reads what the app server has not got yet from the agent server: a names it
		app.press('l');
		// the pending action as the agent server has it: its page holds the wait itself (until it is in,
		// the app server's events may end on an earlier action whose observation is in the next batch)
		await app.waitForText(/waiting for confirmation: 1 action[^]*status running → waiting_for_confirmation/, 10_000);
		app.press('a');
		await app.waitForText(/Accept the pending action: terminal \$ /, 10_000);
		expect(app.screenText()).not.toContain('Accept the pending action?');
		app.press('n');
	}, 60_000);

	it('a finish after you looked (updated_at does not move): the header and ! count it', async () => {
		await legacyServer();
		const row = await conversation('', r => r.execution_status === 'idle');
		app = startApp({url: server!.url});
		await app.waitForText(/› .*idle/, 20_000);
		// you look at it, and go back to the list
		app.press('l');
		await app.waitForText('following', 10_000);
		app.press('\u001b');
		await app.waitForText(/› .*idle/, 10_000);
		// past the moments that still count as looked at (two intervals), you send it a task from the list
		await sleep(3000);
		app.press('m');
		await app.waitForText('Enter send', 10_000);
		app.press('Fix the failing test in tests/test_dates.py');
		app.press('\r');
		await app.waitForText('1 needs you (!)', 30_000);
		const [after] = (await (await fetch(`${server!.url}/api/v1/app-conversations?ids=${row.id}`)).json()) as {execution_status: string}[];
		expect(after!.execution_status).toBe('finished');
		app.press('!');
		await app.waitForText(/Needs you \(1\)/, 10_000);
		expect(app.screenText()).toMatch(/finished/);
	}, 60_000);
});
