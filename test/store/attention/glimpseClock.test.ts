/**
 * Issue 27 item 8, the clock half, measured in tmux: a direct agent server in New York (UTC-5) sends
 * naive local event times; the DOING column read them as UTC and said "5h" for an agent that had
 * changed state seconds before (the activity view, which learns the offset, said "just now"). The
 * glimpse learns the offset where it is reliable: an agent server's own listing, whose aware
 * `updated_at` moves with every event (store/activity/activityAgent.ts learnOffset).
 */
import {afterEach, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {doingText} from '../../../source/present/doingNow.js';
import {type AgentFixture, startAgentFixture} from '../../support/agentFixture.js';
import {isoformat} from '../../support/eventData.js';
import {type ClockedStore, clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'agent-key-Zq81x';
const HOUR = 3_600_000;
let agent: AgentFixture | null = null;
let h: (ClockedStore & {closeStore(): Promise<void>}) | null = null;
afterEach(async () => {
	await h?.closeStore();
	await agent?.close();
	h = null;
	agent = null;
});

it('the DOING age of an agent server five hours behind UTC: seconds, not "5h"', async () => {
	agent = await startAgentFixture({key: KEY});
	h = clockedStore(new ManualClock(), createClient({baseUrl: agent.url, apiKey: KEY}), {refreshMs: 5000});
	const utc = Date.parse('2026-11-25T15:00:00Z');
	const local = (ms: number) => isoformat(ms - 5 * HOUR);
	const c = agent.add({updatedAt: '2026-11-25T15:00:05.000000Z', status: 'running'});
	c.events.push(
		{id: 'e0', timestamp: local(utc), source: 'user', kind: 'MessageEvent'},
		{id: 'e1', timestamp: local(utc + 1000), source: 'environment', kind: 'ConversationStateUpdateEvent', key: 'execution_status', value: 'running'},
		{id: 'e2', timestamp: local(utc + 5000), source: 'agent', kind: 'MessageEvent'},
	);
	h.store.start();
	await h.settle();
	h.store.watchGlimpses([c.id], c.id);
	await h.advance(1000);
	const glimpse = h.store.getSnapshot().glimpses?.[c.id];
	expect(glimpse?.events.map(e => e.id)).toEqual(['e0', 'e1', 'e2']);
	const row = h.store.getSnapshot().conversations.data!.find(r => r.id === c.id)!;
	// ten seconds after it started running
	expect(doingText(row, 'running', glimpse, utc + 11_000)).toMatch(/^10s /);
});
