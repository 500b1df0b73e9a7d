/**
 * Everything the server sends is untrusted text: a title can carry an OSC window-title sequence, a
 * CSI clear-screen, an 8-bit C1 CSI (0x9b, which some terminals still honour), bidi overrides that
 * reorder what the user reads, or zero-width characters that hide part of an id. `clean` turns any
 * such string into plain printable text on one line; the width helpers measure and cut by terminal
 * columns (CJK and emoji take 2), never by UTF-16 length.
 */
import stringWidth from 'string-width';
import {scrubKnown} from './knownSecrets.js';
import {widthByParts} from './widthByParts.js';

// ESC-introduced strings (OSC ], DCS P, SOS X, PM ^, APC _) run to BEL, ST (ESC \) or 8-bit ST (0x9c),
// or to the end of the text when unterminated (the rest of the text is then payload, not shown).
const ESC_STRING = /\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
const C1_STRING = /[\x90\x98\x9d\x9e\x9f][\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
// CSI: ESC [ or 8-bit 0x9b, parameter bytes, intermediate bytes, one final byte.
const CSI = /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?/g;
// Any other escape: ESC, intermediates, one final byte (e.g. ESC c full reset, ESC 7 save cursor).
const ESC_OTHER = /\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// C0 (except the breaks handled above), DEL and C1.
const CONTROLS = /[\x00-\x1f\x7f-\x9f]/g;
// Bidi embeddings/overrides/isolates and marks: they reorder or disguise the text around them.
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
// Invisible characters that can hide or split text: zero-width space/non-joiner, word joiner and
// invisible operators, BOM, Mongolian vowel separator, soft hyphen, interlinear annotations, and
// the Unicode tag block (used to smuggle invisible ASCII).
const INVISIBLE = /[\u200b\u200c\u2060-\u2064\u180e\u00ad\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;
// Zero-width joiners go too, even inside emoji sequences: string-width counts 👩‍💻 as one
// 2-column glyph, but terminals without ZWJ support (tmux 3.3 among them) draw its parts, 4
// columns, and the row overflows and wraps. Without the joiner both agree: 👩💻 is 4 columns.
const ZWJ = /\u200d/g;
// More than two stacked combining marks ("zalgo") spill into the rows above and below.
const MARK_PILES = /(\p{M}{2})\p{M}+/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SPACES = / {2,}/g;

/** Typed or pasted input: the same stripping, but spaces are kept as typed. */
export function cleanInput(value: string): string {
	// Tabs survive: the form reads a pasted Tab as "next field".
	return /^[\x20-\x7e\t]*$/.test(value) ? value : value.split('\t').map(strip).join('\t');
}

/**
 * Makes a server string safe to draw: one line, no control or invisible characters, and no
 * registered secret (the user's API key: knownSecrets.ts). Every server string passes here, so the
 * key is scrubbed both before stripping and after it, when a soft hyphen or a zero-width space
 * hidden inside the key is gone and the key is whole again.
 */
export function clean(value: unknown): string {
	if (value === null || value === undefined) return '';
	const text = typeof value === 'string' ? value : String(value);
	// Fast path: plain printable ASCII needs no work (most ids, statuses, urls).
	if (/^[\x20-\x7e]*$/.test(text)) return scrubKnown(text.includes('  ') ? text.replace(SPACES, ' ') : text);
	return scrubKnown(strip(scrubKnown(text)).replace(SPACES, ' ').trim());
}

/**
 * `clean` without the known-secret scrub: only for what the user explicitly copies to their own
 * clipboard (a sandbox URL with its token, `u`). Never draw its result: draw `clean`'s.
 */
export function cleanForCopy(value: unknown): string {
	if (value === null || value === undefined) return '';
	const text = typeof value === 'string' ? value : String(value);
	if (/^[\x20-\x7e]*$/.test(text)) return text.includes('  ') ? text.replace(SPACES, ' ') : text;
	return strip(text).replace(SPACES, ' ').trim();
}

/**
 * Multi-line server text (a command's output, a message) for a pager: escape sequences go from the
 * whole text first (an OSC string may span lines), then each line is stripped like `clean` but keeps
 * its spacing (indentation and aligned columns matter in outputs).
 */
export function cleanLines(text: string): string[] {
	const unescaped = text.replace(ESC_STRING, '').replace(C1_STRING, '').replace(CSI, '').replace(ESC_OTHER, '');
	return unescaped.split(/\r?\n|[\v\f\u0085\u2028\u2029]/).map(cleanLine);
}

function cleanLine(raw: string): string {
	// A line rewritten with carriage returns (a progress bar): a terminal shows its last state.
	const line = raw.includes('\r') ? (raw.split('\r').filter(Boolean).pop() ?? '') : raw;
	if (/^[\x20-\x7e]*$/.test(line)) return line.trimEnd();
	// Tabs become spaces to the next multiple of 8, as a terminal would move the cursor.
	let out = '';
	let width = 0;
	const pieces = line.split('\t');
	pieces.forEach((piece, i) => {
		if (i > 0) {
			const pad = 8 - (width % 8);
			out += ' '.repeat(pad);
			width += pad;
		}
		const stripped = strip(piece);
		out += stripped;
		// the width matters only for the next tab stop
		if (i < pieces.length - 1) width += displayWidth(stripped);
	});
	return out.trimEnd();
}

function strip(text: string): string {
	return text
		.replace(ESC_STRING, '')
		.replace(C1_STRING, '')
		.replace(CSI, '')
		.replace(ESC_OTHER, '')
		.replace(LINE_BREAKS, ' ')
		.replace(CONTROLS, '')
		.replace(BIDI, '')
		.replace(INVISIBLE, '')
		.replace(ZWJ, '')
		.replace(MARK_PILES, '$1')
		.replace(LONE_SURROGATE, '\ufffd');
}

// Made at the first cut of non-ASCII text: `new Intl.Segmenter()` loads ICU's break iterator,
// 13-40 ms measured here, which a command printing ASCII (`ohtui status`) never needs.
let segmenter: Intl.Segmenter | undefined;
const graphemesOf = (text: string) => (segmenter ??= new Intl.Segmenter()).segment(text);

/** Terminal columns of an already clean string. */
export function displayWidth(text: string): number {
	if (/^[\x20-\x7e]*$/.test(text)) return text.length;
	// string-width segments the whole string at once: quadratic in V8 for a long one (see graphemes)
	if (text.length <= 256) return widthByParts(text, stringWidth);
	let width = 0;
	for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
	return width;
}

/**
 * The graphemes of `text`. Printable ASCII goes one character at a time without the segmenter; runs
 * of anything else go to it in pieces of at most 256 code units: V8's Intl.Segmenter is quadratic
 * in the length of the string it is given (50,000 characters: 1.2 s), so it never gets a long one.
 */
export function* graphemes(text: string): Generator<string> {
	const ascii = (at: number) => {
		const code = text.charCodeAt(at);
		return code >= 0x20 && code <= 0x7e;
	};
	let i = 0;
	while (i < text.length) {
		let j = i;
		while (j < text.length && ascii(j)) j++;
		// the ASCII character right before other text may carry its combining marks
		const held = j < text.length && j > i ? j - 1 : j;
		for (let k = i; k < held; k++) yield text[k]!;
		let end = j;
		while (end < text.length && !ascii(end)) end++;
		for (let start = held; start < end; ) {
			let stop = Math.min(end, start + 256);
			// never between the halves of a surrogate pair
			if (stop < end && /[\udc00-\udfff]/.test(text[stop]!)) stop++;
			for (const {segment} of graphemesOf(text.slice(start, stop))) yield segment;
			start = stop;
		}
		i = end;
	}
}

function graphemeWidth(grapheme: string): number {
	return grapheme.length === 1 && grapheme >= ' ' && grapheme <= '~' ? 1 : stringWidth(grapheme);
}

/**
 * The longest prefix of `text` that fits in `width` columns. Walks graphemes only up to the width,
 * so a 10,000-character title costs as much as a short one.
 */
function fitStart(text: string, width: number): {head: string; whole: boolean} {
	// Only the head can matter: V8's segmenter costs time in the length of all it is given (a
	// 300,000-character field took 200 ms a row, issue 21 item 4), so it gets 4 code units a column.
	const sample = text.length > width * 4 + 16 ? text.slice(0, width * 4 + 16) : text;
	// printable ASCII: a column a character, no segmenter (a third of a table's cells)
	if (/^[\x20-\x7e]*$/.test(sample)) return text.length <= width ? {head: text, whole: true} : {head: text.slice(0, Math.max(0, width)), whole: false};
	let used = 0;
	for (const {segment, index} of graphemesOf(sample)) {
		const w = graphemeWidth(segment);
		if (used + w > width) return {head: text.slice(0, index), whole: false};
		used += w;
	}
	return {head: sample, whole: sample.length === text.length};
}

/** The longest suffix of `text` that fits in `width` columns. */
function fitEnd(text: string, width: number): string {
	if (width <= 0) return '';
	// Only the tail can matter: look at no more than 4 code units per column (graphemes with marks).
	const tail = text.length > width * 4 + 8 ? text.slice(text.length - (width * 4 + 8)) : text;
	if (/^[\x20-\x7e]*$/.test(tail)) return tail.slice(Math.max(0, tail.length - width));
	const graphemes = Array.from(graphemesOf(tail), s => s.segment);
	let used = 0;
	let out = '';
	for (let i = graphemes.length - 1; i >= 0; i--) {
		const g = graphemes[i]!;
		const w = graphemeWidth(g);
		if (used + w > width) break;
		used += w;
		out = g + out;
	}
	return out;
}

/** Cuts to `width` columns, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
	if (width <= 0) return '';
	if (text.length <= width && displayWidth(text) <= width) return text;
	if (fitStart(text, width).whole) return text;
	return fitStart(text, width - 1).head + '…';
}

/** Cuts to `width` columns keeping both ends (`oh-agent-se…Clq9g9P10j`): ids stay recognisable. */
export function truncateMiddle(text: string, width: number): string {
	if (width <= 0) return '';
	if (text.length <= width && displayWidth(text) <= width) return text;
	if (fitStart(text, width).whole) return text;
	if (width === 1) return '…';
	const left = Math.ceil((width - 1) / 2);
	const {head} = fitStart(text, left);
	const tail = fitEnd(text, width - 1 - displayWidth(head));
	return head + '…' + tail;
}

/** Cuts to `width` columns keeping the end (`…server:4e2ecd8-python`): an image's name and tag. */
export function truncateStart(text: string, width: number): string {
	if (width <= 0) return '';
	if (text.length <= width && displayWidth(text) <= width) return text;
	if (fitStart(text, width).whole) return text;
	return '…' + fitEnd(text, width - 1);
}

/** Where a text too long for its width is cut: at the end (default), in the middle, or at the start. */
export type Cut = 'end' | 'middle' | 'start';

/**
 * Cells cut to their width, remembered: a table fits the same texts on every frame, and one longer
 * than its column (a title, what the agent does) is walked grapheme by grapheme through the
 * segmenter each time. Texts of at most FITTED_LENGTH code units; forgotten all at once when full.
 */
const FITTED = 2000;
const FITTED_LENGTH = 512;
let fitted = new Map<string, string>();

/** Cuts or pads with spaces to exactly `width` columns (`middle`: true is the same as 'middle'). */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left', middle: boolean | Cut = false): string {
	const where = middle === true ? 'middle' : middle === false ? 'end' : middle;
	// plain ASCII that fits is cheap as it is
	const plain = text.length <= width && /^[\x20-\x7e]*$/.test(text);
	const key = plain || text.length > FITTED_LENGTH ? null : `${width} ${align} ${where} ${text}`;
	const known = key === null ? undefined : fitted.get(key);
	if (known !== undefined) return known;
	const cut = where === 'middle' ? truncateMiddle(text, width) : where === 'start' ? truncateStart(text, width) : truncate(text, width);
	const pad = Math.max(0, width - displayWidth(cut));
	const out = align === 'right' ? ' '.repeat(pad) + cut : cut + ' '.repeat(pad);
	if (key !== null) {
		if (fitted.size >= FITTED) fitted = new Map();
		fitted.set(key, out);
	}
	return out;
}
