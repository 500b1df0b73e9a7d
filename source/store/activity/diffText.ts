/**
 * A unified diff of one file from the agent server's two whole texts (`GET /api/git/diff` sends
 * `original` and `modified`, never a patch; shared/openhands-agent-server.md 8.1).
 *
 * The line diff is jsdiff's (`diff` on npm): a well-kept Myers implementation whose
 * `maxEditLength` bounds the work, which a hand-written one would have to get right too. The bound
 * here keeps (lines of both sides) × (edits) under WORK (about a tenth of a second on this machine);
 * past it, or past MAX_LINES, the part between the common head and tail is shown as replaced
 * whole, which is linear, and the note says so. One string, so it can go to `$PAGER` as it is.
 *
 * An agent server does not send a file's end or line endings as they are: `original` is `git show`
 * output stripped, `modified` the file's `splitlines()` joined with `\n` (sdk git_diff.py; a real
 * 1.43.1 drops the final newline on both sides). So both sides are compared as lines ending in
 * `\n`, without trailing newlines: no `\ No newline at end of file` is claimed that the server
 * cannot tell, and texts that differ only there show no changed line.
 */
import {structuredPatch} from 'diff';

export type FileDiff = {
	/** `--- a/…`, `+++ b/…`, then hunks; '' when both sides are equal */
	text: string;
	added: number;
	removed: number;
	/** why the diff is coarser than a line diff (too large, binary) or empty though the texts differ; null otherwise */
	note: string | null;
};

const WORK = 20_000_000;
const MAX_LINES = 100_000;
const CONTEXT = 3;
/** Lines of a coarse diff's text (the pager shows 20,000 of any text; the counts stay exact). */
const MAX_TEXT_LINES = 20_000;

const ENDS_ONLY = 'no line differs: the texts differ only in line endings or newlines at the end, which agent servers do not send as they are';

/** The text as lines ending in `\n`: line endings as LF, trailing newlines as one. */
function asLines(text: string): string {
	const lf = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
	// by hand: a regex for the trailing run backtracks quadratically over a text of many newlines
	let end = lf.length;
	while (end > 0 && lf.charCodeAt(end - 1) === 10) end--;
	return end === 0 ? '' : `${lf.slice(0, end)}\n`;
}

function lines(text: string): string[] {
	if (text === '') return [];
	const parts = text.split('\n');
	if (parts[parts.length - 1] === '') parts.pop();
	return parts;
}

/** The middle that differs, after the common head and tail: shown replaced whole (linear work). */
function coarse(path: string, before: string[], after: string[], note: string): FileDiff {
	let head = 0;
	while (head < before.length && head < after.length && before[head] === after[head]) head++;
	let tail = 0;
	while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
	const removed = before.slice(head, before.length - tail);
	const added = after.slice(head, after.length - tail);
	if (removed.length === 0 && added.length === 0) return {text: '', added: 0, removed: 0, note: null};
	const from = Math.max(0, head - CONTEXT);
	const lead = before.slice(from, head);
	const trail = before.slice(before.length - tail, Math.min(before.length, before.length - tail + CONTEXT));
	const oldCount = lead.length + removed.length + trail.length;
	const newCount = lead.length + added.length + trail.length;
	const out = [`--- a/${path}`, `+++ b/${path}`, `@@ -${oldCount ? from + 1 : from},${oldCount} +${newCount ? from + 1 : from},${newCount} @@`];
	const room = () => MAX_TEXT_LINES - out.length;
	for (const [lines, sign] of [[lead, ' '], [removed, '-'], [added, '+'], [trail, ' ']] as const) {
		for (const line of lines.slice(0, Math.max(0, room()))) out.push(`${sign}${line}`);
	}
	const shown = out.length - 3;
	const all = lead.length + removed.length + added.length + trail.length;
	if (shown < all) out.push(`… ${all - shown} more lines of this diff not shown`);
	return {text: out.join('\n'), added: added.length, removed: removed.length, note};
}

export function unifiedDiff(path: string, original: string | null, modified: string | null): FileDiff {
	if ((original ?? '') === (modified ?? '')) return {text: '', added: 0, removed: 0, note: null};
	if (original?.includes('\u0000') || modified?.includes('\u0000')) {
		return {text: `Binary file ${path} differs`, added: 0, removed: 0, note: 'a binary file: no line diff'};
	}
	const a = asLines(original ?? '');
	const b = asLines(modified ?? '');
	if (a === b) return {text: '', added: 0, removed: 0, note: ENDS_ONLY};
	const before = lines(a);
	const after = lines(b);
	const size = before.length + after.length;
	if (size > MAX_LINES) return coarse(path, before, after, `${size} lines: shown as replaced whole, not diffed line by line`);
	const maxEditLength = Math.max(100, Math.floor(WORK / Math.max(1, size)));
	const patch = structuredPatch(`a/${path}`, `b/${path}`, a, b, undefined, undefined, {context: CONTEXT, maxEditLength});
	if (!patch) return coarse(path, before, after, 'too many changes to diff line by line: shown as replaced whole');
	let added = 0;
	let removed = 0;
	const out = [`--- a/${path}`, `+++ b/${path}`];
	for (const hunk of patch.hunks) {
		// an empty range names the line before it (jsdiff's own formatPatch does the same)
		const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
		const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
		out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
		for (const line of hunk.lines) {
			if (line.startsWith('+')) added++;
			else if (line.startsWith('-')) removed++;
			out.push(line);
		}
	}
	return {text: out.join('\n'), added, removed, note: null};
}
