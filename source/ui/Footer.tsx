/**
 * Two lines: the last notice (errors in red), then the keys that work here. Never empty at the
 * bottom. An error too long for its line takes two (issue 26 item 13: a failed start's detail and
 * the server's error id were cut at 120 columns); the view above gives up the row.
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {Notice} from '../store/types.js';
import type {Command} from '../keymap/keymap.js';
import type {Hint} from './keys/footerHints.js';
import {displayWidth, truncate} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {wrapLine} from '../present/events/text.js';
import {noticeText} from './statusLine.js';
import {useTheme} from './theme.js';

type Props = {notice: Notice | null; hints: readonly Hint[]; globalHints: readonly Hint[]; width: number; now?: number};

export const FOOTER_HEIGHT = 2;

/** The notice's rows at this width: one, or two for an error that does not fit in one. */
export function noticeRows(notice: Notice | null, width: number, now: number = notice?.at ?? 0): string[] {
	if (!notice) return [' '];
	const text = maskSecrets(noticeText(notice, now));
	if (notice.level !== 'error' || displayWidth(text) <= width) return [truncate(text, width)];
	const [first = '', ...rest] = wrapLine(text, width);
	return [first, truncate(rest.join(''), width)];
}

export const Footer = memo(function Footer({notice, hints, globalHints, width, now = notice?.at ?? 0}: Props) {
	const theme = useTheme();
	return (
		<Box flexDirection="column">
			{noticeRows(notice, width, now).map((row, i) => (
				<Text key={i} wrap="truncate" color={notice?.level === 'error' ? theme.error : undefined}>
					{row}
				</Text>
			))}
			<Text wrap="truncate" color={theme.muted}>
				{keysLine([...hints, ...globalHints], width)}
			</Text>
		</Box>
	);
});

/**
 * Dropped first when the line is too narrow, in this order (issue 9 item 17: hints were cut
 * mid-word, `Enter det…`). Hints not listed go next, the rightmost of them first; help and quit
 * go last.
 */
const DROP_FIRST: readonly Command[] = ['sort.default', 'preview.toggle', 'filter.status', 'agent.policy', 'copy', 'workspace.files', 'conversation.changes', 'refresh', 'filter', 'open', 'move.down', 'field.next', 'tab.next'];
const KEEP_LAST: readonly Command[] = ['help', 'quit'];
const SEPARATOR = '  ';

/** The hints that fit in `width`, whole, in their order; never a hint cut in the middle. */
export function keysLine(hints: readonly Hint[], width: number): string {
	const kept = [...hints];
	const length = () => kept.reduce((sum, h, i) => sum + displayWidth(h.text) + (i > 0 ? SEPARATOR.length : 0), 0);
	while (kept.length > 0 && length() > width) {
		kept.splice(kept.indexOf(leastImportant(kept)), 1);
	}
	return kept.map(h => h.text).join(SEPARATOR);
}

function leastImportant(hints: readonly Hint[]): Hint {
	for (const command of DROP_FIRST) {
		const hint = hints.find(h => h.command === command);
		if (hint) return hint;
	}
	const others = hints.filter(h => !KEEP_LAST.includes(h.command));
	if (others.length > 0) return others.at(-1)!;
	// help before quit: quit is the way out
	return hints.find(h => h.command === 'help') ?? hints.at(-1)!;
}
