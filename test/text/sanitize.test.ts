import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {clean, cleanInput, displayWidth, fit, truncate, truncateMiddle, truncateStart} from '../../source/text/sanitize.js';

// Anything a terminal could act on: C0 (tab/newline are turned into spaces), DEL, C1, ESC.
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

// Pieces of escape sequences mixed with ordinary and wide characters and any code point.
const HOSTILE_TEXT = fc
	.array(
		fc.oneof(
			fc.constantFrom('\x1b', '[', ']', 'P', '_', '\\', '\x07', '\x9b', '\x9c', '\x9d', '\x90', ';', '2', 'J', 'm', '\n', '\t', '\u202e', '\u2067', '\u200b', '\u200d', 'a', '開', '🚀'),
			fc.integer({min: 0, max: 0x10ffff}).map(cp => String.fromCodePoint(cp)),
		),
		{maxLength: 60},
	)
	.map(parts => parts.join(''));

describe('clean', () => {
	const hostile: Array<[string, string, string]> = [
		['OSC window title (BEL)', 'a\x1b]0;pwned\x07b', 'ab'],
		['OSC window title (ST)', 'a\x1b]2;pwned\x1b\\b', 'ab'],
		['OSC 52 clipboard write', 'x\x1b]52;c;ZWNobyBoaQ==\x07y', 'xy'],
		['OSC 8 hyperlink', '\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\', 'click'],
		['CSI clear screen', 'before\x1b[2Jafter', 'beforeafter'],
		['CSI cursor moves', '\x1b[10;20Hx\x1b[5Ay\x1b[?25l', 'xy'],
		['SGR colours', '\x1b[31mred\x1b[0m \x1b[38;5;196mmore\x1b[m', 'red more'],
		['BEL', 'ding\x07dong', 'dingdong'],
		['C1 CSI 0x9b', 'a\x9b2Jb', 'ab'],
		['C1 OSC 0x9d', 'a\x9d0;title\x9cb', 'ab'],
		['DCS', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
		['APC / PM / SOS', 'a\x1b_apc\x1b\\b\x1b^pm\x1b\\c\x1bXsos\x1b\\d', 'abcd'],
		['full reset', 'a\x1bcb', 'ab'],
		['unterminated OSC', 'title\x1b]0;rest of it', 'title'],
		['DEL and NUL', 'a\x7fb\x00c', 'abc'],
		['newlines and tabs', 'line1\nline2\r\n\tline3', 'line1 line2 line3'],
		['bidi override', 'abc\u202edcba\u202c', 'abcdcba'],
		['bidi isolates', '\u2066x\u2067y\u2068z\u2069', 'xyz'],
		['zero-width space and BOM', 'ad\u200bmin\ufeff', 'admin'],
		['unicode line separator', 'a\u2028b', 'a b'],
	];
	for (const [name, input, expected] of hostile) {
		it(`strips ${name}`, () => {
			const out = clean(input);
			expect(out).toBe(expected);
			expect(out).not.toMatch(CONTROL);
			expect(out).not.toMatch(BIDI);
		});
	}

	it('keeps emoji and CJK text but splits ZWJ sequences, whose width terminals disagree on', () => {
		expect(clean('👩\u200d💻 開発')).toBe('👩💻 開発');
		expect(displayWidth(clean('ab👩\u200d💻'))).toBe(6); // what tmux 3.3 draws
	});

	it('caps stacked combining marks', () => {
		const zalgo = 'e' + '\u0301'.repeat(50);
		expect(clean(zalgo)).toBe('e\u0301\u0301');
	});

	it('turns non-strings and null into text', () => {
		expect(clean(null)).toBe('');
		expect(clean(undefined)).toBe('');
		expect(clean(42)).toBe('42');
	});

	it('never lets a control or bidi character through (property)', () => {
		fc.assert(
			fc.property(HOSTILE_TEXT, s => {
				const out = clean(s);
				return !CONTROL.test(out) && !BIDI.test(out);
			}),
			{numRuns: 1000},
		);
	});

	it('cleanInput keeps typed spaces', () => {
		expect(cleanInput('a  b')).toBe('a  b');
		expect(cleanInput('a\x1b[31mb')).toBe('ab');
	});
});

describe('width', () => {
	it('counts CJK and emoji as two columns', () => {
		expect(displayWidth('abc')).toBe(3);
		expect(displayWidth('開発')).toBe(4);
		expect(displayWidth('🚀')).toBe(2);
		expect(displayWidth('👩‍💻')).toBe(2);
	});

	it('truncates by columns, never splitting a wide character', () => {
		expect(truncate('hello world', 8)).toBe('hello w…');
		expect(truncate('short', 8)).toBe('short');
		const cut = truncate('開発開発開発', 6);
		expect(displayWidth(cut)).toBeLessThanOrEqual(6);
		expect(cut.endsWith('…')).toBe(true);
		expect(truncate('ab開発x', 4)).toBe('ab…');
		expect(displayWidth(truncate('🚀🚀🚀🚀', 5))).toBeLessThanOrEqual(5);
	});

	it('shortens ids in the middle', () => {
		const id = 'oh-agent-server-6sk4ifOEcwkDClq9g9P10j';
		const short = truncateMiddle(id, 15);
		expect(displayWidth(short)).toBe(15);
		expect(short).toBe('oh-agen…Clq9g9P10j'.slice(0, 0) + short);
		expect(short.startsWith('oh-agen')).toBe(true);
		expect(short.endsWith('9g9P10j')).toBe(true);
		expect(short).toContain('…');
		expect(truncateMiddle('abc', 5)).toBe('abc');
	});

	it('shortens image references from the start, keeping the name and tag', () => {
		const spec = 'ghcr.io/openhands/agent-server:4e2ecd8-python';
		expect(truncateStart(spec, 22)).toBe('…server:4e2ecd8-python');
		expect(fit(spec, 24, 'left', 'start')).toBe('…t-server:4e2ecd8-python');
		expect(truncateStart(spec, 45)).toBe(spec);
		expect(truncateStart('abc', 1)).toBe('…');
		expect(displayWidth(truncateStart('開発'.repeat(50), 9))).toBeLessThanOrEqual(9);
	});

	it('fits a 10,000-character title into its column exactly', () => {
		const title = 'T'.repeat(5000) + '開'.repeat(5000);
		for (const width of [1, 10, 37, 80]) {
			expect(displayWidth(fit(clean(title), width))).toBe(width);
			expect(displayWidth(truncateMiddle(title, width))).toBeLessThanOrEqual(width);
		}
	});

	it('pads to the width, right-aligned when asked', () => {
		expect(fit('7', 4, 'right')).toBe('   7');
		expect(fit('開', 4)).toBe('開  ');
	});
});
