/**
 * Needs you and what each agent is doing (issue 19) on an agent server as the backend (the
 * agent-server stand-in, 1.43.1, over real HTTP): its conversations have no sandbox, and the one
 * predicate reads their agents' states all the same.
 */
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import {pendingActions} from '../../../source/present/events/pending.js';
import {clockedStore, type ClockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'stand-in-key-4c1e';
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

async function started(): Promise<ClockedStore> {
	const clock = new ManualClock();
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0, now: clock.now});
	const h = clockedStore(clock, createClient({baseUrl: server.url, apiKey: KEY}), {refreshMs: 5000});
	open.push(server, {close: h.closeStore});
	h.store.start();
	await h.settle();
	await h.advance(1000);
	return h;
}

describe('attention on an agent server', () => {
	it('what waits, failed or is stuck counts at once; what waits is read for its pending action; a finish before the start was seen', async () => {
		const h = await started();
		const items = h.store.getSnapshot().attention;
		const byTitle = (start: string) => items.find(i => i.title.startsWith(start));
		expect(byTitle('Plan: split the billing')).toMatchObject({reason: 'waiting', transition: false});
		expect(byTitle('Übersetzung')).toMatchObject({reason: 'error'});
		expect(byTitle('Triage failing nightly build')).toMatchObject({reason: 'stuck'});
		// finished before ohtui first kept track of this server: seen
		expect(byTitle('Fix flaky date parsing')).toBeUndefined();
		const waiting = byTitle('Plan: split the billing')!;
		const glimpse = h.store.getSnapshot().glimpses?.[waiting.id];
		expect(pendingActions(glimpse?.events ?? []).length).toBeGreaterThan(0);
	});

	it('the rows on screen get what they are doing, once per 30 s', async () => {
		const h = await started();
		const running = h.store.getSnapshot().conversations.data!.filter(c => c.execution_status === 'running').map(c => c.id);
		h.store.watchGlimpses(running, null);
		await h.advance(2000);
		for (const id of running) expect(h.store.getSnapshot().glimpses?.[id]?.events.length).toBeGreaterThan(0);
	});
});
