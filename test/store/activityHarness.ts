import type {ClientOptions, Generation} from '../../source/api/client.js';
import type {StoreOptions} from '../../source/store/types.js';
import {type ActivityServer, startActivityServer} from '../support/activityServer.js';
import {type RawEvent, makeEvent} from '../support/eventData.js';
import {clientFor} from '../support/generationClient.js';
import {type ClockedStore, clockedStore} from './harness.js';
import {ManualClock} from './manualClock.js';

export const CONV = 'c0ffee00c0ffee00c0ffee00c0ffee00';
export const SANDBOX = 'sb-activity';
export const KEY = 'sess-3b1f';

export type ActivityHarness = ClockedStore & {
	server: ActivityServer;
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
	// these tests pin the polling transport; the websocket's are test/store/live/activityLive.test.ts
	const {closeStore, ...clocked} = clockedStore(clock, client, {liveEvents: false, ...options.store}, () => server.setNow(clock.now()));
	let counter = events.length;
	return {
		...clocked,
		server,
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
			await closeStore();
			await server.close();
		},
	};
}

/** `GET /api/v1/…events/search?…` lines only */
export function eventSearches(lines: readonly string[]): string[] {
	return lines.filter(line => line.includes('/events/search'));
}
