// Widths by parts (source/text/widthByParts.ts) are string-width's widths, exactly, for any text
// without escape sequences (and with them, when string-width counts them):
// the parts are cut only where two printable ASCII characters meet. Random texts mix ASCII with
// what joins a neighbour into one grapheme (combining and spacing marks, variation selectors,
// keycaps, ZWJ sequences, regional indicators, Hangul jamo, a Prepend character, CR LF) and with
// wide and ambiguous characters.
import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {widthByParts} from '../../source/text/widthByParts.js';

const PIECES = [
	'a',
	'Z',
	' ',
	'#',
	'1',
	'~',
	'\u0301', // combining acute
	'\u0903', // Devanagari spacing mark
	'\uFE0F', // VS16
	'\u20E3', // keycap
	'\u200D', // ZWJ
	'\u0600', // Arabic number sign: Prepend, joins the character after it
	'\r',
	'\n',
	'\t',
	'\u00AD',
	'✓',
	'▶',
	'✗',
	'–',
	'…',
	'·',
	'→',
	'界',
	'ｱ',
	'ﾞ',
	'👩',
	'💻',
	'🇩',
	'🇪',
	'\u1100', // Hangul leading jamo
	'\u1161', // vowel jamo
	'\u11A8', // trailing jamo
	'é',
	'Ω',
	'\uD800', // a lone surrogate
];

// and any code points at all, now and then
const anyCodePoints = fc.string({unit: 'binary', maxLength: 3}).filter(piece => !/[\u001B\u009B]/.test(piece));
const text = fc.array(fc.oneof({arbitrary: fc.constantFrom(...PIECES), weight: 4}, {arbitrary: anyCodePoints, weight: 1}), {maxLength: 40}).map(pieces => pieces.join(''));
// escape sequences are string-width's to strip (the bundle's wrapper strips them with its strip-ansi):
// counted, each ESC is a part of its own
const counted = fc.array(fc.constantFrom(...PIECES, '\u001B', '\u001B[32m', '\u001B[39m', '\u009B'), {maxLength: 40}).map(pieces => pieces.join(''));

describe('widthByParts', () => {
	it('is string-width for any text', () => {
		fc.assert(
			fc.property(text, t => {
				expect(widthByParts(t, part => stringWidth(part))).toBe(stringWidth(t));
			}),
			{numRuns: 3000},
		);
	});

	it("is string-width's, counting escape sequences, when string-width is asked to count them", () => {
		const options = {countAnsiEscapeCodes: true};
		fc.assert(
			fc.property(counted, t => {
				expect(widthByParts(t, part => stringWidth(part, options))).toBe(stringWidth(t, options));
			}),
			{numRuns: 500},
		);
	});

	it('measures only what is not printable ASCII, in pieces no longer than they must be', () => {
		const measured: string[] = [];
		const width = widthByParts('  ✓ finished  Fix the build …', part => {
			measured.push(part);
			return stringWidth(part);
		});
		expect(width).toBe(stringWidth('  ✓ finished  Fix the build …'));
		expect(measured).toEqual([' ✓ ', ' …']);
	});
});
