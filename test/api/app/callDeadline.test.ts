// Every api call honours CallOptions.deadlineMs (the store gives actions a longer deadline, and any
// caller may ask for a shorter one): the generation-aware modules pass it into their request specs.
import type {ServerResponse} from 'node:http';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {controlAgent, sendMessage} from '../../../source/api/app/agentControl.js';
import type {AgentTarget, Generation} from '../../../source/api/client.js';
import {deleteConversation, deleteSandbox} from '../../../source/api/app/deletes.js';
import {searchEvents} from '../../../source/api/app/events.js';
import {getSettings} from '../../../source/api/app/settings.js';
import {contextFor} from '../../support/generationClient.js';
import {startTestServer, type TestServer} from '../testServer.js';
import {apiFailure} from '../apiFailure.js';

let server: TestServer;
const held: ServerResponse[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
	server = await startTestServer();
	// never answers: only a deadline ends a call
	server.handle((_request, res) => void held.push(res));
});
afterEach(async () => {
	for (const close of closers.splice(0)) await close();
	for (const res of held.splice(0)) res.destroy();
});
afterAll(async () => {
	await server.close();
});

describe.each<Generation>(['legacy', 'current'])('%s: CallOptions.deadlineMs', generation => {
	it('reaches settings, events, send-message, agent control and deletes', async () => {
		// the default deadline is long: a call that ignores deadlineMs fails later, with another message
		const ctx = contextFor({baseUrl: server.url, requestDeadlineMs: 4000}, generation);
		closers.push(() => ctx.close());
		const target: AgentTarget = {
			id: 'c0ffee',
			conversation_url: `${server.url}/api/conversations/c0ffee`,
			session_api_key: 'sess-k',
			sandbox_id: 'sb1',
		};
		const options = {deadlineMs: 300};
		const calls: Record<string, Promise<unknown>> = {
			getSettings: getSettings(ctx, options),
			searchEvents: searchEvents(ctx, 'c0ffee', {sortOrder: 'TIMESTAMP', limit: 10}, options),
			sendMessage: sendMessage(ctx, target, 'hello', options),
			controlAgent: controlAgent(ctx, target, 'pause', undefined, options),
			deleteConversation: deleteConversation(ctx, 'c0ffee', options),
			deleteSandbox: deleteSandbox(ctx, 'sb1', options),
		};
		const outcomes = await Promise.all(
			Object.entries(calls).map(async ([name, call]) => {
				const error = await apiFailure(call);
				return `${name}: ${error.kind} ${/within ([\d.]+ s)/.exec(error.message)?.[1] ?? error.message}`;
			}),
		);
		expect(outcomes).toEqual(Object.keys(calls).map(name => `${name}: timeout 0.3 s`));
	});
});
