import {describe, expect, it} from 'vitest';
import {agent, byTitle, currentEvents, dashedOf, text} from './activityHelpers.js';
import {get, manualClock, pollUntil, post, startServer} from './helpers.js';

const send = (id: string) => `/api/v1/app-conversations/${id}/send-message`;

describe('current app server: POST /api/v1/app-conversations/{id}/send-message (shared/openhands-api-newer.md 5.1)', () => {
	const start = () => startServer({generation: 'current', live: false, now: manualClock().now});

	it('forwards the message to the agent server (run defaults to true) with exactly one request seen', async () => {
		const server = await start();
		const c = await byTitle(server, 'Fix flaky date parsing');
		server.clearRequests();
		const res = await post(server, send(c.id), text('Now bump the version'));
		expect([res.status, res.text]).toEqual([200, '{"success":true,"sandbox_status":"RUNNING","message":null}']);
		// the app server talks to the agent server itself: the client made one request, and that is all there is
		expect(server.requests.map(r => `${r.method} ${r.path}`)).toEqual([`POST ${send(c.id)}`]);
		const events = await currentEvents(server, c.id);
		expect(events.slice(-2)).toMatchObject([
			{kind: 'MessageEvent', source: 'user', llm_message: {content: [{text: 'Now bump the version'}]}},
			{kind: 'ConversationStateUpdateEvent', value: 'running'},
		]);
		expect((await byTitle(server, 'Fix flaky date parsing')).execution_status).toBe('running');
		// run: false only records it
		const other = await byTitle(server, 'Extract the notifications service');
		await post(server, send(other.id), {...text('later'), run: false});
		expect((await byTitle(server, 'Extract the notifications service')).execution_status).toBe('idle');
	});

	it('answers the status table: 404 unknown, 409 paused, 410 gone, 503 error, 502 when the agent server refuses', async () => {
		const server = await start();
		const unknown = '9'.repeat(32);
		const notFound = await post(server, send(unknown), text('hi'));
		expect([notFound.status, notFound.json]).toEqual([404, {detail: `Conversation ${dashedOf(unknown)} not found`}]);

		const paused = await byTitle(server, 'Write migration for users.email_verified');
		expect(paused.sandbox_status).toBe('PAUSED');
		const conflict = await post(server, send(paused.id), text('hi'));
		expect([conflict.status, conflict.json]).toEqual([
			409,
			{detail: `Sandbox is PAUSED. Use POST /api/v1/sandboxes/${paused.sandbox_id}/resume to resume it first.`},
		]);

		const gone = await byTitle(server, 'Resolve issue #1287');
		expect(gone.sandbox_status).toBe('MISSING');
		const archived = await post(server, send(gone.id), text('hi'));
		expect([archived.status, archived.json]).toEqual([410, {detail: 'Conversation is archived. The sandbox no longer exists.'}]);

		const broken = await byTitle(server, 'Document the plugin API');
		expect(broken.sandbox_status).toBe('ERROR');
		const error = await post(server, send(broken.id), text('hi'));
		expect([error.status, error.json]).toEqual([503, {detail: 'Sandbox is in an error state and cannot accept messages.'}]);

		const c = await byTitle(server, 'Extract the notifications service');
		await agent(server, `/api/conversations/${c.id}`, {key: c.session_api_key, method: 'DELETE'});
		const bad = await post(server, send(c.id), text('hi'));
		expect([bad.status, bad.json]).toEqual([502, {detail: 'Agent server error: 404'}]);
	});

	it('resumes nothing by itself: after the user resumes the sandbox the same message goes through', async () => {
		const server = await start();
		const paused = await byTitle(server, 'Write migration for users.email_verified');
		expect((await post(server, send(paused.id), text('hi'))).status).toBe(409);
		await post(server, `/api/v1/sandboxes/${paused.sandbox_id}/resume`);
		expect((await post(server, send(paused.id), text('hi'))).status).toBe(200);
	});

	it('validates like FastAPI: 422 for a non-UUID path, empty content, a role other than user', async () => {
		const server = await start();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const path = await post(server, send('abc'), text('hi'));
		expect(path.status).toBe(422);
		expect(path.json.detail[0]).toMatchObject({type: 'uuid_parsing', loc: ['path', 'conversation_id']});
		const empty = await post(server, send(c.id), {content: []});
		expect(empty.json.detail[0]).toMatchObject({type: 'too_short', loc: ['body', 'content']});
		const missing = await post(server, send(c.id), {});
		expect(missing.json.detail[0]).toMatchObject({type: 'missing', loc: ['body', 'content']});
		const role = await post(server, send(c.id), {...text('x'), role: 'assistant'});
		expect(role.json.detail[0]).toMatchObject({type: 'literal_error', loc: ['body', 'role']});
	});
});

describe('current app server: pending messages (5.3)', () => {
	const pending = (id: string) => `/api/v1/conversations/${id}/pending-messages`;

	it('queues up to 10 per conversation (201 with the position), then 429; 400 for bad bodies', async () => {
		const server = await startServer({generation: 'current', live: false, now: manualClock().now});
		const paused = await byTitle(server, 'Write migration for users.email_verified');
		for (let i = 1; i <= 10; i++) {
			const res = await post(server, pending(paused.id), text(`note ${i}`));
			expect(res.status).toBe(201);
			expect(res.json).toEqual({id: expect.stringMatching(/^[0-9a-f-]{36}$/), queued: true, position: i});
		}
		const full = await post(server, pending(paused.id), text('one too many'));
		expect([full.status, full.json]).toEqual([429, {detail: 'Too many pending messages. Maximum 10 messages per conversation.'}]);
		expect((await post(server, pending(paused.id), {content: []})).json).toEqual({detail: 'content must be a non-empty list'});
		const raw = await fetch(server.url + pending(paused.id), {method: 'POST', body: 'not json'});
		expect([raw.status, await raw.json()]).toEqual([400, {detail: 'Invalid request body'}]);
	});

	it('delivers to a running conversation on the next request', async () => {
		const server = await startServer({generation: 'current', live: false, now: manualClock().now});
		const c = await byTitle(server, 'Fix flaky date parsing');
		await post(server, pending(c.id), text('queued note'));
		const events = await currentEvents(server, c.id);
		expect(events.some(e => e.kind === 'MessageEvent' && e.llm_message.content[0].text === 'queued note')).toBe(true);
	});

	it('holds a message for task-<id> until the start task is READY, then delivers it', async () => {
		const server = await startServer({generation: 'current', live: false, stepMs: 5});
		const host = await byTitle(server, 'Fix flaky date parsing');
		const task = (await post(server, '/api/v1/app-conversations', {sandbox_id: host.sandbox_id})).json;
		expect((await post(server, pending(`task-${task.id}`), text('hello from the queue'))).status).toBe(201);
		const ready = await pollUntil(
			async () => (await get(server, `/api/v1/app-conversations/start-tasks?ids=${task.id}`)).json[0],
			t => t.status === 'READY',
			t => t.status,
		);
		const id = ready.at(-1).app_conversation_id;
		const seen = await pollUntil(
			() => currentEvents(server, id),
			events => events.some(e => e.kind === 'MessageEvent' && e.llm_message.content[0].text === 'hello from the queue'),
			events => String(events.length),
		);
		expect(seen.at(-1)![0].kind).toBe('SystemPromptEvent');
	});
});
