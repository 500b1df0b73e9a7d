/**
 * The client and the store against the agent-server stand-in (source/server/agentServer, a faithful
 * 1.43.1 or 1.1.0) over real HTTP: what the fixture tests check, once more against the stand-in
 * that imitates a real run, with its seeded story.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {startAgentServerStandIn, type AgentServerOptions, type AgentServerStandIn} from '../../source/server/index.js';
import {type ClockedStore, clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

const KEY = 'stand-in-key-4c1e';
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

async function standIn(options: AgentServerOptions = {}): Promise<{server: AgentServerStandIn; client: OpenHandsClient; h: ClockedStore}> {
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0, ...options});
	const client = createClient({baseUrl: server.url, apiKey: KEY});
	const h = clockedStore(new ManualClock(), client, {refreshMs: 5000});
	open.push(server, {close: h.closeStore});
	return {server, client, h};
}

async function started(options: AgentServerOptions = {}) {
	const made = await standIn(options);
	made.h.store.start();
	await made.h.settle();
	return made;
}

const titled = (h: ClockedStore, start: string) => h.store.getSnapshot().conversations.data!.find(c => c.title?.startsWith(start))!;

describe('against the agent-server stand-in', () => {
	it('1.43.1: found, listed with working directories, models and costs; the tabs it cannot serve say so', async () => {
		const {h} = await started();
		const snapshot = h.store.getSnapshot();
		expect(snapshot.server).toMatchObject({kind: 'agent-server', label: 'agent server 1.43.1'});
		const rows = snapshot.conversations.data!;
		expect(rows.length).toBeGreaterThan(3);
		expect(rows.every(c => c.working_dir && c.sandbox_id === '' && c.llm_model)).toBe(true);
		expect(rows.some(c => (c.metrics?.accumulated_cost ?? 0) > 0)).toBe(true);
		h.store.setVisible('sandboxes');
		await h.settle();
		expect(h.store.getSnapshot().sandboxes.error).toMatchObject({kind: 'unsupported'});
		h.store.setVisible('settings');
		await h.settle();
		expect(h.store.getSnapshot().settings.data).toMatchObject({shape: 'agent', llm: {apiKeySet: true}});
	});

	it('a server whose clock is UTC+5:30: the activity learns the offset from updated_at against the newest event', async () => {
		const {h} = await started({utcOffsetMinutes: 330});
		const c = titled(h, 'Plan: split the billing');
		h.store.openActivity(c.id);
		await h.settle();
		expect(h.store.getSnapshot().activity).toMatchObject({agent: {version: '1.43.1', rejects: true, clockOffsetMs: 330 * 60_000}});
	});

	it('changes: the files of a seeded working tree, counted; a diff from two whole texts', async () => {
		const {h} = await started();
		const c = h.store.getSnapshot().conversations.data!.find(row => row.execution_status === 'finished')!;
		h.store.openChanges(c);
		await h.settle();
		const changes = h.store.getSnapshot().changes!;
		expect(changes.error).toBeNull();
		expect(changes.files!.length).toBeGreaterThan(0);
		const updated = changes.files!.find(f => f.status === 'UPDATED' || f.status === 'ADDED')!;
		expect(updated.added).toBeGreaterThan(0);
		h.store.openDiff(updated.path);
		await h.settle();
		expect(h.store.getSnapshot().changes!.diff).toMatchObject({path: updated.path, error: null, text: expect.stringMatching(/^--- a\//)});
	});

	it('new conversation with the saved settings, encrypted, the row at once; the policy switch; a reject that rejects', async () => {
		const {client, h} = await started();
		h.store.createConversation({initialMessage: 'say hi', workingDir: '/home/dev/src/hello-world'});
		await h.settle();
		expect(h.store.getSnapshot().notice?.level).toBe('info');
		const made = h.store.getSnapshot().conversations.data![0]!;
		expect(made.working_dir).toBe('/home/dev/src/hello-world');
		const waiting = titled(h, 'Plan: split the billing');
		h.store.setConfirmationPolicy(waiting.id, {kind: 'AlwaysConfirm'});
		await h.settle();
		expect(titled(h, 'Plan: split the billing').confirmation_policy).toEqual({kind: 'AlwaysConfirm'});
		h.store.controlAgent(waiting.id, 'reject', 'not the production table');
		await h.settle();
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'info', text: expect.stringMatching(/^action rejected/)});
		const events = await client.searchEvents(waiting.id, {sortOrder: 'TIMESTAMP_DESC', limit: 5});
		expect(events.items.some(e => e.kind === 'UserRejectObservation' && e.raw['rejection_reason'] === 'not the production table')).toBe(true);
	});

	it('1.1.0 (what legacy app servers launch): found by /server_info; no settings route is a final line; a reject is refused unsent', async () => {
		const {client, h} = await started({version: '1.1.0'});
		expect(h.store.getSnapshot().server).toMatchObject({kind: 'agent-server', version: '1.1.0'});
		h.store.setVisible('settings');
		await h.settle();
		expect(h.store.getSnapshot().settings.error).toMatchObject({kind: 'unsupported', message: expect.stringMatching(/keeps no settings \(SDK 1\.17 and later\)/)});
		const waiting = h.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'waiting_for_confirmation')!;
		h.store.controlAgent(waiting.id, 'reject');
		await h.settle();
		expect(h.store.getSnapshot().notice).toMatchObject({level: 'error', text: expect.stringMatching(/cannot reject an action/)});
		const events = await client.searchEvents(waiting.id, {sortOrder: 'TIMESTAMP_DESC', limit: 5});
		expect(events.items.some(e => e.kind === 'UserRejectObservation' || e.kind === 'PauseEvent')).toBe(false);
	});
});
