/** Two lines: the last notice (errors in red), then the keys that work here. Never empty at the bottom. */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {Notice} from '../store/types.js';
import {truncate} from './sanitize.js';
import {maskSecrets} from './secrets.js';
import {useTheme} from './theme.js';

type Props = {notice: Notice | null; hints: string; globalHints: string; width: number};

export const FOOTER_HEIGHT = 2;

export const Footer = memo(function Footer({notice, hints, globalHints, width}: Props) {
	const theme = useTheme();
	return (
		<Box flexDirection="column">
			<Text wrap="truncate" color={notice?.level === 'error' ? theme.error : undefined}>
				{notice ? truncate(maskSecrets(notice.text), width) : ' '}
			</Text>
			<Text wrap="truncate" color={theme.muted}>
				{keysLine(hints, globalHints, width)}
			</Text>
		</Box>
	);
});

/** The view's keys, cut first when narrow, so help and quit stay visible at the right. */
function keysLine(local: string, global: string, width: number): string {
	if (!local) return truncate(global, width);
	if (!global) return truncate(local, width);
	const room = width - global.length - 2;
	if (room < 8) return truncate(global, width);
	return `${truncate(local, room)}  ${global}`;
}
