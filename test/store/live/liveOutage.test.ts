/**
 * An outage of the server the open activity's socket goes to (issue 26 item 8): against the real agent
 * server, after 20 s down the activity stayed on "polling every 5 s" for about 5 minutes, because the
 * reconnect that came while the server was still down failed before any socket (the client's probe,
 * forgotten after an unreachable call, could not be asked) and was taken for a refusal. Here the
 * agent-server stand-in sits behind a TCP relay that goes down (connections refused) and comes back
 * on the same port, as a restarted server does.
 */
import {createServer, connect, type Server, type Socket} from 'node:net';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startAgentServerStandIn, type AgentServerStandIn} from '../../../source/server/index.js';
import {type ClockedStore, advanceUntil, clockedStore} from '../harness.js';
import {ManualClock} from '../manualClock.js';

const KEY = 'outage-key-7d2a';
const INTERVAL = 5000;

type Relay = {url: string; down(): Promise<void>; up(): Promise<void>; close(): Promise<void>};

/** A TCP relay to `port`: down, its port refuses connections and the open ones are cut; up, it listens on the same port again. */
async function relay(port: number): Promise<Relay> {
	const open = new Set<Socket>();
	let server: Server | null = null;
	let own = 0;
	const listen = () =>
		new Promise<void>(resolve => {
			server = createServer(client => {
				const upstream = connect(port, '127.0.0.1');
				for (const s of [client, upstream]) {
					open.add(s);
					s.on('error', () => {});
					s.on('close', () => {
						open.delete(s);
						client.destroy();
						upstream.destroy();
					});
				}
				client.pipe(upstream).pipe(client);
			});
			server.listen(own, '127.0.0.1', () => {
				own = (server!.address() as AddressInfo).port;
				resolve();
			});
		});
	const down = () =>
		new Promise<void>(resolve => {
			for (const s of open) s.destroy();
			if (!server) return resolve();
			server.close(() => resolve());
			server = null;
		});
	await listen();
	return {url: `http://127.0.0.1:${own}`, down, up: listen, close: down};
}

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of closing.reverse()) await close();
	closing = [];
});

async function liveActivity(): Promise<{h: ClockedStore; link: Relay; server: AgentServerStandIn}> {
	const server = await startAgentServerStandIn({live: false, apiKey: KEY, utcOffsetMinutes: 0});
	closing.push(() => server.close());
	const link = await relay(Number(new URL(server.url).port));
	closing.push(() => link.close());
	const h = clockedStore(new ManualClock(), createClient({baseUrl: link.url, apiKey: KEY}), {refreshMs: INTERVAL, liveEvents: true});
	closing.push(() => h.closeStore());
	h.store.start();
	await h.settle();
	const waiting = h.store.getSnapshot().conversations.data!.find(c => c.execution_status === 'waiting_for_confirmation')!;
	h.store.openActivity(waiting.id);
	await h.settle();
	await transport(h, {live: true});
	return {h, link, server};
}

// the store's clock moves while waiting: a handshake takes its turn in the request budget (live4)
const transport = (h: ClockedStore, expected: {live: boolean}) => advanceUntil(h, () => h.store.getSnapshot().activity?.transport?.live === expected.live);

describe('the server the socket goes to is down for a while', () => {
	it('a reconnect that fails while it is unreachable is a drop, not a refusal: live again within an interval of its return', async () => {
		const {h, link} = await liveActivity();
		await link.down();
		await transport(h, {live: false});
		// four intervals down: the lane's searches fail (the client forgets its probe), the socket tries again meanwhile
		for (let i = 0; i < 4; i++) {
			await h.advance(INTERVAL);
			await h.settle();
		}
		const during = h.store.getSnapshot().activity!.transport!;
		expect(during.live).toBe(false);
		await link.up();
		await h.advance(INTERVAL);
		await h.settle();
		await h.advance(INTERVAL);
		await h.settle();
		// was: 'the server refused…' / polling until REFUSED_RETRY_MS (5 minutes) had passed
		await transport(h, {live: true});
	});
});
