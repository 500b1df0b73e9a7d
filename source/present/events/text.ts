/**
 * Server text for the activity view: one masked line for a row, or every line (masked, spacing
 * kept) for the pager, and wrapping by terminal columns. Everything here is untrusted event text:
 * it goes through `cleanLines`/`maskSecrets` before it is returned.
 */
import {maskCleanLine, maskSecrets} from '../../text/secrets.js';
import {maskBlocks} from '../../text/secretFormats.js';
import {cleanLines, displayWidth, graphemes} from '../../text/sanitize.js';
import {count} from '../format.js';

/** Raw characters of one line looked at for a row: a row is at most a few hundred columns wide. */
const ROW_CHARS = 4000;
/** Blank lines skipped before giving up on finding text for a row. */
const ROW_SCAN_LINES = 200;
/** The pager holds at most this much of one text (a 1 MB log is cut with a note saying so). */
export const PAGER_CHARS = 1_000_000;
export const PAGER_LINES = 20_000;

/** The first line that has text on it, cleaned and masked; ` …` when more lines follow. */
export function rowText(text: string | null | undefined): string {
	if (!text) return '';
	let start = 0;
	for (let n = 0; n < ROW_SCAN_LINES && start < text.length; n++) {
		const end = text.indexOf('\n', start);
		const stop = end < 0 ? text.length : end;
		const line = text.slice(start, Math.min(stop, start + ROW_CHARS));
		const shown = maskSecrets(line);
		if (shown) {
			const more = end >= 0 && /\S/.test(text.slice(end, end + ROW_CHARS));
			return more ? `${shown} …` : shown;
		}
		if (end < 0) break;
		start = end + 1;
	}
	return '';
}

/** Every line of `text` for the pager: cleaned, masked, spacing kept; cut with a note when huge. */
export function pagerLines(text: string | null | undefined): string[] {
	if (!text) return [];
	const cutChars = text.length > PAGER_CHARS;
	// what spans lines is masked over the whole text before it is cut into lines: a private key as a
	// whole (issue 21 item 3), a YAML name/value pair, a pretty-printed JSON one (issue 27 item 1)
	const lines = maskBlocks(cleanLines(cutChars ? text.slice(0, PAGER_CHARS) : text).join('\n')).split('\n');
	const kept = lines.length > PAGER_LINES ? lines.slice(0, PAGER_LINES) : lines;
	// each line by the rules a row uses, spacing kept (it was masked piece by piece between runs of
	// spaces, so `password:  hunter2` with two spaces showed in the pager and not in the row)
	const out = kept.map(maskCleanLine);
	if (lines.length > PAGER_LINES) out.push(`… ${lines.length - PAGER_LINES} more lines not shown`);
	else if (cutChars) out.push(`… cut at ${count(PAGER_CHARS)} characters of ${count(text.length)}`);
	return out;
}

/**
 * Splits a clean line into rows of at most `width` columns, breaking after a space when one is in
 * the second half of the row (prose reads better), else anywhere (outputs, long tokens). Wide
 * characters (CJK) never straddle a row end.
 */
export function wrapLine(line: string, width: number): string[] {
	const w = Math.max(1, width);
	if (line.length <= w && displayWidth(line) <= w) return [line];
	const rows: string[] = [];
	if (/^[\x20-\x7e]*$/.test(line)) {
		let start = 0;
		while (line.length - start > w) {
			// a space in the second half of the row, looked for there only: searching back to the line's
			// start from every row of a line without spaces was quadratic (issue 21 item 4)
			let space = start + w;
			while (space > start + w / 2 && line[space] !== ' ') space--;
			const end = space > start + w / 2 ? space + 1 : start + w;
			// a word that ends at the row's last column: the space after it goes, not onto the row (one
			// column too wide, a dialog's row was cut with `…` though nothing was missing)
			rows.push(line.slice(start, Math.min(end, start + w)));
			start = end;
		}
		rows.push(line.slice(start));
		return rows;
	}
	let row = '';
	let used = 0;
	let lastSpace = -1;
	for (const segment of graphemes(line)) {
		const sw = segment.length === 1 && segment >= ' ' && segment <= '~' ? 1 : displayWidth(segment);
		if (used + sw > w && row) {
			if (lastSpace > row.length / 2 && lastSpace < row.length) {
				rows.push(row.slice(0, lastSpace + 1));
				row = row.slice(lastSpace + 1);
				used = displayWidth(row);
			} else {
				rows.push(row);
				row = '';
				used = 0;
			}
			lastSpace = -1;
		}
		if (segment === ' ') lastSpace = row.length;
		row += segment;
		used += sw;
	}
	rows.push(row);
	return rows;
}
