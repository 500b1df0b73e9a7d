import WebSocket from 'ws';
import {describe, expect, it} from 'vitest';
import {allEvents, byTitle, call, eventually, startAgent} from './helpers.js';
import {connect, sleep, socketUrl} from './socketClient.js';

const persisted = (frames: any[]) => frames.filter(f => f.key !== 'full_state');

describe('agent server stand-in: events websocket frames (§6.2-6.6; §10 items 25-29)', () => {
	it('replays nothing by default, everything in storage order with resend_mode=all (frames equal to search items), or resend_all=true', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const events = await allEvents(server, c.id);
		const none = connect(socketUrl(server.url, c.id));
		await none.next(() => true);
		const all = connect(socketUrl(server.url, c.id, 'resend_mode=all'));
		await all.next(f => f.id === events.at(-1).id);
		expect(all.frames[0].key).toBe('full_state');
		expect(persisted(all.frames)).toEqual(events);
		const legacy = connect(socketUrl(server.url, c.id, 'resend_all=true'));
		await legacy.next(f => f.id === events.at(-1).id);
		expect(persisted(legacy.frames)).toEqual(events);
		const off = connect(socketUrl(server.url, c.id, 'resend_all=false'));
		await off.next(() => true);
		await sleep(50);
		expect(persisted(none.frames)).toEqual([]);
		expect(persisted(off.frames)).toEqual([]);
	});

	it('replays from after_timestamp inclusive with resend_mode=since (nothing without a timestamp)', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const events = await allEvents(server, c.id);
		const anchor = events[Math.floor(events.length / 2)];
		const since = connect(socketUrl(server.url, c.id, `resend_mode=since&after_timestamp=${anchor.timestamp}`));
		await since.next(f => f.id === events.at(-1).id);
		expect(persisted(since.frames)).toEqual(events.filter(e => e.timestamp >= anchor.timestamp));
		expect(persisted(since.frames).some(f => f.id === anchor.id)).toBe(true);
		const bare = connect(socketUrl(server.url, c.id, 'resend_mode=since'));
		await bare.next(() => true);
		await sleep(50);
		expect(persisted(bare.frames)).toEqual([]);
	});

	it('pushes each event as it is created while a socket listens, with no request to advance it; none is created for nobody', async () => {
		const server = await startAgent({stepMs: 20, live: true});
		const created: string[] = [];
		server.onEvent(({event}) => created.push(event['id'] as string));
		// the story's agents have work due within this time, but nobody listens and nobody asks: no timer runs
		await sleep(300);
		expect(created).toEqual([]);
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		await call(server, `/api/conversations/${c.id}/events`, {method: 'POST', body: {content: [{type: 'text', text: 'Again'}], run: true}});
		const start = client.frames.length;
		server.clearRequests();
		// the model's answer comes a few steps later, on the engine's timer
		const action = await client.next(f => f.kind === 'ActionEvent', 5000, start);
		expect(server.requests).toEqual([]);
		expect(created).toContain(action.id);
		// the frame is the stored event, as search has it
		const stored = (await allEvents(server, c.id)).find(e => e.id === action.id);
		expect(action).toEqual(stored);
	});

	it('runs the agent on a Message frame: the user MessageEvent comes back, then the run; a full_state ends it', async () => {
		const server = await startAgent({stepMs: 10});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		client.send({role: 'user', content: [{type: 'text', text: 'One more pass, please'}], run: true});
		const echo = await client.next(f => f.kind === 'MessageEvent');
		expect(echo).toMatchObject({source: 'user', llm_message: {role: 'user', content: [{type: 'text', text: 'One more pass, please'}]}});
		const start = client.frames.indexOf(echo);
		// finished → idle before the message, running after it
		expect(client.frames[start - 1]).toMatchObject({key: 'execution_status', value: 'idle'});
		await client.next(f => f.key === 'execution_status' && f.value === 'running', 5000, start);
		await client.next(f => f.kind === 'ActionEvent', 5000, start);
		const end = await client.next(f => f.key === 'execution_status' && f.value === 'finished', 10_000, start);
		const after = await client.next(f => f.key === 'full_state', 5000, client.frames.indexOf(end));
		expect(after.value.execution_status).toBe('finished');
	});

	it('answers a bad frame with a ServerErrorEvent and stays open; ignores extra auth frames', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		client.send('hello');
		const decode = await client.next(f => f.kind === 'ServerErrorEvent');
		expect(Object.keys(decode)).toEqual(['id', 'timestamp', 'source', 'code', 'detail', 'kind']);
		expect(decode).toMatchObject({source: 'environment', code: 'JSONDecodeError', detail: 'Expecting value: line 1 column 1 (char 0)'});
		client.send({foo: 1});
		const invalid = await client.next(f => f.kind === 'ServerErrorEvent' && f.code === 'ValidationError');
		expect(invalid.detail).toMatch(/^1 validation error for Message\nrole\n {2}Field required \[type=missing, input_value=\{'foo': 1\}, input_type=dict\]/);
		client.send({type: 'auth', session_api_key: 'whatever'});
		client.send({role: 'user', content: [{type: 'text', text: 'still here'}]});
		await client.next(f => f.kind === 'MessageEvent');
		expect(client.frames.filter(f => f.kind === 'ServerErrorEvent')).toHaveLength(2);
	});

	it('answers client pings with the same payload; sends no pings unless asked, then closes 1011 when a pong is missing', async () => {
		const server = await startAgent();
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		const pong = new Promise<string>(resolve => client.ws.once('pong', data => resolve(data.toString())));
		client.ws.ping('are-you-there');
		expect(await pong).toBe('are-you-there');
		let pinged = false;
		client.ws.on('ping', () => (pinged = true));
		await sleep(150);
		expect(pinged).toBe(false);

		const pinging = await startAgent({pingIntervalMs: 50});
		const id = (await byTitle(pinging, 'Fix flaky date parsing')).id;
		const answering = connect(socketUrl(pinging.url, id));
		let pings = 0;
		answering.ws.on('ping', () => pings++);
		const deaf = new WebSocket(socketUrl(pinging.url, id), {autoPong: false});
		const deafClosed = new Promise<number>(resolve => deaf.once('close', code => resolve(code)));
		expect(await deafClosed).toBe(1011);
		// a client that answers is pinged on and on, and kept
		await eventually(() => pings, n => n >= 3);
		expect(answering.ws.readyState).toBe(WebSocket.OPEN);
	});

	it('streams a model answer as StreamingDeltaEvents before it, when asked; they never reach search', async () => {
		const server = await startAgent({streaming: true, stepMs: 10});
		const c = await byTitle(server, 'Fix flaky date parsing');
		const client = connect(socketUrl(server.url, c.id));
		await client.next(() => true);
		await call(server, `/api/conversations/${c.id}/run`, {method: 'POST'});
		const action = await client.next(f => f.kind === 'ActionEvent' && f.thought?.length > 0);
		const deltas = client.frames.slice(0, client.frames.indexOf(action)).filter(f => f.kind === 'StreamingDeltaEvent');
		expect(deltas.length).toBeGreaterThan(0);
		expect(Object.keys(deltas[0])).toEqual(['id', 'timestamp', 'source', 'content', 'kind']);
		expect(deltas.slice(-4).map(d => d.content).join('')).toContain(action.thought[0].text.slice(-5));
		const stored = await allEvents(server, c.id);
		expect(stored.some(e => e.kind === 'StreamingDeltaEvent')).toBe(false);
	});
});

describe('agent server stand-in: replay while events are created', () => {
	it('subscribes before it replays: an event created during the replay comes live, then again inside the replay', async () => {
		const server = await startAgent({seed: {conversations: 1, events: 5000}});
		const [id] = server.conversationIds();
		const client = connect(socketUrl(server.url, id!, 'resend_mode=all'));
		await client.opened;
		client.send({role: 'user', content: [{type: 'text', text: 'while you replay'}]});
		const mine = (f: any) => f.kind === 'MessageEvent' && f.llm_message.content[0].text === 'while you replay';
		const live = await client.next(mine, 10_000);
		const again = await client.next(mine, 10_000, client.frames.indexOf(live) + 1);
		expect(again).toEqual(live);
		// the live one came before older events the replay had not reached yet
		const firstOld = client.frames.findIndex((f, i) => i > client.frames.indexOf(live) && f.key !== 'full_state' && f.timestamp < live.timestamp);
		expect(firstOld).toBeGreaterThan(client.frames.indexOf(live));
	});
});
