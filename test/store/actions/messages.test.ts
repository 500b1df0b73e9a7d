import {afterEach, describe, expect, it} from 'vitest';
import type {Generation} from '../../../source/api/client.js';
import {type ActivityHarness, CONV, KEY, SANDBOX, activityHarness} from '../activityHarness.js';
import {record} from '../harness.js';

let h: ActivityHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

const STATUS = `agent GET /api/conversations/${CONV}`;
/** this fixture's agent server does not serve the conversation (404): its status is then read from the app server */
const APP_STATUS = `GET /api/v1/app-conversations?ids=${CONV}`;
const SEND: Record<Generation, string> = {
	legacy: `agent POST /api/conversations/${CONV}/events`,
	current: `POST /api/v1/app-conversations/${CONV}/send-message`,
};

async function ready(generation: Generation, sandboxStatus = 'RUNNING', execution = 'idle'): Promise<ActivityHarness> {
	h = await activityHarness(generation, {events: 5, sandboxStatus, execution});
	h.store.start(); // the conversations list: the store knows the conversation
	await h.settle();
	h.clear();
	return h;
}

const posts = (h: ActivityHarness) => h.lines().filter(line => / POST /.test(` ${line}`) && /send-message|\/events$/.test(line));

describe('drafts', () => {
	it('are kept per conversation, removed when emptied, and unchanged text notifies nobody', async () => {
		h = await activityHarness('current');
		h.store.saveDraft('a', 'hello');
		h.store.saveDraft('b', 'other');
		const snapshot = h.store.getSnapshot();
		const seen = record(h.store);
		h.store.saveDraft('a', 'hello');
		h.store.saveDraft('c', '');
		expect(seen).toHaveLength(0);
		expect(h.store.getSnapshot()).toBe(snapshot);
		h.store.saveDraft('a', '');
		expect(h.store.getSnapshot().drafts).toEqual({b: 'other'});
	});
});

