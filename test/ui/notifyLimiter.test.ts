// Issue 21 item 8: notifications rationed per subject and overall, a burst folded into one that
// says how many it stands for; nothing offered is lost (each is told or counted in a later one).
import {describe, expect, it} from 'vitest';
import {foldedLine, NotificationLimiter} from '../../source/ui/notifyLimiter.js';
import {ManualClock} from '../store/manualClock.js';

const settle = async () => {};

function limiter() {
	const clock = new ManualClock();
	const sent: {at: number; body: string}[] = [];
	const start = clock.now();
	const made = new NotificationLimiter((line: string, total) => sent.push({at: clock.now() - start, body: foldedLine(line, total)}), clock);
	return {clock, sent, made};
}

/** how many transitions a sent body stands for */
const stands = (body: string) => 1 + Number(/\(\+(\d+) more\)$/.exec(body)?.[1] ?? 0);

describe('notification storms', () => {
	it('four conversations flapping every 1.5 s for a minute: at most six notifications, none lost', async () => {
		const {clock, sent, made} = limiter();
		let offered = 0;
		for (let t = 0; t < 60_000; t += 1500) {
			for (const id of ['a', 'b', 'c', 'd']) {
				made.offer(`conversation:${id}`, `${id} changed at ${t}`);
				offered++;
			}
			await clock.advance(1500, settle);
		}
		expect(offered).toBe(160);
		expect(sent.length).toBeLessThanOrEqual(6);
		expect(sent.slice(0, 3).map(s => s.at)).toEqual([0, 0, 0]);
		// what went out stands for everything offered up to the last send; the rest waits for the next
		await clock.advance(120_000, settle);
		expect(sent.reduce((sum, s) => sum + stands(s.body), 0)).toBe(offered);
		expect(sent.some(s => /\(\+\d+ more\)$/.test(s.body))).toBe(true);
	});

	it('a quiet user gets each transition at once; one conversation at most twice at once, then once a minute', async () => {
		const {clock, sent, made} = limiter();
		made.offer('conversation:a', 'a waits for your confirmation');
		await clock.advance(10_000, settle);
		made.offer('conversation:a', 'a finished');
		expect(sent.map(s => s.body)).toEqual(['a waits for your confirmation', 'a finished']);
		made.offer('conversation:a', 'a waits for your confirmation');
		// a's third in a row is folded into the next notification that goes out
		expect(sent).toHaveLength(2);
		made.offer('conversation:b', 'b is stuck');
		expect(sent.map(s => s.body)).toEqual(['a waits for your confirmation', 'a finished', 'b is stuck (+1 more)']);
		await clock.advance(60_000, settle);
		expect(sent).toHaveLength(3);
		// alone, a folded transition goes out once its subject may be told again
		made.offer('conversation:a', 'a is stuck');
		made.offer('conversation:a', 'a finished');
		made.offer('conversation:a', 'a waits for your confirmation');
		expect(sent.map(s => s.body).slice(3)).toEqual(['a is stuck']);
		await clock.advance(60_000, settle);
		expect(sent.map(s => s.body).slice(4)).toEqual(['a waits for your confirmation (+1 more)']);
	});

	it('closed: nothing more is sent', async () => {
		const {clock, sent, made} = limiter();
		for (let i = 0; i < 5; i++) made.offer(`conversation:${i}`, `${i}`);
		made.close();
		await clock.advance(120_000, settle);
		expect(sent).toHaveLength(3);
	});
});
