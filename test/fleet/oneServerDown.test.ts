/**
 * One server down, slow or lying never blocks, slows or blanks the others (issue 16 §2): two
 * stand-in servers over real HTTP, the second behind the fault server. While it refuses
 * connections, holds every answer for 30 s, or answers HTML / a body that fails the schema, the first
 * is polled once an interval as before and its rows stay fresh; the second's rows stay, marked stale.
 */
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {createFleet, type LocalFleet} from '../../source/fleet/createFleet.js';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInServer} from '../../source/server/types.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import {parseServerHealth, serverHealthKey} from '../../source/ui/serverHealth.js';
import {staleList} from '../../source/ui/views/serverColumn.js';
import {type Fault, faults} from '../support/faults.js';
import {type FaultServer, startFaultServer} from '../support/faultServer.js';
import {ManualClock} from '../store/manualClock.js';

const INTERVAL = 1000;
const SEARCH = '/api/v1/app-conversations/search';

let clock: ManualClock;
let good: StandInServer;
let upstream: StandInServer;
let proxy: FaultServer;
let clients: OpenHandsClient[];
let stores: Record<string, PollingStore>;
let fleet: LocalFleet;

/** Store time moves; only the healthy server's requests are waited for (the other may hang). */
const advance = async (ms: number) => clock.advance(ms, async () => stores['good']!.whenSettled());

beforeEach(async () => {
	clock = new ManualClock();
	const options = {now: clock.now, bootMs: 3000, stepMs: 5, rateLimit: false, live: false} as const;
	good = await startStandInServer(options);
	upstream = await startStandInServer(options);
	proxy = await startFaultServer({upstreamServer: upstream});
	clients = [createClient({baseUrl: good.url}), createClient({baseUrl: proxy.url})];
	stores = {};
	fleet = createFleet(
		['good', 'bad'].map((name, i) => ({
			name,
			label: name,
			createStore: visible => {
				stores[name] = createStore(clients[i]!, {scheduler: clock, random: () => 0.5, attentionCheck: false, refreshMs: INTERVAL, visible});
				return stores[name]!;
			},
		})),
	);
	fleet.start();
	await clock.advance(100, async () => fleet.whenSettled());
});

afterEach(async () => {
	fleet.dispose();
	await Promise.all(clients.map(async client => client.close()));
	await proxy.close();
	await Promise.all([good.close(), upstream.close()]);
});

const rowsOf = (server: string) => (fleet.getSnapshot().conversations.data ?? []).filter(row => row.server === server);

// the slow server's held request is its own store's to give up on (its deadline: test/store); here
// only what the other server sees matters, so that case is not healed and waited for
describe.each<[string, () => Promise<void>, string, boolean]>([
	['down (connections refused)', async () => proxy.refuse(), 'offline', true],
	['slow (every answer after 30 s)', async () => proxy.set(faults.delayHeaders(30_000)), 'stale', false],
	['lying (HTML where JSON was expected)', async () => proxy.set(faults.spaPage()), 'bad response', true],
	['lying (a body that fails the schema)', async () => proxy.set(faults.badSchema() as Fault), 'bad response', true],
])('one server %s', (_name, breakIt, word, heals) => {
	it('the other is polled once an interval and stays fresh; its own rows stay, marked', async () => {
		const before = {good: rowsOf('good').length, bad: rowsOf('bad').length};
		expect(before.good).toBeGreaterThan(0);
		expect(before.bad).toBeGreaterThan(0);
		await breakIt();
		good.clearRequests();
		let told = 0;
		const stop = fleet.subscribe(() => told++);

		const kept = rowsOf('good').map(r => r.id);
		await advance(10 * INTERVAL);
		const polls = good.requests.filter(r => r.path === SEARCH).length;
		expect(polls).toBeGreaterThanOrEqual(9);
		expect(polls).toBeLessThanOrEqual(11);

		const snapshot = fleet.getSnapshot();
		const [goodHealth, badHealth] = parseServerHealth(serverHealthKey(snapshot, 'conversations'));
		// healthy: its word is ok, or how many of its agents need you (what waits is counted at once, issue 19)
		expect(goodHealth).toMatchObject({name: 'good', level: 'ok', text: expect.stringMatching(/^(ok|\d+ needs? you)$/)});
		expect(badHealth?.name).toBe('bad');
		// (its rows stay, and what of them needs you is still counted)
		expect(badHealth?.text).toMatch(new RegExp(`^${word}(, \\d+ needs? you)?$`));
		expect(staleList(snapshot.servers[0]!.snapshot, 'conversations')).toBe(false);
		expect(staleList(snapshot.servers[1]!.snapshot, 'conversations')).toBe(true);
		// nothing blanked: every row of both servers is still there
		expect(rowsOf('good').map(r => r.id)).toEqual(kept);
		expect(rowsOf('bad')).toHaveLength(before.bad);
		stop();
		// the broken server's failures and retries are a few changes, not one per healthy poll
		expect(told).toBeLessThan(10);

		if (!heals) return;
		await proxy.heal();
		await clock.advance(31_000, async () => fleet.whenSettled());
		const healed = parseServerHealth(serverHealthKey(fleet.getSnapshot(), 'conversations'));
		expect(healed.map(h => h.level)).toEqual(['ok', 'ok']);
		for (const h of healed) expect(h.text).toMatch(/^(ok|\d+ needs? you)$/);
	});
});
