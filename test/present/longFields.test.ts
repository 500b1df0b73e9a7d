// Issue 21 item 4: the pieces that made a long field freeze the app, bounded. Wrapping and
// grapheme walking give the same answers as before (what is checked here); how fast they are is the
// pty test's business (test/e2e/hostileEvents.test.ts) and the bench's, never a timed assertion.
import {describe, expect, it} from 'vitest';
import {wrapLine} from '../../source/present/events/text.js';
import {capField} from '../../source/present/events/fields.js';
import {displayWidth, graphemes, truncate} from '../../source/text/sanitize.js';

const segmenter = new Intl.Segmenter();
const reference = (text: string) => Array.from(segmenter.segment(text), s => s.segment);

describe('long fields', () => {
	it('graphemes match the segmenter, across its 256-unit pieces: emoji, CJK, marks after ASCII', () => {
		const samples = [
			'plain ascii only',
			`${'漢'.repeat(255)}🚀${'字'.repeat(300)}`,
			`${'a'.repeat(300)}e\u0301x${'😀'.repeat(200)}y`,
			`${'é'.repeat(600)}z`,
			'👩💻 and ＷＩＤＥ text',
		];
		for (const text of samples) expect([...graphemes(text)]).toEqual(reference(text));
	});

	it('a 300,000-character line without spaces wraps into full rows and loses nothing', () => {
		for (const line of ['x'.repeat(300_000), `${'K'.repeat(300_000)} · agent`, '漢'.repeat(5000)]) {
			const rows = wrapLine(line, 120);
			expect(rows.join('')).toBe(line);
			expect(rows.every(row => displayWidth(row) <= 120)).toBe(true);
			expect(rows.length).toBeLessThanOrEqual(Math.ceil(displayWidth(line) / 119) + 1);
		}
		// prose still breaks after a space in the second half of a row
		expect(wrapLine('the quick brown fox jumps over the lazy dog', 20)).toEqual(['the quick brown fox ', 'jumps over the lazy ', 'dog']);
		// a word that ends at the last column: the row is the width, never a column more (a space past it)
		expect(wrapLine('the quick brown fox jumps', 19)).toEqual(['the quick brown fox', 'jumps']);
		expect(wrapLine('Run it first: terminal $ psql "$URL" -c "DROP"', 36).map(row => displayWidth(row))).toEqual([36, 9]);
	});

	it('a name-like field is cut and says how long it was; truncating a huge one looks at its head only', () => {
		expect(capField('k'.repeat(250_000))).toBe(`${'k'.repeat(500)}… (250000 characters)`);
		expect(capField('ObservationEvent')).toBe('ObservationEvent');
		expect(truncate(`·${'K'.repeat(300_000)}`, 10)).toBe('·KKKKKKKK…');
	});
});