describe.each<Generation>(['legacy', 'current'])('%s: sendMessage', generation => {
	it('one POST; the draft goes, a notice says so, and the message shows at the next follow tick', async () => {
		const h = await ready(generation);
		h.store.openActivity(CONV);
		await h.settle();
		h.store.saveDraft(CONV, 'run the linter too');
		h.clear();
		h.store.sendMessage(CONV, 'run the linter too');
		expect(h.store.getSnapshot().pending).toMatchObject([{key: `message:${CONV}`, kind: 'message', phase: 'calling'}]);
		await h.advance(1000);
		// the agent's status from its agent server right before the message (issue 26 item 1)
		expect(h.lines()).toEqual([STATUS, APP_STATUS, SEND[generation]]);
		expect(h.store.getSnapshot()).toMatchObject({drafts: {}, pending: [], notice: {level: 'info', text: 'message sent to Fix the flaky tests'}});
		if (generation === 'legacy') expect(h.server.seen[0]!.headers['x-session-api-key']).toBe(KEY);
		await h.advance(5000);
		const last = h.store.getSnapshot().activity!.events.filter(e => e.kind === 'MessageEvent').at(-1);
		expect(last?.raw).toMatchObject({source: 'user', llm_message: {content: [{text: 'run the linter too'}]}});
	});

	it('a refused send keeps the draft and says why; exactly one POST', async () => {
		const h = await ready(generation);
		h.server.conversations.get(CONV)!.id = 'gone';
		h.store.sendMessage(CONV, 'are you there?');
		await h.settle();
		expect(posts(h)).toHaveLength(1);
		expect(h.store.getSnapshot().drafts).toEqual({[CONV]: 'are you there?'});
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'error', text: expect.stringMatching(/^message not sent: .*(does not know this conversation)/)});
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('with resumeFirst: resume, watch to RUNNING, read the conversation again, then one POST', async () => {
		const h = await ready(generation, 'PAUSED');
		h.server.resumeSteps = 2;
		h.store.sendMessage(CONV, 'continue please', {resumeFirst: true});
		expect(h.store.getSnapshot().pending).toMatchObject([
			{kind: 'message', phase: 'watching', targetState: 'RUNNING'},
			{kind: 'resume', targetId: SANDBOX, phase: 'calling'},
		]);
		await h.advance(5000);
		// (the list refresh after the resume call, and the conversations poll, are the store's own; the
		// fixture has no list routes, and the client probes which server answers 404 there)
		const lines = h.lines().filter(line => !/^GET \/api\/v1\/(sandboxes|app-conversations)\/search|^GET \/api\/(v1\/)?settings|web-client\/config/.test(line));
		expect(lines).toEqual([
			`POST /api/v1/sandboxes/${SANDBOX}/resume`,
			`GET /api/v1/sandboxes?id=${SANDBOX}`,
			`GET /api/v1/sandboxes?id=${SANDBOX}`,
			`GET /api/v1/sandboxes?id=${SANDBOX}`,
			`GET /api/v1/app-conversations?ids=${CONV}`,
			'agent GET /server_info',
			STATUS,
			APP_STATUS,
			SEND[generation],
		]);
		expect(h.store.getSnapshot()).toMatchObject({drafts: {}, pending: [], notice: {level: 'info', text: 'message sent to Fix the flaky tests'}});
	});

	it('with resumeFirst, a sandbox that cannot resume: no POST, the draft kept, the reason shown', async () => {
		const h = await ready(generation, 'PAUSED');
		h.server.sandboxes.get(SANDBOX)!.deleted = true;
		h.store.sendMessage(CONV, 'hello?', {resumeFirst: true});
		await h.advance(3000);
		expect(posts(h)).toEqual([]);
		expect(h.store.getSnapshot().drafts).toEqual({[CONV]: 'hello?'});
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'error', text: expect.stringMatching(/^message not sent: resume of sandbox sb-activity failed: not found \(404\)/)});
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('a send with no answer gets the action deadline, then "outcome unknown" and the draft kept', async () => {
		// reads give up after 5 s here; the action deadline (0.3 s) must be the one the call gets
		h = await activityHarness(generation, {events: 5, store: {actionDeadlineMs: 300}, client: {requestDeadlineMs: 5000}});
		h.store.start();
		await h.settle();
		h.server.hold = r => r.method === 'POST';
		h.store.sendMessage(CONV, 'still there?');
		await h.settle();
		expect(posts(h)).toHaveLength(1);
		expect(h.store.getSnapshot().notice).toMatchObject({
			level: 'error',
			text: expect.stringMatching(/^the message: outcome unknown, the events will tell; the draft is kept · (the agent server at \S+|server) did not answer within 0\.3 s/),
		});
		expect(h.store.getSnapshot()).toMatchObject({drafts: {[CONV]: 'still there?'}, pending: []});
	});

	it('a second send while one is on its way is refused without a request', async () => {
		const h = await ready(generation);
		h.store.sendMessage(CONV, 'one');
		h.store.sendMessage(CONV, 'two');
		expect(h.store.getSnapshot().notice?.text).toBe('a message to this conversation is already on its way');
		await h.settle();
		expect(posts(h)).toHaveLength(1);
		expect(h.store.getSnapshot().drafts).toEqual({});
	});
});

