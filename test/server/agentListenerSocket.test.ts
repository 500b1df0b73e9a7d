import {describe, expect, it} from 'vitest';
import {agent, agentEvents, byTitle} from './activityHelpers.js';
import {post, startServer} from './helpers.js';
import {connect, socketUrl} from './agentServer/socketClient.js';

const UNKNOWN = '0123456789abcdef0123456789abcdef';

describe('app-server stand-in: the events websocket of each sandbox’s agent server (conversation_url + session_api_key)', () => {
	it('current (SDK 1.37): query, header or first-frame key of the conversation’s sandbox; another key is refused; unknown is 4004', async () => {
		const server = await startServer({generation: 'current', live: false});
		const c = await byTitle(server, 'Plan: split the monolith');
		const other = await byTitle(server, 'Add dark mode toggle');
		const byQuery = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}`));
		const state = await byQuery.next(() => true);
		expect(state).toMatchObject({key: 'full_state', value: {execution_status: 'waiting_for_confirmation'}});
		expect(state.value).not.toHaveProperty('title');
		const byHeader = connect(socketUrl(server.agentUrl, c.id), {headers: {'X-Session-API-Key': c.session_api_key!}});
		expect((await byHeader.next(() => true)).key).toBe('full_state');
		const byFrame = connect(socketUrl(server.agentUrl, c.id));
		await byFrame.opened;
		byFrame.send({type: 'auth', session_api_key: c.session_api_key});
		expect((await byFrame.next(() => true)).key).toBe('full_state');
		expect(server.agentSockets.socketCount(c.id)).toBe(3);
		expect((await connect(socketUrl(server.agentUrl, c.id, `session_api_key=${other.session_api_key}`)).refused).status).toBe(403);
		const unknown = connect(socketUrl(server.agentUrl, UNKNOWN, `session_api_key=${c.session_api_key}`));
		expect((await unknown.closed).code).toBe(4004);
		expect(server.requests.some(r => r.upgrade && r.path === `/sockets/events/${c.id}`)).toBe(true);
	});

	it('replays what search gives and pushes new events live; a Message frame runs the agent', async () => {
		const server = await startServer({generation: 'current', live: false, stepMs: 10});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const events = await agentEvents(server, c);
		const client = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}&resend_mode=all`));
		await client.next(f => f.id === events.at(-1).id);
		expect(client.frames.slice(1)).toEqual(events);
		client.send({role: 'user', content: [{type: 'text', text: 'Once more'}]});
		const echo = await client.next(f => f.kind === 'MessageEvent' && f.source === 'user', 5000, events.length + 1);
		expect(echo.llm_message.content[0].text).toBe('Once more');
		await client.next(f => f.kind === 'ActionEvent', 5000, client.frames.indexOf(echo));
	});

	it('legacy (SDK 1.1.0): the query key only, resend_all only', async () => {
		const server = await startServer({generation: 'legacy', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		expect((await connect(socketUrl(server.agentUrl, c.id), {headers: {'X-Session-API-Key': c.session_api_key!}}).refused).status).toBe(403);
		const since = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}&resend_mode=all`));
		await since.next(() => true);
		const all = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}&resend_all=true`));
		const events = await agentEvents(server, c);
		await all.next(f => f.id === events.at(-1).id);
		expect(since.frames).toHaveLength(1);
		expect(all.frames.slice(1)).toEqual(events);
	});

	it('cuts the socket of a conversation whose sandbox is paused, as REST is; test hooks drop and refuse', async () => {
		const server = await startServer({generation: 'current', live: false});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}`));
		await client.next(() => true);
		server.agentSockets.dropSockets();
		expect((await client.closed).code).toBe(1006);
		server.agentSockets.setRefuseUpgrades(true);
		expect((await connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}`)).refused).status).toBe(404);
		server.agentSockets.setRefuseUpgrades(false);
		await post(server, `/api/v1/sandboxes/${c.sandbox_id}/pause`, {});
		expect((await agent(server, `/api/conversations/${c.id}`, {key: c.session_api_key}).catch(() => null))).toBeNull();
		const paused = connect(socketUrl(server.agentUrl, c.id, `session_api_key=${c.session_api_key}`));
		expect((await paused.closed).code).toBe(1006);
	});
});
