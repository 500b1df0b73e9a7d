/**
 * A scrollable list of labelled values (settings, detail panes). Values arrive clean and already
 * masked; this only lays them out, one line each, and scrolls with the `scroll` keys.
 */
import React, {useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys, type Layer} from '../keys/KeyRouter.js';
import {displayWidth, fit, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {usePersistentState} from '../usePersistentState.js';
import {movedTo} from './movement.js';

export type Entry =
	| {kind: 'heading'; text: string}
	| {kind: 'field'; label: string; value: string; color?: string | undefined};

export const heading = (text: string): Entry => ({kind: 'heading', text});
export const field = (label: string, value: string, color?: string): Entry => ({kind: 'field', label, value, color});

type Props = {
	entries: readonly Entry[];
	width: number;
	height: number;
	/** keeps the scroll position per pane; without one it starts at the top each time it opens (`?`) */
	memoryKey?: string;
	active: boolean;
	/** `modal` when shown in an overlay above a view */
	layer?: Layer;
};

export function FieldList({entries, width, height, memoryKey, active, layer = 'view'}: Props) {
	const theme = useTheme();
	const remembered = usePersistentState(`${memoryKey ?? ''}:scroll`, 0);
	const fresh = useState(0);
	const [rawOffset, setOffset] = memoryKey === undefined ? fresh : remembered;
	// One line goes to the "1-20 of 42" indicator when the list does not fit.
	const rows = entries.length > height ? Math.max(1, height - 1) : height;
	const maxOffset = Math.max(0, entries.length - rows);
	const offset = Math.min(rawOffset, maxOffset);
	const labelWidth = useMemo(
		() => Math.min(Math.floor(width / 2), Math.max(8, ...entries.map(e => (e.kind === 'field' ? displayWidth(e.label) : 0))) + 3),
		[entries, width],
	);

	useKeys(
		layer,
		name => {
			const to = movedTo(commandFor('scroll', name), offset, maxOffset, Math.max(1, rows - 1));
			if (to === null) return false;
			setOffset(to);
			return true;
		},
		active,
	);

	const visible = entries.slice(offset, offset + rows);
	return (
		<Box flexDirection="column">
			{visible.map((entry, i) =>
				entry.kind === 'heading' ? (
					<Text key={i} bold color={theme.accent} wrap="truncate">
						{truncate(entry.text, width)}
					</Text>
				) : (
					<Text key={i} wrap="truncate">
						<Text color={theme.muted}>{fit(`  ${entry.label}`, labelWidth)}</Text>
						<Text color={entry.color}>{truncate(entry.value, Math.max(1, width - labelWidth))}</Text>
					</Text>
				),
			)}
			{entries.length > height ? (
				<Text color={theme.muted} wrap="truncate">
					{`  ${offset + 1}-${Math.min(entries.length, offset + rows)} of ${entries.length} (j/k to scroll)`}
				</Text>
			) : null}
		</Box>
	);
}
