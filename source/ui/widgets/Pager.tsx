/**
 * A scrollable page of text (an event in full): lines wrapped at the width once per width, only
 * the rows on screen drawn, `pager` keys to scroll, Esc to close, `e` the whole text in $PAGER.
 * Lines arrive clean and masked. Not a scroll view over every line (Ink 8's contentOffsetY): Ink
 * lays out and wraps every child, drawn or not; for 5,000 lines a step took 143-181 ms and 216 MB
 * against 5-10 ms and 80 MB windowed (300 lines: 13 ms and 98 MB against 7 ms and 81 MB).
 */
import React, {memo, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {PagerLine} from '../../present/events/detail.js';
import {wrapLine} from '../../present/events/text.js';
import {count} from '../../present/format.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {truncate} from '../../text/sanitize.js';
import {type Theme, useTheme} from '../theme.js';
import {useHandOff} from '../useHandOff.js';
import {movedTo} from './movement.js';

type Props = {
	lines: readonly PagerLine[];
	width: number;
	height: number;
	onClose(): void;
	active?: boolean;
	/** the file name the text gets in $PAGER (`e`) */
	name?: string;
};

const STYLE_COLORS: Record<NonNullable<PagerLine['style']>, (theme: Theme) => string | undefined> = {
	heading: theme => theme.accent,
	error: theme => theme.error,
	muted: theme => theme.muted,
	added: theme => theme.ok,
	removed: theme => theme.error,
	hunk: theme => theme.accent,
};

export function wrapPager(lines: readonly PagerLine[], width: number): PagerLine[] {
	const rows: PagerLine[] = [];
	for (const line of lines) for (const text of wrapLine(line.text, width)) rows.push(line.style ? {text, style: line.style} : {text});
	return rows;
}

export function Pager({lines, width, height, onClose, active = true, name = 'ohtui.txt'}: Props) {
	const theme = useTheme();
	const {page: handOffPage} = useHandOff();
	const rows = useMemo(() => wrapPager(lines, width), [lines, width]);
	const [rawOffset, setOffset] = useState(0);
	// the last line says where you are when the text does not fit
	const fits = rows.length <= height;
	const visibleRows = fits ? height : Math.max(1, height - 1);
	const maxOffset = Math.max(0, rows.length - visibleRows);
	const offset = Math.min(rawOffset, maxOffset);
	useHintScopes(['pager']);

	useKeys(
		'modal',
		name => {
			const command = commandFor('pager', name);
			const to = movedTo(command, offset, maxOffset, Math.max(1, visibleRows - 1));
			if (to !== null) {
				setOffset(to);
				return true;
			}
			switch (command) {
				case 'close':
					onClose();
					break;
				case 'pager.open':
					void handOffPage(lines.map(line => line.text), name);
					break;
				default:
					// global keys (tabs, help, quit) still work from the pager
					return false;
			}
			return true;
		},
		active,
	);

	const visible = rows.slice(offset, offset + visibleRows);
	const color = (style: PagerLine['style']) => (style ? STYLE_COLORS[style](theme) : undefined);
	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			{visible.map((row, i) => (
				<PagerRow key={offset + i} text={row.text} color={color(row.style)} bold={row.style === 'heading'} />
			))}
			{fits ? null : (
				<Text color={theme.muted} wrap="truncate">
					{truncate(`${count(offset + 1)}-${count(offset + visible.length)} of ${count(rows.length)} lines · ${offset >= maxOffset ? 'end' : 'j/k PgUp/PgDn g/G'} · Esc close`, width)}
				</Text>
			)}
		</Box>
	);
}

const PagerRow = memo(function PagerRow({text, color, bold}: {text: string; color: string | undefined; bold: boolean}) {
	return (
		<Text wrap="truncate" color={color} bold={bold}>
			{text || ' '}
		</Text>
	);
});
