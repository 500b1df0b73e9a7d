/**
 * An agent server that goes away for a while (a restart, a network that drops) and comes back:
 * the open activity's socket comes back with it, within the quick reconnect's seconds. Found by the
 * verification after the round-4 merge (verify27): after 15 s away, the reconnect's probe of the
 * server failed, the feed took that for a refusal, and the open activity polled for 5 minutes.
 * Real HTTP and a real websocket through a TCP forwarder that can refuse everything.
 */
import {createServer, connect, type Server, type Socket} from 'node:net';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn} from '../../../source/server/index.js';
import {type ClockedStore, advanceUntil, clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'away-key-7d2c';
const open: {close(): Promise<void>}[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(item => item.close()));
});

/** 127.0.0.1:port → target; `down` resets every connection, open or new */
async function forwarder(target: number): Promise<{url: string; setDown(down: boolean): void; close(): Promise<void>}> {
	const sockets = new Set<Socket>();
	let down = false;
	const server: Server = createServer(client => {
		if (down) return void client.destroy();
		const upstream = connect(target, '127.0.0.1');
		for (const s of [client, upstream]) {
			sockets.add(s);
			s.on('error', () => {});
			s.on('close', () => {
				sockets.delete(s);
				client.destroy();
				upstream.destroy();
			});
		}
		client.pipe(upstream).pipe(client);
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		setDown(value) {
			down = value;
			if (value) for (const s of sockets) s.destroy();
		},
		close: () =>
			new Promise<void>(resolve => {
				for (const s of sockets) s.destroy();
				server.close(() => resolve());
			}),
	};
}

describe('an agent server away for a while', () => {
	it('the open activity is live again within seconds of its return, not after the refusal wait', async () => {
		const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0});
		const proxy = await forwarder(server.port);
		const client = createClient({baseUrl: proxy.url, apiKey: KEY});
		const h: ClockedStore & {closeStore(): Promise<void>} = clockedStore(new ManualClock(), client, {refreshMs: 5000, liveEvents: true});
		open.push({close: h.closeStore}, proxy, server);
		h.store.start();
		await h.settle();
		const c = h.store.getSnapshot().conversations.data!.find(item => item.title?.startsWith('Plan: split the billing'))!;
		h.store.openActivity(c.id);
		await h.settle();
		const transport = () => h.store.getSnapshot().activity!.transport;
		// the store's clock moves while waiting: a handshake takes its turn in the request budget (live4)
		await advanceUntil(h, () => transport()?.live === true);

		proxy.setDown(true);
		await advanceUntil(h, () => transport()?.live === false);
		// 20 s away: the list's polls fail, the socket's quick reconnects fail
		for (let i = 0; i < 8; i++) await h.advance(2500);
		proxy.setDown(false);
		// back: as soon as the server's probe answers again (its own back-off after 20 s of failures) and
		// the quick reconnect's cap (5 s): within 30 s, where the refusal wait is 5 minutes
		for (let i = 0; i < 12 && !transport()?.live; i++) await h.advance(2500);
		expect(transport()).toMatchObject({live: true});
	});
});
