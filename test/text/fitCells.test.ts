// Table cells cut to their width (source/text/sanitize.ts `fit`): remembered and, for printable
// ASCII, cut without the segmenter (issue 29 item 2); the same text as a plain walk over
// graphemes gives, every time it is asked.
import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {displayWidth, fit} from '../../source/text/sanitize.js';

const PIECES = ['a', 'Z', ' ', '#', '-', 'hello world ', '✓', '…', '界', '👩', 'é', 'e\u0301', '\u0600', '🇩🇪'];
const text = fc.oneof(
	fc.string({unit: fc.constantFrom(...'abcdefghij -_#/.:'.split('')), maxLength: 80}),
	fc.array(fc.constantFrom(...PIECES), {maxLength: 30}).map(pieces => pieces.join('')),
);

/** the end cut, grapheme by grapheme: what fits whole, else what fits before `…` */
function reference(t: string, width: number): string {
	if (width <= 0) return '';
	if (displayWidth(t) <= width) return t + ' '.repeat(width - displayWidth(t));
	let head = '';
	let used = 0;
	for (const {segment: g} of new Intl.Segmenter().segment(t)) {
		const w = stringWidth(g);
		if (used + w > width - 1) break;
		head += g;
		used += w;
	}
	return head + '…' + ' '.repeat(width - 1 - used);
}

describe('fit', () => {
	it('cuts at the end as a walk over graphemes does, the same when asked again', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 0, max: 40}), (t, width) => {
				const first = fit(t, width);
				expect(first).toBe(reference(t, width));
				expect(fit(t, width)).toBe(first);
			}),
			{numRuns: 2000},
		);
	});

	it('fills exactly its width, whatever the cut and the alignment', () => {
		fc.assert(
			fc.property(text, fc.integer({min: 1, max: 40}), fc.constantFrom('end', 'middle', 'start' as const), fc.constantFrom('left', 'right' as const), (t, width, cut, align) => {
				const out = fit(t, width, align, cut);
				expect(displayWidth(out)).toBe(width);
				expect(fit(t, width, align, cut)).toBe(out);
			}),
			{numRuns: 2000},
		);
	});
});
