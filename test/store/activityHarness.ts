import type {ClientOptions, Generation, OpenHandsClient} from '../../source/api/client.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import type {StoreOptions} from '../../source/store/types.js';
import {type ActivityServer, startActivityServer} from '../support/activityServer.js';
import {type RawEvent, makeEvent} from '../support/eventData.js';
import {clientFor} from '../support/generationClient.js';
import {ManualClock} from './manualClock.js';

export const CONV = 'c0ffee00c0ffee00c0ffee00c0ffee00';
export const SANDBOX = 'sb-activity';
export const KEY = 'sess-3b1f';

export type ActivityHarness = {
	clock: ManualClock;
	server: ActivityServer;
	client: OpenHandsClient;
	store: PollingStore;
	advance(ms: number): Promise<void>;
	settle(): Promise<void>;
	/** request lines since the last `clear()` */
	lines(): string[];
	clear(): void;
	/** appends `count` events to the conversation, `stepMs` apart, after the newest one */
	addEvents(count: number, stepMs?: number): RawEvent[];
	close(): Promise<void>;
};

/**
 * The fixture server (both generations' event routes, the agent server) and a store on a manual
 * clock. The server's own clock follows the store's, so the events it records carry store time.
 */
export async function activityHarness(
	generation: Generation,
	options: {events?: number; perSecond?: number; sandboxStatus?: string; execution?: string; store?: StoreOptions; client?: Partial<ClientOptions>} = {},
): Promise<ActivityHarness> {
	const clock = new ManualClock();
	const server = await startActivityServer(generation);
	const perSecond = options.perSecond ?? 2;
	const start = clock.now() - 3_600_000;
	const events = Array.from({length: options.events ?? 0}, (_, n) => makeEvent(n, start + Math.floor((n * 1000) / perSecond)));
	server.sandboxes.set(SANDBOX, {id: SANDBOX, status: options.sandboxStatus ?? 'RUNNING', key: KEY});
	server.conversations.set(CONV, {id: CONV, sandboxId: SANDBOX, title: 'Fix the flaky tests', execution: options.execution ?? 'running', events});
	const client = clientFor({...options.client, baseUrl: server.url}, generation);
	// the attention check adds a request every 30 s; tests that count other requests leave it out
	const store = createStore(client, {scheduler: clock, random: () => 0.5, attentionCheck: false, ...options.store});
	const settle = () => store.whenSettled();
	let counter = events.length;
	return {
		clock,
		server,
		client,
		store,
		settle,
		advance: async ms => {
			await clock.advance(ms, async () => {
				server.setNow(clock.now());
				await settle();
			});
		},
		lines: () => server.lines(),
		clear: () => {
			server.seen.length = 0;
		},
		addEvents(count, stepMs = 10) {
			const list = server.conversations.get(CONV)!.events;
			const last = list.length > 0 ? Date.parse(`${list[list.length - 1]!.timestamp}Z`) : clock.now() - 60_000;
			const added = Array.from({length: count}, (_, i) => makeEvent(counter++, last + (i + 1) * stepMs));
			list.push(...added);
			return added;
		},
		async close() {
			store.dispose();
			await client.close();
			await server.close();
		},
	};
}

/** `GET /api/v1/…events/search?…` lines only */
export function eventSearches(lines: readonly string[]): string[] {
	return lines.filter(line => line.includes('/events/search'));
}
