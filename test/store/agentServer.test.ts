/**
 * The store over a direct agent server (issue 16 §1): what it cannot serve is one final error, never
 * retried; a new conversation is a row at once; the changes view; the policy switch; the activity
 * follows by event ids and knows the server's version. And a URL that is no OpenHands server.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {type AgentFixture, startAgentFixture} from '../support/agentFixture.js';
import {isoformat} from '../support/eventData.js';
import {sendJson, startTestServer, type TestServer} from '../api/testServer.js';
import {type ClockedStore, clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const KEY = 'agent-key-Zq81x';
let server: AgentFixture | TestServer | null = null;
let h: (ClockedStore & {closeStore(): Promise<void>}) | null = null;
afterEach(async () => {
	await h?.closeStore();
	await server?.close();
	h = null;
	server = null;
});

async function agentStore(version = '1.43.1'): Promise<{agent: AgentFixture; h: ClockedStore}> {
	const agent = await startAgentFixture({key: KEY, version});
	server = agent;
	const client = createClient({baseUrl: agent.url, apiKey: KEY});
	h = clockedStore(new ManualClock(), client, {refreshMs: 5000});
	return {agent, h};
}

describe('store over an agent server', () => {
	it('sandboxes and specs: one final unsupported error each, never retried, no request', async () => {
		const {agent, h} = await agentStore();
		h.store.start();
		await h.settle();
		agent.seen.length = 0;
		h.store.setVisible('sandboxes');
		await h.advance(1000);
		h.store.setVisible('specs');
		await h.advance(120_000);
		const snapshot = h.store.getSnapshot();
		expect(snapshot.sandboxes.error).toMatchObject({kind: 'unsupported', message: expect.stringMatching(/^agent servers have no sandboxes/)});
		expect(snapshot.specs.error).toMatchObject({kind: 'unsupported', message: expect.stringMatching(/^agent servers have no sandbox specs/)});
		expect(snapshot.sandboxes.retryAt).toBeNull();
		expect(agent.seen).toHaveLength(0);
		// the conversations tab polls as ever
		h.store.setVisible('conversations');
		await h.advance(5000);
		expect(agent.lines().filter(l => l.startsWith('GET /api/conversations/search'))).toHaveLength(2);
	});

	it('a new conversation is a row at once (no start task), with a notice', async () => {
		const {agent, h} = await agentStore();
		h.store.start();
		await h.settle();
		h.store.createConversation({initialMessage: 'write the docs', workingDir: '/home/me/docs'});
		await h.settle();
		const snapshot = h.store.getSnapshot();
		expect(snapshot.startTasks).toEqual([]);
		expect(snapshot.pending).toEqual([]);
		expect(snapshot.conversations.data?.[0]).toMatchObject({working_dir: '/home/me/docs'});
		expect(snapshot.notice).toMatchObject({level: 'info', text: expect.stringMatching(/^conversation .* started$/)});
		expect(agent.conversations.size).toBe(1);
	});

	it('changes: the list, the +/- counts read one diff after another, a file\'s diff from memory', async () => {
		const {agent, h} = await agentStore();
		const c = agent.add({workingDir: '/w', git: {'a.txt': ['1\n2\n3\n', '1\ntwo\n3\n4\n'], 'b.txt': [null, 'new\n']}});
		h.store.start();
		await h.settle();
		const row = h.store.getSnapshot().conversations.data![0]!;
		agent.seen.length = 0;
		h.store.openChanges(row);
		await h.settle();
		expect(h.store.getSnapshot().changes).toMatchObject({
			conversationId: c.id,
			workingDir: '/w',
			files: [
				{path: 'a.txt', status: 'UPDATED', added: 2, removed: 1},
				{path: 'b.txt', status: 'ADDED', added: 1, removed: 0},
			],
			none: null,
		});
		expect(agent.lines()).toEqual(['GET /api/git/changes?path=%2Fw', 'GET /api/git/diff?path=%2Fw%2Fa.txt', 'GET /api/git/diff?path=%2Fw%2Fb.txt']);
		h.store.openDiff('a.txt');
		await h.settle();
		expect(h.store.getSnapshot().changes?.diff?.text).toBe(['--- a/a.txt', '+++ b/a.txt', '@@ -1,3 +1,4 @@', ' 1', '-2', '+two', ' 3', '+4'].join('\n'));
		expect(agent.seen).toHaveLength(3);
		h.store.closeChanges();
		expect(h.store.getSnapshot().changes).toBeNull();
	});

	it('changes read again (Ctrl-r, issue 26 item 9): the list, the counts and the open diff, the old ones shown meanwhile', async () => {
		const {agent, h} = await agentStore();
		const c = agent.add({workingDir: '/w', git: {'a.txt': ['1\n2\n3\n', '1\ntwo\n3\n']}});
		h.store.start();
		await h.settle();
		h.store.openChanges(h.store.getSnapshot().conversations.data![0]!);
		await h.settle();
		h.store.openDiff('a.txt');
		await h.settle();
		expect(h.store.getSnapshot().changes?.files).toMatchObject([{path: 'a.txt', added: 1, removed: 1}]);
		// the agent goes on working: one more line in a.txt, a new file
		c.git['a.txt'] = ['1\n2\n3\n', '1\ntwo\n3\nfour\n'];
		c.git['b.txt'] = [null, 'new\n'];
		agent.seen.length = 0;
		h.store.refreshChanges();
		// until the answers come, what was read stays on screen
		expect(h.store.getSnapshot().changes).toMatchObject({loading: true, files: [{path: 'a.txt', added: 1, removed: 1}], diff: {path: 'a.txt', text: expect.stringContaining('+two')}});
		// the requests are paced by the budget (a few at once, then one at a time)
		await h.advance(2000);
		const changes = h.store.getSnapshot().changes!;
		expect(changes.files).toMatchObject([
			{path: 'a.txt', added: 2, removed: 1},
			{path: 'b.txt', status: 'ADDED', added: 1, removed: 0},
		]);
		expect(changes.diff?.text).toContain('+four');
		expect(agent.lines()[0]).toBe('GET /api/git/changes?path=%2Fw');
	});

	it('changes of a directory without changes (or not a repository): said in words', async () => {
		const {agent, h} = await agentStore();
		agent.add({workingDir: '/plain'});
		h.store.start();
		await h.settle();
		h.store.openChanges(h.store.getSnapshot().conversations.data![0]!);
		await h.settle();
		expect(h.store.getSnapshot().changes).toMatchObject({files: [], none: 'no changes in /plain (or it is not a git repository)'});
	});

	it('the policy switch: one POST, the row shows the new policy at once', async () => {
		const {agent, h} = await agentStore();
		const c = agent.add({policy: {kind: 'NeverConfirm'}});
		h.store.start();
		await h.settle();
		h.store.setConfirmationPolicy(c.id, {kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true});
		await h.settle();
		expect(agent.seen.filter(r => r.method === 'POST').map(r => r.path)).toEqual([`/api/conversations/${c.id}/confirmation_policy`]);
		expect(h.store.getSnapshot().conversations.data![0]!.confirmation_policy).toEqual({kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true});
		expect(h.store.getSnapshot().notice?.text).toMatch(/^confirmation: confirm risky actions \(HIGH, unknown too\)/);
	});

	it('the activity: follows from the newest event id, knows the server version and its clock offset', async () => {
		const {agent, h} = await agentStore('1.5.0');
		const t0 = Date.parse('2026-11-25T10:00:00Z');
		// a server at UTC+2: naive stamps two hours ahead of updated_at
		const c = agent.add({updatedAt: '2026-11-25T08:00:05.000000Z', status: 'waiting_for_confirmation'});
		for (let n = 0; n < 3; n++) c.events.push({id: `e${n}`, timestamp: isoformat(t0 + n * 1000), source: 'agent', kind: 'MessageEvent'});
		h.store.start();
		await h.settle();
		h.store.openActivity(c.id);
		await h.settle();
		const activity = h.store.getSnapshot().activity!;
		expect(activity.events.map(e => e.id)).toEqual(['e0', 'e1', 'e2']);
		expect(activity.agent).toMatchObject({version: '1.5.0', rejects: false, clockOffsetMs: 2 * 3_600_000});
		agent.seen.length = 0;
		await h.advance(5000);
		expect(agent.lines().filter(l => l.includes('/events/search'))).toEqual([`GET /api/conversations/${c.id}/events/search?page_id=e2&sort_order=TIMESTAMP&limit=100`]);
	});
});

describe('a URL that is no OpenHands server', () => {
	it('one final line on every tab, asked again once a minute, not every few seconds', async () => {
		const plain = await startTestServer();
		server = plain;
		plain.handle((_request, res) => sendJson(res, 404, {detail: 'Not Found'}));
		h = clockedStore(new ManualClock(), createClient({baseUrl: plain.url}), {refreshMs: 5000});
		h.store.start();
		await h.settle();
		expect(h.store.getSnapshot().conversations.error).toMatchObject({kind: 'not_openhands', message: expect.stringMatching(/^not an OpenHands server/)});
		h.store.setVisible('sandboxes');
		await h.settle();
		expect(h.store.getSnapshot().sandboxes.error).toMatchObject({kind: 'not_openhands'});
		// the probe's three requests (it starts first; the list waited for its verdict), nothing else
		expect(plain.seen.map(r => r.path)).toEqual(['/api/v1/settings', '/api/settings', '/server_info']);
		const tried = h.store.getSnapshot().sandboxes.error!.at;
		await h.advance(50_000);
		expect(h.store.getSnapshot().sandboxes.error!.at).toBe(tried);
		await h.advance(20_000);
		// asked again after a minute; the client still remembers its verdict (RETRY_FAILED_MS, real
		// time), so no request went out for it
		expect(h.store.getSnapshot().sandboxes.error!.at).toBeGreaterThan(tried);
		expect(plain.seen).toHaveLength(3);
	});
});
