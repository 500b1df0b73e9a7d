// Ink 8.0.0 turns every frame into a grid of styled cells (build/output.js, with the
// @alcalzone/ansi-tokenize 0.3 helpers) and allocates, per frame, a fresh object and styles array
// for each blank cell (4,800 at 120x40), and for every line a grapheme walk with Intl.Segmenter,
// a token object and a styled character with its own copy of the styles; its per-line caches live
// one frame (OutputCaches is made per Output). These patches keep every frame's text the same
// (test/e2e/inkOutputFix.test.ts compares both builds on random frames) and drop the garbage that
// still pays to drop, as test/bench/output.bench.ts weighs it: the real App, 10,000 rows at
// 120x40, MB allocated per key press (young collections of a 1 MB young generation without
// pretenuring) for `j`/`k` (a row or two change) and `G`/`g` (every row changes); Node 20,
// November 2026:
// - previousFrame: the previous frame's styled characters and widths are reused (most lines do
//   not change between frames), bounded to one frame: j/k 14.7 -> 8.7 MB a press on its own;
// - blankCell: one shared, frozen blank cell (cells are replaced in the grid, never changed):
//   j/k a further 8.7 -> 7.4;
// - internedChars: styled characters interned per style (nobody changes one after it is made), so
//   a line's characters are made once, not once per frame they are new in: G/g 17.2 -> 15.2 MB and
//   25 -> 20 ms a press (in process).
// Re-ported from the Ink 6.8 patches and dropped, measured: walking ASCII lines by code unit
// instead of Intl.Segmenter (no change in either figure on Ink 8); the styles diff of equal
// neighbours (ansi-tokenize 0.3.2 has isSameStyle); the measure-text bound (Ink 8 bounds it,
// issue #986).
// Bundle-time only; each needle must be found exactly once, so an Ink or ansi-tokenize upgrade
// fails the build instead of shipping a half-applied patch. Upstream, as of November 2026: none in
// a release (each patch names what would retire it).
import {readFileSync} from 'node:fs';

/**
 * The patches, by name: the file each applies to (matched by path suffix), its [needle,
 * replacement] pairs, and what upstream change would make it unnecessary.
 */
export const patches = [
	{
		name: 'blankCell',
		file: 'ink/build/output.js',
		retiredBy: 'an Ink release whose Output.get() stops building a new blank cell per cell (vadimdemedes/ink, build/output.js, 8.0.0: `row.push({type: \'char\', value: \' \', …})`)',
		replacements: [
			[
				`export default class Output {`,
				`const BLANK = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });
export default class Output {`,
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
		],
	},
	{
		name: 'internedChars',
		file: '@alcalzone/ansi-tokenize/build/styledChars.js',
		retiredBy: 'an @alcalzone/ansi-tokenize release whose styledCharsFromTokens shares the styles array between characters (0.3.2 copies it per character: `styles: [...codes]`)',
		replacements: [
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
		],
	},
	{
		name: 'previousFrame',
		file: 'ink/build/output.js',
		retiredBy: 'an Ink release whose output caches outlive a frame (vadimdemedes/ink, build/output.js, 8.0.0: `caches = new OutputCaches()` per Output)',
		replacements: [
			[
				`class OutputCaches {`,
				`// The previous frame's caches: a line's styled characters and a text's width depend on nothing else.
let previousStyledChars = new Map();
let previousWidths = new Map();
let previousBlockWidths = new Map();
class OutputCaches {`,
			],
			[
				`        let cached = this.styledChars.get(line);
        if (cached === undefined) {
            // Standalone invisible Unicode characters must not occupy terminal cells.
            cached = styledCharsFromTokens(tokenize(line))`,
				`        let cached = this.styledChars.get(line);
        if (cached === undefined) {
            // Standalone invisible Unicode characters must not occupy terminal cells.
            cached = previousStyledChars.get(line) ?? styledCharsFromTokens(tokenize(line))`,
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
				`        let cached = this.blockWidths.get(text);
        if (cached === undefined) {
            let lineWidth = 0;`,
				`        let cached = this.blockWidths.get(text) ?? previousBlockWidths.get(text);
        if (cached === undefined) {
            let lineWidth = 0;`,
			],
			[
				`            cached = lineWidth;
            this.blockWidths.set(text, cached);
        }`,
				`            cached = lineWidth;
        }
        this.blockWidths.set(text, cached);`,
			],
			[
				`        return {
            output: generatedOutput,`,
				`        previousStyledChars = this.caches.styledChars;
        previousWidths = this.caches.widths;
        previousBlockWidths = this.caches.blockWidths;
        return {
            output: generatedOutput,`,
			],
		],
	},
];

/** the names of every patch: what the app's build applies */
export const ALL = patches.map(patch => patch.name);

const suffixOf = file => file.replaceAll('\\', '/');

/** Applies the chosen patches that touch `file`; throws unless each needle is there exactly once. */
export function patchSource(source, file, names = ALL) {
	let out = source;
	const chosen = patches.filter(patch => names.includes(patch.name) && suffixOf(file).endsWith(patch.file));
	for (const patch of chosen) {
		for (const [needle, replacement] of patch.replacements) {
			const count = out.split(needle).length - 1;
			if (count !== 1) {
				throw new Error(
					`${file}: patch ${patch.name}: expected exactly one ${JSON.stringify(needle.trim().split('\n')[0])} (found ${count}); the Ink 8.0.0 ` +
						'output patches no longer apply: check the Ink / @alcalzone/ansi-tokenize versions and update or remove scripts/inkOutputFix.mjs',
				);
			}
			out = out.replace(needle, () => replacement);
		}
	}
	return out;
}

const FILTER = /[\\/](?:ink[\\/]build[\\/]output|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars)\.js$/;

/** esbuild plugin applying the named patches (default all); fails the build if one never applied. */
export function inkOutputFix(names = ALL) {
	return {
		name: 'ink-output-allocation-fix',
		setup(build) {
			const seen = new Set();
			build.onStart(() => {
				seen.clear();
			});
			build.onLoad({filter: FILTER}, args => {
				for (const patch of patches) if (names.includes(patch.name) && suffixOf(args.path).endsWith(patch.file)) seen.add(patch.name);
				return {contents: patchSource(readFileSync(args.path, 'utf8'), args.path, names), loader: 'js'};
			});
			build.onEnd(result => {
				const missing = names.filter(name => !seen.has(name));
				if (result.errors.length === 0 && missing.length > 0) {
					return {errors: [{text: `${missing.join(', ')}: the file never loaded; the Ink output patches were not applied`}]};
				}

				return undefined;
			});
		},
	};
}
