// Issue 9 item 7: the header must not say "ok" over a list the store has not refreshed for more than
// two intervals, and finding that out must cost nothing while all is well.
import {afterEach, describe, expect, it} from 'vitest';
import {faults} from '../../support/faults.js';
import {faultHarness, realSleep, record, type FaultHarness} from '../harness.js';

let f: FaultHarness | undefined;
afterEach(async () => {
	await f?.close();
	f = undefined;
});

describe('staleSince', () => {
	it('is set once, two intervals after the last success, while a poll hangs; cleared by the next success', async () => {
		f = await faultHarness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		f.store.start();
		await f.advance(10_000); // seeded sandboxes finish booting
		// an idle, healthy minute: no notification at all
		const idle = record(f.store);
		await f.advance(60_000);
		expect(idle).toHaveLength(0);
		expect(f.store.getSnapshot().sandboxes.staleSince).toBeNull();

		const last = f.clock.now();
		await f.faults.set(faults.delayHeaders(1500), {path: '/api/v1/sandboxes/search', times: 1});
		const seen = record(f.store);
		// the poll at +5 s hangs (store time stands still while it does)
		await f.clock.advance(9_999, async () => {});
		expect(f.store.getSnapshot().sandboxes.staleSince).toBeNull();
		await f.clock.advance(1, async () => {});
		expect(f.store.getSnapshot().sandboxes.staleSince).toBe(last);
		expect(f.store.getSnapshot().sandboxes.error).toBeNull();
		expect(seen).toHaveLength(1);
		// the hung poll answers: fresh again
		await f.settle();
		expect(f.store.getSnapshot().sandboxes.staleSince).toBeNull();
	});

	it('a tab shown after a long time gets one interval of grace for its first fetch', async () => {
		f = await faultHarness({seed: 'demo', bootMs: 0}, {visible: 'sandboxes'});
		f.store.start();
		await f.settle();
		f.store.setVisible('specs');
		await f.advance(60_000);
		await f.faults.set(faults.delayHeaders(1000), {path: '/api/v1/sandboxes/search', times: 1});
		f.store.setVisible('sandboxes');
		await f.clock.advance(4_999, async () => {});
		expect(f.store.getSnapshot().sandboxes.staleSince).toBeNull();
		await f.clock.advance(1, async () => {});
		expect(f.store.getSnapshot().sandboxes.staleSince).not.toBeNull();
		await realSleep(10);
		await f.settle();
		expect(f.store.getSnapshot().sandboxes.staleSince).toBeNull();
	});

	it('is not set on the list an open activity holds; closed, the list gets one interval of grace', async () => {
		// polling (the activity's socket changes the header once when it is known: not what this is about)
		f = await faultHarness({seed: 'demo', bootMs: 0, live: false}, {visible: 'conversations', liveEvents: false});
		f.store.start();
		await f.advance(10_000);
		const id = f.store.getSnapshot().conversations.data![0]!.id;
		f.store.openActivity(id);
		await f.settle();
		// the list is held (not polled) on purpose: a healthy idle activity is notified of nothing
		const seen = record(f.store);
		await f.advance(60_000);
		expect(seen).toHaveLength(0);
		expect(f.store.getSnapshot().conversations.staleSince).toBeNull();
		await f.faults.set(faults.delayHeaders(1000), {path: '/api/v1/app-conversations/search', times: 1});
		f.store.closeActivity();
		await f.clock.advance(4_999, async () => {});
		expect(f.store.getSnapshot().conversations.staleSince).toBeNull();
		await f.clock.advance(1, async () => {});
		expect(f.store.getSnapshot().conversations.staleSince).not.toBeNull();
		await realSleep(10);
		await f.settle();
		expect(f.store.getSnapshot().conversations.staleSince).toBeNull();
	});
});
