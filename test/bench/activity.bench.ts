/**
 * Issue 10, section 5: one conversation with 10,000 events (BENCH_ACTIVITY_EVENTS), served by the
 * activity fixture server (test/support/activityServer.ts: the legacy generation by default, whose
 * file-name paging is the harder one; BENCH_ACTIVITY_GENERATION=current for the other).
 *
 * - `l` to first screen: from pressing `l` on the conversation's row to the frame showing its newest
 *   event (median of BENCH_ACTIVITY_RUNS opens, default 7; `Esc` back to the list between them).
 * - `k` / PgUp key to frame while older pages load: every press from the newest page up to the
 *   oldest event (the view asks for older pages as it nears the top of its window).
 * - RSS after scrolling through all of it.
 * - Following an idle conversation for BENCH_ACTIVITY_IDLE_SECONDS (default 30): requests per
 *   refresh interval and bytes written; then one new event: time until it is on screen.
 *
 * Needs the activity view (its `l`, `k`, PgUp, `G`, `Esc` keys) and the store's activity lane.
 */
import {performance} from 'node:perf_hooks';
import {defaultRefreshSeconds} from '../../source/config/resolveConfig.js';
import {type ActivityServer, type Generation, startActivityServer} from '../support/activityServer.js';
import {type RawEvent, isoformat, makeEvent, messageEvent} from '../support/eventData.js';
import {type KeyFrame, type Probe, rssMb, spawnCliProbe} from '../support/ptyProbe.js';
import {type Bench, type Figure, hasTabs, median, pollRate, round, sleep} from './figures.js';

const CONV = 'be9c0000be9c0000be9c0000be9c0000';
const TITLE = 'Benchmark conversation';
const OLDEST = 'oldest-marker';
const NEWEST = 'newest-marker';
const FRESH = 'fresh-marker';
const PAGE_UP = '\u001b[5~';

/** A long trajectory: two events a second, tool outputs of a few KB (real ones are 1-30 KB). */
function trajectory(count: number, endMs: number): RawEvent[] {
	const start = endMs - Math.ceil(count / 2) * 1000;
	const output = `${'x'.repeat(79)}\n`.repeat(40);
	const events = Array.from({length: count}, (_, n) => {
		const event = makeEvent(n, start + n * 500);
		const observation = event['observation'] as {content?: {text: string}[]} | undefined;
		if (observation?.content?.[0]) observation.content[0].text = `${output}[The command completed with exit code 0.]`;
		return event;
	});
	events[0] = {...messageEvent(start, `${OLDEST}: fix the flaky tests`), timestamp: isoformat(start)};
	events[count - 1] = messageEvent(start + (count - 1) * 500, `${NEWEST}: all green`, 'agent');
	return events;
}

/**
 * The press's first byte and the end of its frame (ptyProbe.ts KeyFrame); null when it changed
 * nothing on screen: at the top of the window while an older page loads, a press may move nothing
 * (and the page, prepended above the rows on screen, may draw nothing either).
 */
async function latency(probe: Probe, key: string): Promise<KeyFrame | null> {
	return probe.pressForFrame(key, {timeoutMs: 3000});
}

