/** Choose one of a few items (ink-select-input: j/k or arrows, Enter); Esc cancels. */
import React from 'react';
import {Box, Text} from 'ink';
import SelectInput from 'ink-select-input';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, truncate} from '../sanitize.js';
import {useTheme} from '../theme.js';

export type PickerItem = {key: string; label: string; value: string};

type Props = {title: string; items: readonly PickerItem[]; width: number; height: number; onPick(value: string): void; onCancel(): void};

export function Picker({title, items, width, height, onPick, onCancel}: Props) {
	const theme = useTheme();
	// SelectInput reads its own keys; this layer only adds Esc and keeps the rest from the view.
	useKeys('modal', name => {
		if (commandFor('picker', name) === 'cancel') onCancel();
		return true;
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(clean(title), width)}
			</Text>
			<SelectInput
				items={items.map(i => ({...i, label: truncate(i.label, Math.max(1, width - 2))}))}
				limit={Math.max(1, height - 2)}
				onSelect={item => onPick(item.value)}
				indicatorComponent={Indicator}
				itemComponent={Item}
			/>
			<Text color={theme.muted} wrap="truncate">
				Enter choose · Esc cancel
			</Text>
		</Box>
	);
}

// The package's own item colours the selection blue even under NO_COLOR; these follow the theme.
function Indicator({isSelected}: {isSelected?: boolean}) {
	const theme = useTheme();
	return <Text>{isSelected ? `${theme.selectMarker} ` : '  '}</Text>;
}

function Item({isSelected, label}: {isSelected?: boolean; label: string}) {
	const theme = useTheme();
	return (
		<Text inverse={isSelected} color={isSelected ? theme.accent : undefined} wrap="truncate">
			{label}
		</Text>
	);
}
