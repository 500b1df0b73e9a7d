import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import {createStore} from '../../source/store/createStore.js';
import {restartable} from '../api/restartable.js';
import {sendJson} from '../api/testServer.js';
import {ManualClock} from './manualClock.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

describe('snapshot.server (the header label)', () => {
	it('is asked once at start, and again when the server comes back after being unreachable', async () => {
		const box = await restartable({
			extra: (request, res) => {
				if (request.path !== '/api/v1/sandboxes/search') return false;
				sendJson(res, 200, {items: [], next_page_id: null});
				return true;
			},
		});
		cleanup.push(() => box.stop());
		await box.start('legacy');
		const clock = new ManualClock();
		const client = createClient({baseUrl: `http://127.0.0.1:${box.port}`});
		const store = createStore(client, {scheduler: clock, random: () => 0.5, visible: 'sandboxes'});
		cleanup.push(() => client.close(), () => store.dispose());

		expect(store.getSnapshot().server).toBeNull();
		store.start();
		await store.whenSettled();
		expect(store.getSnapshot().server?.label).toBe('legacy');
		const first = store.getSnapshot().server;

		// polls that find the same server keep the label's identity (no re-render)
		await clock.advance(10_000, () => store.whenSettled());
		expect(store.getSnapshot().server).toBe(first);

		// down: the poll fails unreachable; upgraded while down; back: the label follows
		await box.stop();
		await clock.advance(5_000, () => store.whenSettled());
		expect(store.getSnapshot().sandboxes.error?.kind).toBe('unreachable');
		await box.start('current');
		await clock.advance(60_000, () => store.whenSettled());
		expect(store.getSnapshot().sandboxes.error).toBeNull();
		await store.whenSettled();
		expect(store.getSnapshot().server?.label).toBe('sandbox-server');
	});
});
