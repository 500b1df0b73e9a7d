/**
 * The demo seed's ages with `exactAges`: whole minutes at the start, so every age the app shows for
 * them ("4m ago", "2h ago") reads the same for the first minute. The refresh bench relies on it: with
 * a random part, the sandbox seeded 4m 55s ago turned "5m ago" on the repaint that paused another row,
 * and "one sandbox changes status" counted two rows (283 or 421 B instead of 233, on any Node line).
 */
import {describe, expect, it} from 'vitest';
import {relativeTime} from '../../source/present/format.js';
import {get, manualClock, startServer} from './helpers.js';

type Timed = {created_at: string; updated_at?: string};

async function seededTimes(exactAges: boolean) {
	const clock = manualClock();
	const server = await startServer({now: clock.now, live: false, exactAges});
	const sandboxes: Timed[] = (await get(server, '/api/v1/sandboxes/search')).json.items;
	const conversations: Timed[] = (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
	const times = [...sandboxes, ...conversations].flatMap(item => [item.created_at, item.updated_at ?? item.created_at]).map(Date.parse);
	return {start: clock.now(), times, sandboxes: sandboxes.length, conversations: conversations.length};
}

describe('seeded ages', () => {
	it('with exactAges, every sandbox and conversation age reads the same from 1 s to 59 s after the start', async () => {
		const {start, times, sandboxes, conversations} = await seededTimes(true);
		expect(sandboxes).toBeGreaterThanOrEqual(8);
		expect(conversations).toBeGreaterThanOrEqual(10);
		const early = times.map(at => relativeTime(at, start + 1_000));
		const late = times.map(at => relativeTime(at, start + 59_000));
		expect(late).toEqual(early);
		expect(early).toContain('4m ago');
	});

	it('by default the demo keeps a random part (its ages look lived-in, not all on a minute)', async () => {
		const {start, times} = await seededTimes(false);
		// the seeded time's own sub-millisecond part (toMicros) is below 1 ms: a random part is seconds
		const offMinute = times.filter(at => (start - at) % 60_000 > 1);
		expect(offMinute.length).toBeGreaterThan(times.length / 2);
	});
});
