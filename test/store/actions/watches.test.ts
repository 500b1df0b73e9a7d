// Issue 9 items 6, 7 and 9: watches of one kind share one request per tick and leave room for the
// lists; an action that timed out is "checking", not failed, until a watch finds out; a late list
// answer never replaces fresher data a watch brought.
import {afterEach, describe, expect, it} from 'vitest';
import type {StoreSnapshot} from '../../../source/store/types.js';
import {faults} from '../../support/faults.js';
import {slowFaults} from '../../support/slowFaults.js';
import {faultHarness, harness, realSleep, record, type FaultHarness, type Harness} from '../harness.js';

let h: Harness | FaultHarness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

/** Steps store time `stepMs` at a time (with a real pause between) until `done` or `steps` run out. */
async function stepUntil(h: Harness, done: () => boolean, stepMs = 1000, steps = 60): Promise<void> {
	for (let i = 0; i < steps && !done(); i++) {
		await realSleep(20);
		await h.clock.advance(stepMs, async () => {});
		await realSleep(20);
	}
}

/** Waits (real time) for a store condition, without settling (a slow request may be on the wire). */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await realSleep(10);
	}
}

describe('ten pending actions (issue 9 item 7)', () => {
	it('share one status request per tick, and the visible list keeps its interval', async () => {
		h = await harness({seed: 'demo', bootMs: 600_000}, {visible: 'conversations'});
		h.store.start();
		await h.settle();
		for (let i = 0; i < 12; i++) h.store.startSandbox();
		await h.advance(2000);
		const ids = h.store.getSnapshot().pending.map(p => p.targetId);
		expect(ids.every(Boolean)).toBe(true);
		h.server.clearRequests();
		await h.advance(20_000);
		const lines = h.lines();
		const watches = lines.filter(l => l.startsWith('GET /api/v1/sandboxes?'));
		// one a second, each asking for every watched sandbox
		expect(watches).toHaveLength(20);
		for (const line of watches) for (const id of ids) expect(line).toContain(`id=${id}`);
		// the conversations poll still every 5 s
		expect(lines.filter(l => l.startsWith('GET /api/v1/app-conversations/search'))).toHaveLength(4);
		// and Ctrl-r goes at once
		h.server.clearRequests();
		h.store.refresh();
		await h.settle();
		expect(h.lines()).toEqual(['GET /api/v1/app-conversations/search?limit=100']);
	});
});

describe('an action call that times out (issue 9 item 6)', () => {
	it('start: "outcome unknown, checking…", then the new sandbox is found in the list and watched; never "failed"', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 2000}, {visible: 'sandboxes', actionDeadlineMs: 400});
		const f = h as FaultHarness;
		f.store.start();
		await f.settle();
		const before = new Set(f.store.getSnapshot().sandboxes.data!.map(s => s.id));
		// the server starts it at once but answers only 1.2 s later (the process runtime: up to 31 s)
		await f.faults.set(slowFaults.lateAnswer(1200), {method: 'POST', path: '/api/v1/sandboxes', times: 1});
		const notices: string[] = [];
		f.store.subscribe(() => {
			const text = f.store.getSnapshot().notice?.text;
			if (text && notices.at(-1) !== text) notices.push(text);
		});
		f.store.startSandbox();
		await f.settle();
		expect(f.store.getSnapshot().pending).toMatchObject([{kind: 'start', phase: 'checking', targetId: null}]);
		expect(notices.at(-1)).toMatch(/^starting a sandbox: no answer within \d+ s; outcome unknown, checking…$/);
		// the watch of the newest sandboxes finds it
		await stepUntil(f, () => f.store.getSnapshot().pending.length === 0);
		const created = f.store.getSnapshot().sandboxes.data!.filter(s => !before.has(s.id));
		expect(created).toHaveLength(1);
		expect(created[0]!.status).toBe('RUNNING');
		expect(notices).toContain(`starting sandbox ${created[0]!.id}`);
		expect(notices.at(-1)).toBe(`sandbox ${created[0]!.id} is running`);
		expect(notices.some(n => /fail/.test(n))).toBe(false);
		expect(f.lines().filter(l => l.startsWith('POST'))).toHaveLength(1);
	});

	it('pause: "checking…", then the watch sees PAUSED', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes', actionDeadlineMs: 400});
		const f = h as FaultHarness;
		f.store.start();
		await f.settle();
		const running = f.store.getSnapshot().sandboxes.data!.find(s => s.status === 'RUNNING')!;
		await f.faults.set(slowFaults.lateAnswer(1200), {method: 'POST', path: /\/pause$/, times: 1});
		f.store.pauseSandbox(running.id);
		await f.settle();
		expect(f.store.getSnapshot().pending).toMatchObject([{kind: 'pause', phase: 'checking', targetId: running.id}]);
		expect(f.store.getSnapshot().notice?.text).toMatch(/^pause of sandbox \S+: no answer within \d+ s; outcome unknown, checking…$/);
		await stepUntil(f, () => f.store.getSnapshot().pending.length === 0);
		expect(f.store.getSnapshot().notice?.text).toBe(`sandbox ${running.id} is paused`);
		expect(f.store.getSnapshot().sandboxes.data!.find(s => s.id === running.id)?.status).toBe('PAUSED');
	});

	it('a call refused at once still fails at once (the outcome is known)', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		const f = h as FaultHarness;
		f.store.start();
		await f.settle();
		await f.faults.set(faults.internalError(), {method: 'POST', path: '/api/v1/sandboxes'});
		f.store.startSandbox();
		await f.settle();
		expect(f.store.getSnapshot().pending).toEqual([]);
		expect(f.store.getSnapshot().notice?.text).toMatch(/^starting a sandbox failed: server error \(500\)/);
	});
});