describe.each<Generation>(['legacy', 'current'])('%s: controlAgent', generation => {
	it('pause, then run: one agent-server request each, the conversation read again after each, a "done" notice each', async () => {
		const h = await ready(generation, 'RUNNING', 'running');
		h.store.controlAgent(CONV, 'pause');
		expect(h.store.getSnapshot().pending).toMatchObject([{key: `agent:${CONV}`, kind: 'agent', targetState: 'pause'}]);
		await h.advance(1000);
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: 'agent paused: Fix the flaky tests'});
		h.store.controlAgent(CONV, 'run');
		await h.advance(1000);
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: 'agent running: Fix the flaky tests'});
		// issue 21 item 11: a batch get after each command keeps the header fresh; issue 26 item 1: the
		// agent's status read again right before a run (a run approves what waits)
		expect(h.lines()).toEqual([
			`agent POST /api/conversations/${CONV}/pause`,
			`GET /api/v1/app-conversations?ids=${CONV}`,
			'agent GET /server_info',
			STATUS,
			APP_STATUS,
			`agent POST /api/conversations/${CONV}/run`,
			`GET /api/v1/app-conversations?ids=${CONV}`,
		]);
	});

	it('refused: the server\'s reason', async () => {
		const h = await ready(generation, 'RUNNING', 'running');
		h.store.controlAgent(CONV, 'run');
		await h.settle();
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'error', text: expect.stringMatching(/^running the agent refused: the agent is already running \(409\)/)});
	});

	it('reject with a reason, accept', async () => {
		const h = await ready(generation, 'RUNNING', 'waiting_for_confirmation');
		h.store.controlAgent(CONV, 'reject', 'not the fixtures');
		await h.advance(1000);
		expect(h.store.getSnapshot().notice?.text).toBe('action rejected: Fix the flaky tests');
		expect(JSON.parse(h.server.seen.filter(r => r.method === 'POST').at(-1)!.body)).toEqual({accept: false, reason: 'not the fixtures'});
		// the agent waits again (a second action): the list says so at its next poll
		h.server.conversations.get(CONV)!.execution = 'waiting_for_confirmation';
		await h.advance(5000);
		h.store.controlAgent(CONV, 'accept');
		await h.advance(1000);
		expect(h.store.getSnapshot().notice?.text).toBe('action accepted: Fix the flaky tests');
	});

	it('unreachable: says the agent server cannot be reached, never the key', async () => {
		const h = await ready(generation, 'RUNNING', 'running');
		await h.server.closeAgent();
		h.store.controlAgent(CONV, 'pause');
		await h.settle();
		const notice = h.store.getSnapshot().notice;
		expect(notice).toMatchObject({level: 'error', text: expect.stringMatching(/^pausing the agent failed: the agent server at 127\.0\.0\.1:\d+ is not reachable from here: connection refused/)});
		expect(notice?.text).not.toContain(KEY);
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('no answer within the action deadline: the status is watched, and only a watch that runs out is "outcome unknown"', async () => {
		h = await activityHarness(generation, {events: 5, execution: 'running', store: {actionDeadlineMs: 300, watchTimeoutMs: 9000}, client: {requestDeadlineMs: 5000}});
		h.store.start();
		await h.settle();
		h.server.hold = r => r.method === 'POST';
		h.store.controlAgent(CONV, 'pause');
		await h.settle();
		expect(h.store.getSnapshot().notice?.text).toBe("pausing the agent after its current step: no answer yet, watching the agent's status…");
		expect(h.store.getSnapshot().pending).toMatchObject([{kind: 'agent', phase: 'checking'}]);
		await h.advance(10_000);
		expect(h.store.getSnapshot().notice).toMatchObject({
			level: 'error',
			text: expect.stringMatching(/^pausing the agent: outcome unknown, the status did not change within 9 s, the events will tell · the agent server at \S+ did not answer within 0\.3 s/),
		});
		expect(h.store.getSnapshot().pending).toEqual([]);
	});

	it('a paused sandbox: read again, then a clear line (no agent server to reach)', async () => {
		const h = await ready(generation, 'PAUSED', 'paused');
		h.store.controlAgent(CONV, 'run');
		await h.advance(1000);
		// read for the agent's address, for its status right before the run (no agent server: the app
		// server's), and again after the command (issue 21 item 11)
		expect(h.lines()).toEqual([`GET /api/v1/app-conversations?ids=${CONV}`, APP_STATUS, `GET /api/v1/app-conversations?ids=${CONV}`]);
		expect(h.store.getSnapshot().notice?.text).toMatch(/^running the agent failed: the conversation has no agent server address: its sandbox is not running/);
	});
});
