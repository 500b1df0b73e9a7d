/** A yes/no question that holds every key until answered. */
import React from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, truncate} from '../sanitize.js';
import {useTheme} from '../theme.js';

type Props = {message: string; width: number; onConfirm(): void; onCancel(): void};

export function Confirm({message, width, onConfirm, onCancel}: Props) {
	const theme = useTheme();
	useKeys('modal', name => {
		const command = commandFor('confirm', name);
		if (command === 'confirm') onConfirm();
		else if (command === 'cancel') onCancel();
		return true;
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.warn} wrap="truncate">
				{truncate(clean(message), width)}
			</Text>
			<Text wrap="truncate">y/Enter confirm · n/Esc cancel</Text>
		</Box>
	);
}