export const activity: Bench = {
	name: 'activity',
	async run(): Promise<Figure[]> {
		const count = Number(process.env['BENCH_ACTIVITY_EVENTS'] ?? 10_000);
		const runs = Number(process.env['BENCH_ACTIVITY_RUNS'] ?? 7);
		const idleSeconds = Number(process.env['BENCH_ACTIVITY_IDLE_SECONDS'] ?? 30);
		const generation = (process.env['BENCH_ACTIVITY_GENERATION'] ?? 'legacy') as Generation;
		const server: ActivityServer = await startActivityServer(generation);
		server.sandboxes.set('bench-sandbox', {id: 'bench-sandbox', status: 'RUNNING', key: 'bench-key'});
		server.conversations.set(CONV, {id: CONV, sandboxId: 'bench-sandbox', title: TITLE, execution: 'idle', events: trajectory(count, Date.now() - 60_000)});
		const probe = spawnCliProbe(['--url', server.url]);
		const bench = `activity (${count.toLocaleString('en')} events, ${generation})`;
		try {
			await probe.waitForScreen(hasTabs, 'tabs', 30_000);
			probe.press('2');
			await probe.waitForScreen(screen => screen.includes(TITLE), 'the conversation row', 30_000);
			await probe.waitForQuiet(500);

			const opens: number[] = [];
			for (let i = 0; i < runs; i++) {
				const at = probe.press('l');
				opens.push((await probe.waitForScreen(screen => screen.includes(NEWEST), `the newest event (open ${i + 1})`, 30_000)) - at);
				await probe.waitForQuiet(300);
				if (i < runs - 1) {
					probe.press('\u001b');
					await probe.waitForScreen(screen => !screen.includes(NEWEST) && screen.includes(TITLE), 'the list again', 10_000);
					// a key sent the instant the list is drawn can land before its key handler is
					// registered (a passive effect) and be lost: wait as a person would
					await probe.waitForQuiet(300);
				}
			}

			// up to the oldest event: PgUp mostly, `k` now and then, each timed to its frame
			const keys: KeyFrame[] = [];
			let silent = 0;
			const scrollStart = performance.now();
			for (let press = 0; !probe.screenText().includes(OLDEST); press++) {
				if (performance.now() - scrollStart > 600_000) throw new Error('did not reach the oldest event in 10 minutes');
				const frame = await latency(probe, press % 5 === 4 ? 'k' : PAGE_UP);
				if (frame === null) silent++;
				else keys.push(frame);
			}
			await probe.waitForQuiet(1000);
			const rss = rssMb(probe.pid);

			// back to the end, following: idle cost
			probe.press('G');
			await probe.waitForScreen(screen => screen.includes(NEWEST), 'the newest event after G', 60_000);
			await probe.waitForQuiet(2000);
			const requests0 = server.seen.length;
			const t0 = performance.now();
			await sleep(idleSeconds * 1000);
			const elapsed = performance.now() - t0;
			// the open activity's poll is the event search; anything else in the window (the attention
			// check of the conversations, once per 30 s) is counted beside it
			const window = server.seen.slice(requests0);
			const isPoll = (r: (typeof window)[number]) => r.path.endsWith('/events/search');
			const others = window.filter(r => !isPoll(r)).map(r => `${r.method} ${r.path}`);
			const polls = pollRate(window.filter(isPoll).map(r => r.at), defaultRefreshSeconds * 1000);
			const perInterval = round(polls.perInterval, 2);
			const bytes = probe.bytesSince(t0);

			const last = server.conversations.get(CONV)!.events.at(-1)!;
			const addedAt = performance.now();
			server.conversations.get(CONV)!.events.push(messageEvent(Date.parse(`${last.timestamp}Z`) + 1000, `${FRESH}: one more thing`));
			const shownAt = await probe.waitForScreen(screen => screen.includes(FRESH), 'the new event', 60_000);
			const newEvent = shownAt - addedAt;

			const openMs = median(opens);
			const keyMs = median(keys.map(k => k.firstByte));
			const keyEnd = median(keys.map(k => k.endOfFrame));
			const interval = defaultRefreshSeconds * 1000;
			return [
				{bench, name: '`l` to first screen (median)', value: round(openMs), unit: 'ms', target: '< 300 ms', pass: openMs < 300, note: `${runs} opens`},
				{
					bench,
					name: '`k`/PgUp key to first byte while older pages load (median)',
					value: round(keyMs),
					unit: 'ms',
					target: '< 50 ms',
					pass: keyMs < 50,
					note: `${keys.length + silent} presses to the oldest event (${silent} drew nothing), slowest ${round(Math.max(...keys.map(k => k.firstByte)))} ms`,
				},
				{
					bench,
					name: '`k`/PgUp key to the end of its frame while older pages load (median)',
					value: round(keyEnd),
					unit: 'ms',
					target: '< 50 ms',
					pass: keyEnd < 50,
					note: `${median(keys.map(k => k.frames))} frame(s) a press (median; a page that came is drawn with it); quiet 50 ms after`,
				},
				{bench, name: 'resident memory after scrolling through all', value: round(rss), unit: 'MB', target: '< 150 MB', pass: rss < 150},
				{
					bench,
					name: 'requests per refresh interval, following an idle conversation',
					value: perInterval,
					unit: 'req',
					target: '<= 1',
					pass: perInterval <= 1,
					note: `${polls.note} (${round(elapsed / 1000, 1)} s window); besides: ${others.length ? others.join(', ') : 'none'}`,
				},
				{bench, name: 'bytes written while following an idle conversation', value: bytes, unit: 'B', target: '0', pass: bytes === 0},
				{bench, name: 'new event to screen', value: round(newEvent), unit: 'ms', target: `<= ${interval} ms (one interval)`, pass: newEvent <= interval},
			];
		} finally {
			probe.dispose();
			await server.close();
		}
	},
};
