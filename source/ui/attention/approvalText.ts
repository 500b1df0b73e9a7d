/**
 * What an approval dialog says, laid out for its width (issue 26 item 3): the question, the whole
 * command of what waits (wrapped, a few lines at most, then `…`: Enter shows all of it, up to what
 * the screen holds) and its risk, always whole. The same lines in the activity, on a list row and
 * in `!`; the views size the dialog from them.
 */
import {displayWidth, truncate} from '../../text/sanitize.js';
import {wrapLine} from '../../present/events/text.js';
import type {PendingText} from '../../present/events/pendingText.js';

/** Rows of the actions' text before `…` (a few; Enter shows the rest). */
export const FEW_ROWS = 4;

export type ApprovalText = {rows: string[]; cut: boolean};

type Input = {
	/** `Accept the pending action of “title”`, `The pending actions changed: accept 2 pending actions` */
	question: string;
	actions: readonly PendingText[];
	/** `?` for a yes/no question */
	end: string;
	width: number;
	/** rows the actions may take: FEW_ROWS, or as many as the screen holds once Enter asked for all */
	rows: number;
};

export function approvalText({question, actions, end, width, rows}: Input): ApprovalText {
	const w = Math.max(10, width);
	if (actions.length === 0) return {rows: wrapLine(`${question}${end}`, w).slice(0, 2), cut: false};
	if (actions.length === 1) {
		// one paragraph: `Accept the pending action: terminal $ rm -rf build · risk HIGH?`
		const [first = '', ...rest] = actions[0]!.lines;
		return fitBlock([`${question}: ${first}`, ...rest], tail(actions[0]!.risk, end), rows + 1, w, '');
	}
	const out = wrapLine(`${question}${end}`, w).slice(0, 2);
	// more actions than rows: one row each for those that fit, then how many more
	const shown = actions.length > rows ? Math.max(1, rows - 1) : actions.length;
	let left = rows - (shown < actions.length ? 1 : 0);
	let cut = shown < actions.length;
	for (let i = 0; i < shown; i++) {
		const action = actions[i]!;
		// a fair share of the rows left: one that needs fewer leaves more to the next
		const block = fitBlock(action.lines, action.risk ? ` · ${action.risk}` : '', Math.max(1, Math.floor(left / (shown - i))), w - 2, '  ');
		out.push(...block.rows);
		cut ||= block.cut;
		left -= block.rows.length;
	}
	if (shown < actions.length) out.push(`  … ${actions.length - shown} more`);
	return {rows: out, cut};
}

function tail(risk: string | null, end: string): string {
	return `${risk ? ` · ${risk}` : ''}${end}`;
}

/**
 * `lines` wrapped at `width` in at most `max` rows, `tail` (the risk) always whole at the end: when
 * they do not fit, the last row kept ends with `…` before it.
 */
function fitBlock(lines: readonly string[], end: string, max: number, width: number, indent: string): ApprovalText {
	const wrapped = lines.flatMap(line => wrapLine(line, width));
	const room = Math.max(1, max);
	const endWidth = displayWidth(end);
	const last = wrapped.at(-1) ?? '';
	if (wrapped.length <= room && displayWidth(last) + endWidth <= width) return {rows: [...wrapped.slice(0, -1), last + end].map(row => indent + row), cut: false};
	if (wrapped.length < room && endWidth <= width) return {rows: [...wrapped, end.replace(/^ · /, '')].map(row => indent + row), cut: false};
	const kept = wrapped.slice(0, Math.min(room, wrapped.length));
	const row = kept.pop() ?? '';
	const head = truncate(row, Math.max(1, width - endWidth - 1));
	kept.push(`${head.endsWith('…') ? head : `${head}…`}${end}`);
	return {rows: kept.map(line => indent + line), cut: true};
}
