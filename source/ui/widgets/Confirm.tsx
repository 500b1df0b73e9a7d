/**
 * A yes/no question that holds every key until answered, with an optional line on what else goes
 * with it; while `ready` is false (names still being looked up) confirming waits.
 */
import React from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';

type Props = {message: string; detail?: string | null; ready?: boolean; width: number; onConfirm(): void; onCancel(): void};

export function Confirm({message, detail = null, ready = true, width, onConfirm, onCancel}: Props) {
	const theme = useTheme();
	useKeys('modal', name => {
		const command = commandFor('confirm', name);
		if (command === 'confirm' && ready) onConfirm();
		else if (command === 'cancel') onCancel();
		return true;
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.warn} wrap="truncate">
				{truncate(clean(message), width)}
			</Text>
			{detail ? <Text wrap="wrap">{clean(detail)}</Text> : null}
			<Text wrap="truncate" color={ready ? undefined : theme.muted}>
				{ready ? 'y/Enter confirm · n/Esc cancel' : 'n/Esc cancel'}
			</Text>
		</Box>
	);
}
