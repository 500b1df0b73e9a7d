/**
 * A unified diff for the pager: every line cleaned and masked like any server text (a `.env` in
 * the diff must not show its keys), spacing kept, cut with a note when huge (activity/text.ts),
 * and styled by its first character so the pager colours it.
 */
import type {DiffState} from '../../store/types.js';
import type {PagerLine} from '../../present/events/detail.js';
import {pagerLines} from '../../present/events/text.js';
import {clean} from '../../text/sanitize.js';

function styleOf(line: string): PagerLine['style'] {
	if (line.startsWith('+++ ') || line.startsWith('--- ')) return 'heading';
	if (line.startsWith('@@')) return 'hunk';
	if (line.startsWith('+')) return 'added';
	if (line.startsWith('-')) return 'removed';
	if (line.startsWith('\\') || line.startsWith('…')) return 'muted';
	return undefined;
}

export function diffPagerLines(diff: DiffState): PagerLine[] {
	const head: PagerLine = {text: clean(diff.path), style: 'heading'};
	if (diff.loading) return [head, {text: 'reading the diff…', style: 'muted'}];
	if (diff.error) return [head, {text: clean(diff.error.message), style: 'error'}];
	const out: PagerLine[] = diff.note ? [{text: clean(diff.note), style: 'muted'}] : [];
	if (!diff.text) return [head, ...(out.length ? out : [{text: 'no difference', style: 'muted' as const}])];
	for (const line of pagerLines(diff.text)) {
		const style = styleOf(line);
		out.push(style ? {text: line, style} : {text: line});
	}
	return out;
}
