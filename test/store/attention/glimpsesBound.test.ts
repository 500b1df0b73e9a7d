// Issue 21 item 13 after issue 19: the glimpses' pace per conversation is remembered for the newest
// MAX_PACED conversations only (one entry per conversation ever on screen or waiting grew for as
// long as the app ran); one scrolled back to is read again.
import {afterEach, describe, expect, it} from 'vitest';
import {createClient} from '../../../source/api/createClient.js';
import {startStandInServer} from '../../../source/server/standInServer.js';
import type {StandInServer} from '../../../source/server/types.js';
import {Core} from '../../../source/store/core.js';
import {Glimpses, MAX_PACED} from '../../../source/store/attention/glimpses.js';
import {ManualClock} from '../manualClock.js';

let server: StandInServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const id = (n: number) => n.toString(16).padStart(32, '0');

describe('glimpses over days of scrolling', () => {
	it(`remember the pace of ${MAX_PACED} conversations at most, and still read what is on screen`, async () => {
		const clock = new ManualClock();
		server = await startStandInServer({now: clock.now, rateLimit: false, live: false});
		const core = new Core({scheduler: clock, random: () => 0.5});
		const glimpses = new Glimpses(createClient({baseUrl: server.url}), core);
		glimpses.start();
		// 60 screens of 30 rows each, never the same conversation twice
		for (let screen = 0; screen < 60; screen++) glimpses.watch(Array.from({length: 30}, (_, row) => id(screen * 30 + row + 1)), null);
		expect(glimpses.paced).toBeLessThanOrEqual(MAX_PACED);
		expect(glimpses.paced).toBeGreaterThanOrEqual(30);
		server.clearRequests();
		await clock.advance(0, () => core.whenSettled());
		await new Promise(resolve => setTimeout(resolve, 200));
		const onScreen = Array.from({length: 30}, (_, row) => id(59 * 30 + row + 1));
		expect(server.requests.some(r => r.path.endsWith('/events/search') && onScreen.some(c => r.path.includes(c)))).toBe(true);
		glimpses.dispose();
		core.dispose();
	});
});
