// Ink 6.8.0 turns every frame into a grid of styled cells (build/output.js, with the
// @alcalzone/ansi-tokenize 0.2 helpers), and at 120x40 that allocates about 12 MB per frame: a
// fresh object and styles array for each of the 4,800 blank cells, three Sets and several arrays
// per cell to diff the styles of two neighbours (equal almost always), an Intl.Segmenter walk and
// two objects per written character, and a slice-ansi re-tokenizing of every line inside an
// `overflow="hidden"` box even when the line fits. The scavenger promotes megabytes of it, and
// that garbage is most of the app's resident memory (150-180 MB after the scale bench) and most
// of the CPU time of a key press. These patches keep every frame's text the same
// (test/e2e/inkOutputFix.test.ts compares both builds on random frames) and drop the garbage:
// - one shared, frozen blank cell: cells are only replaced in the grid, never changed;
// - styled characters are interned per style (nobody changes one after it is made), so equal
//   neighbours share one styles array, and equal styles need no diff (it is empty);
// - a pure ASCII line is walked by code unit: every ASCII code unit is its own grapheme except in
//   CR LF (such a line goes the slow way);
// - the styled characters and widths of the previous frame's lines are reused (most lines do
//   not change between frames), bounded to one frame;
// - a line of printable ASCII (no escape codes) that fits inside the clip is not sliced.
// And build/measure-text.js, whose cache kept every text ever measured, is bounded.
// Bundle-time only, like scripts/inkFix.mjs; each needle must be found exactly once, so an Ink or
// ansi-tokenize upgrade fails the build instead of shipping a half-applied patch.
// Upstream, as of November 2026: the measure-text bound is in Ink 8.0.0 (a QuickLRU of 4,096,
// vadimdemedes/ink issue #986); the rest in no release: Ink 8.0.0 caches a line's styled
// characters within a frame but still makes a blank cell per cell, and @alcalzone/ansi-tokenize
// 0.3.2 still copies the styles for every character and segments every line.
import {readFileSync} from 'node:fs';

