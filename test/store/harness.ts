import {createClient} from '../../source/api/createClient.js';
import type {ClientOptions, OpenHandsClient} from '../../source/api/client.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {RequestRecord, StandInOptions, StandInServer} from '../../source/server/types.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import type {StoreOptions, StoreSnapshot} from '../../source/store/types.js';
import {vi} from 'vitest';
import {ManualClock} from './manualClock.js';

/** A store on a manual clock over a real client: what every harness here is built on. */
export type ClockedStore = {
	clock: ManualClock;
	client: OpenHandsClient;
	store: PollingStore;
	/** moves store (and server) time forward, letting every request it triggers finish */
	advance(ms: number): Promise<void>;
	settle(): Promise<void>;
};

export type Harness = ClockedStore & {
	server: StandInServer;
	/** `METHOD /path?query` of each request since the last `server.clearRequests()` */
	lines(): string[];
	close(): Promise<void>;
};

/**
 * The store as the harnesses make it: on `clock`, with a fixed jitter, without the attention
 * check, which adds a request every interval, and without events websockets (tests that count
 * other requests leave them out; their own tests turn them on). `eachStep` runs at every timer step before the store settles (e.g. to move a
 * fixture server's clock). `closeStore` disposes the store and closes the client.
 */
export function clockedStore(
	clock: ManualClock,
	client: OpenHandsClient,
	options: StoreOptions = {},
	eachStep?: () => void,
): ClockedStore & {closeStore(): Promise<void>} {
	const store = createStore(client, {scheduler: clock, random: () => 0.5, attentionCheck: false, liveEvents: false, ...options});
	const settle = () => store.whenSettled();
	return {
		clock,
		client,
		store,
		settle,
		advance: ms =>
			clock.advance(ms, async () => {
				eachStep?.();
				await settle();
			}),
		async closeStore() {
			store.dispose();
			await client.close();
		},
	};
}

/**
 * A stand-in server and a store sharing one manual clock: requests are real HTTP, time moves only
 * when the test advances it, so request times and counts are exact.
 */
export async function harness(
	serverOptions: Partial<StandInOptions> = {},
	storeOptions: StoreOptions = {},
): Promise<Harness> {
	const clock = new ManualClock();
	const server = await startStandInServer({
		now: clock.now,
		bootMs: 3000,
		stepMs: 5,
		rateLimit: false,
		...serverOptions,
	});
	const client = createClient({baseUrl: server.url});
	// the generation probe runs before the store starts, so request counts and times below are the
	// store's own (the store's server-info ask is then answered from the client's memory)
	await client.serverInfo();
	server.clearRequests();
	const {closeStore, ...clocked} = clockedStore(clock, client, storeOptions);
	return {
		...clocked,
		server,
		lines: () => server.requests.map(requestLine),
		async close() {
			await closeStore();
			await server.close();
		},
	};
}

export function requestLine(request: RequestRecord): string {
	const query = request.query ? (request.query.startsWith('?') ? request.query : `?${request.query}`) : '';
	return `${request.method} ${request.path}${query}`;
}

/**
 * Moves the store's clock `stepMs` at a time until `done()` holds (then stops; at most `maxMs`):
 * for what waits its turn in the request budget, which moves only with the clock (a websocket
 * handshake among the requests of an activity that just opened, issue 27 item 6). Each step
 * settles first, handshakes included, so `done` reads a state that stands still.
 */
export async function advanceUntil(h: Pick<ClockedStore, 'advance' | 'settle'>, done: () => boolean, stepMs = 50, maxMs = 10_000): Promise<void> {
	await h.settle();
	for (let spent = 0; !done(); spent += stepMs) {
		if (spent >= maxMs) throw new Error(`not done after ${maxMs} ms of store time`);
		await h.advance(stepMs);
	}
}

/** Records every snapshot the store publishes. */
export function record(store: PollingStore): StoreSnapshot[] {
	const seen: StoreSnapshot[] = [];
	store.subscribe(() => seen.push(store.getSnapshot()));
	return seen;
}

export const realSleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export type FaultHarness = Harness & {faults: FaultServer};

/**
 * As `harness`, with the fault server (test/support/faultServer.ts) between client and stand-in;
 * `lines()` lists what the fault server saw (faults answered there never reach the stand-in).
 */
export async function faultHarness(
	serverOptions: Partial<StandInOptions> = {},
	storeOptions: StoreOptions = {},
	clientOptions: Partial<ClientOptions> = {},
): Promise<FaultHarness> {
	const clock = new ManualClock();
	const server = await startStandInServer({now: clock.now, bootMs: 3000, stepMs: 5, rateLimit: false, ...serverOptions});
	const faults = await startFaultServer({upstreamServer: server});
	const {closeStore, ...clocked} = clockedStore(clock, createClient({baseUrl: faults.url, ...clientOptions}), storeOptions);
	return {
		...clocked,
		server,
		faults,
		lines: () => faults.requests.map(r => requestLine({...r, query: r.query})),
		async close() {
			await closeStore();
			await faults.close();
			await server.close();
		},
	};
}

/**
 * Starts a conversation on an app server (`initialMessage: ''`: its agent idles) and returns its id
 * once its start task is ready. Waits on real time: the stand-in readies tasks without the clock.
 */
export async function startedConversation(client: OpenHandsClient, initialMessage = ''): Promise<string> {
	const task = await client.createConversation({initialMessage});
	return vi.waitFor(
		async () => {
			const [ready] = await client.getStartTasks([task.kind === 'start-task' ? task.task.id : '']);
			if (!ready?.app_conversation_id) throw new Error('not ready');
			return ready.app_conversation_id;
		},
		{timeout: 5000, interval: 10},
	);
}
