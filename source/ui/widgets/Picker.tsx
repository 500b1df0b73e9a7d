/**
 * Choose one of a few items: j/k or arrows (Home/End, g/G) move, Enter picks, Esc cancels. Keys
 * come through the KeyRouter like every other key (ink-select-input read stdin itself, so two keys
 * in one read were lost there: issue 9 item 12).
 */
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {movedTo} from './movement.js';

export type PickerItem = {key: string; label: string; value: string};

type Props = {title: string; items: readonly PickerItem[]; width: number; height: number; onPick(value: string): void; onCancel(): void};

export function Picker({title, items, width, height, onPick, onCancel}: Props) {
	const theme = useTheme();
	const [index, setIndex] = useState(0);
	const limit = Math.max(1, height - 2);
	const at = Math.min(index, Math.max(0, items.length - 1));
	useKeys('modal', name => {
		const command = commandFor('picker', name) ?? commandFor('list', name);
		const to = movedTo(command, at, items.length - 1, limit);
		if (to !== null) {
			setIndex(to);
			return true;
		}
		switch (command) {
			case 'cancel':
				onCancel();
				break;
			case 'submit': {
				const item = items[at];
				if (item) onPick(item.value);
				break;
			}
			default:
				break;
		}
		return true;
	});
	const offset = Math.min(Math.max(0, at - limit + 1), Math.max(0, items.length - limit));
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(clean(title), width)}
			</Text>
			{items.slice(offset, offset + limit).map((item, i) => {
				const selected = offset + i === at;
				return (
					<Text key={item.key} wrap="truncate">
						<Text>{selected ? `${theme.selectMarker} ` : '  '}</Text>
						<Text inverse={selected} color={selected ? theme.accent : undefined}>
							{truncate(item.label, Math.max(1, width - 2))}
						</Text>
					</Text>
				);
			})}
			<Text color={theme.muted} wrap="truncate">
				Enter choose · Esc cancel
			</Text>
		</Box>
	);
}