/** file (matched by path suffix) → [needle, replacement] pairs */
export const patches = {
	'@alcalzone/ansi-tokenize/build/styledChars.js': [
		[
			`    let codes = [];
    const ret = [];
    for (const token of tokens) {
        if (token.type === "ansi") {
            codes = reduceAnsiCodesIncremental(codes, [token]);
        }
        else if (token.type === "char") {
            ret.push({
                ...token,
                styles: [...codes],
            });
        }
    }`,
			`    let codes = [];
    let style = styleOf(codes);
    const ret = [];
    for (const token of tokens) {
        if (token.type === "ansi") {
            codes = reduceAnsiCodesIncremental(codes, [token]);
            style = undefined;
        }
        else if (token.type === "char") {
            style ??= styleOf(codes);
            let char = style.chars.get(token.value);
            if (char === undefined) {
                char = Object.freeze({
                    ...token,
                    styles: style.styles,
                });
                style.chars.set(token.value, char);
                interned++;
            }
            ret.push(char);
        }
    }`,
		],
		[
			`export function styledCharsFromTokens(tokens) {`,
			`// Styled characters are interned: a grapheme's width is a function of the grapheme, and nobody
// changes a styled character or its styles after it is made. Bounded: cleared past MAX_INTERNED.
const MAX_INTERNED = 20000;
let styles = new Map();
let interned = 0;
function styleOf(codes) {
    if (interned > MAX_INTERNED) {
        styles = new Map();
        interned = 0;
    }
    // Every code starts with ESC, so the concatenation is unambiguous; an end code follows from its code.
    const key = codes.map((code) => code.code).join("");
    let style = styles.get(key);
    if (style === undefined) {
        style = { styles: Object.freeze([...codes]), chars: new Map() };
        styles.set(key, style);
    }
    return style;
}
export function styledCharsFromTokens(tokens) {`,
		],
		[
			`            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));`,
			`            if (!sameStyles(chars[i - 1].styles, char.styles))
                ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));`,
		],
		[
			`        if (i === chars.length - 1) {`,
			`        if (i === chars.length - 1 && char.styles.length > 0) {`,
		],
		[
			`export function styledCharsToString(chars) {`,
			`function sameStyles(a, b) {
    if (a === b)
        return true;
    if (a.length !== b.length)
        return false;
    for (let k = 0; k < a.length; k++) {
        if (a[k].code !== b[k].code || a[k].endCode !== b[k].endCode)
            return false;
    }
    return true;
}
export function styledCharsToString(chars) {`,
		],
	],
	'@alcalzone/ansi-tokenize/build/tokenize.js': [
		[
			`    for (const { segment, index } of segmenter.segment(str)) {`,
			`    for (const { segment, index } of graphemesOf(str)) {`,
		],
		[
			`export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {`,
			`const ASCII = /^[\\x00-\\x7f]*$/;
// One reused result object: the caller's for-of destructures it before asking for the next one.
function graphemesOf(str) {
    if (!ASCII.test(str) || str.includes("\\r\\n"))
        return segmenter.segment(str);
    let index = -1;
    const value = { segment: "", index: 0 };
    const result = { value, done: false };
    const iterator = {
        next() {
            index++;
            if (index >= str.length)
                return { value: undefined, done: true };
            value.segment = str[index];
            value.index = index;
            return result;
        },
        [Symbol.iterator]() {
            return iterator;
        },
    };
    return iterator;
}
export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {`,
		],
	],
	'ink/build/measure-text.js': [
		[
			`    cache.set(text, dimensions);`,
			`    // Every text ever measured was kept: for an app open for days, with times and counts that
    // change, a slow leak. Cleared past MAX_MEASURED (a frame measures far fewer).
    if (cache.size >= MAX_MEASURED)
        cache.clear();
    cache.set(text, dimensions);`,
		],
		[
			`const cache = new Map();`,
			`const MAX_MEASURED = 10000;
const cache = new Map();`,
		],
	],
	'ink/build/output.js': [
		[
			`class OutputCaches {`,
			`// The previous frame's caches: a line's styled characters and a text's width depend on nothing else.
let previousStyledChars = new Map();
let previousWidths = new Map();
const BLANK = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });
// No escape codes at all: slice-ansi also normalizes SGR codes (it drops a reset with nothing to
// reset), so a line carrying any must still go through it to come out byte-identical.
const PLAIN = /^[\\x20-\\x7e\\n]*$/;
class OutputCaches {`,
		],
		[
			`        let cached = this.styledChars.get(line);
        if (cached === undefined) {
            cached = styledCharsFromTokens(tokenize(line));`,
			`        let cached = this.styledChars.get(line);
        if (cached === undefined) {
            cached = previousStyledChars.get(line) ?? styledCharsFromTokens(tokenize(line));`,
		],
		[
			`        let cached = this.widths.get(text);
        if (cached === undefined) {
            cached = stringWidth(text);`,
			`        let cached = this.widths.get(text);
        if (cached === undefined) {
            cached = previousWidths.get(text) ?? stringWidth(text);`,
		],
		[
			`                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
			`                row.push(BLANK);`,
		],
		[
			`                    if (clipHorizontally) {
                        lines = lines.map(line => {`,
			`                    const inside = clipHorizontally && x >= clip.x1 && x + this.caches.getWidestLine(text) <= clip.x2 && PLAIN.test(text);
                    if (clipHorizontally && !inside) {
                        lines = lines.map(line => {`,
		],
		[
			`        return {
            output: generatedOutput,`,
			`        previousStyledChars = this.caches.styledChars;
        previousWidths = this.caches.widths;
        return {
            output: generatedOutput,`,
		],
	],
};

/** Applies the patches of one file; throws unless each needle is there exactly once. */
export function patchSource(source, file) {
	const key = Object.keys(patches).find(suffix => file.replaceAll('\\', '/').endsWith(suffix));
	if (!key) throw new Error(`${file}: no Ink output patches for this file`);
	let out = source;
	for (const [needle, replacement] of patches[key]) {
		const count = out.split(needle).length - 1;
		if (count !== 1) {
			throw new Error(
				`${file}: expected exactly one ${JSON.stringify(needle.trim().split('\n')[0])} (found ${count}); the Ink 6.8.0 ` +
					'output patches no longer apply: check the Ink / @alcalzone/ansi-tokenize versions and update or remove scripts/inkOutputFix.mjs',
			);
		}
		out = out.replace(needle, () => replacement);
	}
	return out;
}

const FILTER = /[\\/](?:ink[\\/]build[\\/](?:output|measure-text)|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/](?:styledChars|tokenize))\.js$/;

/** esbuild plugin: patches the four files; fails the build if any of them was never loaded. */
export const inkOutputFix = {
	name: 'ink-output-allocation-fix',
	setup(build) {
		const seen = new Set();
		build.onStart(() => {
			seen.clear();
		});
		build.onLoad({filter: FILTER}, args => {
			const key = Object.keys(patches).find(suffix => args.path.replaceAll('\\', '/').endsWith(suffix));
			seen.add(key);
			return {contents: patchSource(readFileSync(args.path, 'utf8'), args.path), loader: 'js'};
		});
		build.onEnd(result => {
			const missing = Object.keys(patches).filter(key => !seen.has(key));
			if (result.errors.length === 0 && missing.length > 0) {
				return {errors: [{text: `${missing.join(', ')} never loaded: the Ink output patches were not applied`}]};
			}

			return undefined;
		});
	},
};
