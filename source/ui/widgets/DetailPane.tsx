/** Every field of one item, replacing the table until Esc; `y` copies the item's id. */
import React from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {clean, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {FieldList, type Entry} from './FieldList.js';

type Props = {
	title: string;
	/** what `y` copies */
	id: string;
	entries: readonly Entry[];
	width: number;
	height: number;
	memoryKey: string;
	onClose(): void;
	active?: boolean;
};

export function DetailPane({title, id, entries, width, height, memoryKey, onClose, active = true}: Props) {
	const theme = useTheme();
	const {copy} = useUi();
	useKeys(
		'view',
		name => {
			const command = commandFor('detail', name);
			if (command === 'close') onClose();
			else if (command === 'copy') copy(id);
			else return false;
			return true;
		},
		active,
	);
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(clean(title), width)}
			</Text>
			<FieldList entries={entries} width={width} height={Math.max(1, height - 1)} memoryKey={memoryKey} active={active} />
		</Box>
	);
}
