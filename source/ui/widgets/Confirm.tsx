/**
 * A yes/no question that holds every key until answered, with an optional line on what else goes
 * with it; while `ready` is false (names still being looked up) confirming waits. `rows`: a question
 * already laid out over several rows (an approval: the command and its risk, issue 26 item 3);
 * `onMore`: it was cut, and Enter shows all of it instead of confirming (y still confirms).
 */
import React from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, truncate} from '../../text/sanitize.js';
import {wrapLine} from '../../present/events/text.js';
import {useTheme} from '../theme.js';

type Props = {
	message: string;
	detail?: string | null;
	ready?: boolean;
	width: number;
	rows?: readonly string[];
	onMore?: (() => void) | null;
	onConfirm(): void;
	onCancel(): void;
};

/**
 * The detail's rows: wrapped here, not by Ink, so the view that makes room for the question counts
 * the same rows it draws (Ink's word wrap took a row more than a count of columns said, and the
 * question's first row was drawn over).
 */
export function detailRows(detail: string | null, width: number): string[] {
	return detail ? wrapLine(clean(detail), Math.max(1, width)) : [];
}

export function Confirm({message, detail = null, ready = true, width, rows, onMore = null, onConfirm, onCancel}: Props) {
	const theme = useTheme();
	useKeys('modal', name => {
		const command = commandFor('confirm', name);
		if (name === 'enter' && onMore) onMore();
		else if (command === 'confirm' && ready) onConfirm();
		else if (command === 'cancel') onCancel();
		return true;
	});
	const hint = ready ? (onMore ? 'Enter shows all of it · y confirm · n/Esc cancel' : 'y/Enter confirm · n/Esc cancel') : 'n/Esc cancel';
	return (
		<Box flexDirection="column">
			{(rows ?? [message]).map((row, i) => (
				<Text key={i} bold color={theme.warn} wrap="truncate">
					{truncate(clean(row), width)}
				</Text>
			))}
			{detailRows(detail, width).map((row, i) => (
				<Text key={`d${i}`} wrap="truncate">
					{row}
				</Text>
			))}
			<Text wrap="truncate" color={ready ? undefined : theme.muted}>
				{hint}
			</Text>
		</Box>
	);
}
