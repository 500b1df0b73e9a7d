// When an age on screen reads differently (issue 26 item 14: the activity's footer stood at "8s ago"
// for a minute over an idle socket): the screen draws again then, and not in between.
import {describe, expect, it} from 'vitest';
import {relativeTime, relativeTimeChangesIn} from '../../source/present/format.js';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('relativeTimeChangesIn', () => {
	it('is when the text moves: the 5 s of "just now", then each second, minute, hour, day', () => {
		for (const [age, wait] of [
			[0, 5000],
			[4200, 800],
			[8300, 700],
			[59_500, 500],
			[64_000, 56_000],
			[3_599_000, 1000],
			[5 * 3_600_000 + 1, 3_600_000 - 1],
			[3 * 86_400_000, 86_400_000],
		] as const) {
			expect(relativeTimeChangesIn(NOW - age, NOW)).toBe(wait);
			// one ms earlier it still reads the same; at the wait it reads differently
			expect(relativeTime(NOW - age, NOW + wait - 1)).toBe(relativeTime(NOW - age, NOW));
			expect(relativeTime(NOW - age, NOW + wait)).not.toBe(relativeTime(NOW - age, NOW));
		}
	});

	it('never, for a time shown as the server sent it', () => {
		expect(relativeTimeChangesIn(Date.UTC(9999, 0, 1), NOW)).toBeNull();
		expect(relativeTimeChangesIn(NOW + 2 * 86_400_000, NOW)).toBeNull();
	});
});