describe('a late list answer (issue 9 item 9)', () => {
	it('never replaces the status a watch saw after the list was asked for', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		const f = h as FaultHarness;
		f.store.start();
		await f.settle();
		const running = f.store.getSnapshot().sandboxes.data!.find(s => s.status === 'RUNNING')!;
		// the next list answer is read at once but delivered 1.5 s later: RUNNING, older than the pause
		await f.faults.set(slowFaults.lateAnswer(1500), {path: '/api/v1/sandboxes/search', times: 1});
		const seen: StoreSnapshot[] = record(f.store);
		f.store.refresh();
		await until(() => f.server.requests.some(r => r.path === '/api/v1/sandboxes/search'), 'the list read upstream');
		f.server.clearRequests();
		f.store.pauseSandbox(running.id);
		await until(() => f.store.getSnapshot().pending[0]?.phase === 'watching', 'the pause answered');
		await f.clock.advance(1000, async () => {});
		await until(() => f.store.getSnapshot().sandboxes.data!.find(s => s.id === running.id)?.status === 'PAUSED', 'the watch saw PAUSED');
		await f.settle();
		const statuses = seen.map(s => s.sandboxes.data!.find(x => x.id === running.id)?.status);
		const paused = statuses.indexOf('PAUSED');
		expect(paused).toBeGreaterThan(-1);
		expect(statuses.slice(paused)).not.toContain('RUNNING');
		expect(f.store.getSnapshot().sandboxes.data!.find(s => s.id === running.id)?.status).toBe('PAUSED');
	});

	it('a late first page keeps a sandbox started after it was asked for', async () => {
		h = await faultHarness({seed: 'demo', bootMs: 60_000}, {visible: 'sandboxes'});
		const f = h as FaultHarness;
		f.store.start();
		await f.settle();
		await f.faults.set(slowFaults.lateAnswer(1000), {path: '/api/v1/sandboxes/search', times: 1});
		const seen: StoreSnapshot[] = record(f.store);
		f.store.refresh();
		await until(() => f.server.requests.some(r => r.path === '/api/v1/sandboxes/search'), 'the list read upstream');
		await f.clock.advance(100, async () => {});
		f.store.startSandbox();
		await until(() => f.store.getSnapshot().pending[0]?.phase === 'watching', 'the start answered');
		const id = f.store.getSnapshot().pending[0]!.targetId!;
		await f.settle();
		const present = seen.map(s => s.sandboxes.data!.some(x => x.id === id));
		expect(present.slice(present.indexOf(true))).not.toContain(false);
		expect(f.store.getSnapshot().sandboxes.data![0]!.id).toBe(id);
	});
});
