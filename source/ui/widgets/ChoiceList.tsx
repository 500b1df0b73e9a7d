/**
 * A short list to pick from, over the view (the `!` list, the conversations of a sandbox): a title,
 * a note, one line per item with the selection marker, j/k to move, Enter to choose, Esc to close.
 * Extra keys go to `onKey` with the selected item first.
 */
import React, {useEffect, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {movedTo} from './movement.js';

type Props<T> = {
	title: string;
	/** one muted line under the title (where the list comes from, what the keys do) */
	note?: string;
	items: readonly T[];
	/** one clean line */
	label(item: T): string;
	color?(item: T): string | undefined;
	getKey(item: T): string;
	width: number;
	height: number;
	/** shown instead of items when there are none */
	empty: string;
	onChoose(item: T): void;
	onClose(): void;
	/** other keys: return true when handled */
	onKey?(name: string, selected: T | undefined): boolean;
	/** false while a dialog over it takes the keys; default true */
	active?: boolean;
	/** the item under the marker, each time it changes (what the note and footer say can follow it) */
	onSelect?(item: T | undefined): void;
	/** the items are still coming in (the first load from several servers): the marker stays on the first */
	settling?: boolean;
};

export function ChoiceList<T>({title, note, items, label, color, getKey, width, height, empty, onChoose, onClose, onKey, active = true, onSelect, settling = false}: Props<T>) {
	const theme = useTheme();
	const [selectedKey, setSelectedKey] = useState<string | null>(null);
	// where the marker was: the place kept when its item goes
	const lastIndex = useRef(0);
	const found = selectedKey === null ? -1 : items.findIndex(i => getKey(i) === selectedKey);
	const index = Math.min(Math.max(0, found >= 0 ? found : lastIndex.current), Math.max(0, items.length - 1));
	lastIndex.current = index;
	const selected = items[index];
	// the marker stays on its item, not its place, when items come in above it (`!` while agents
	// work): a key then answers what the marker is on. Not while the first items are still coming
	// (`settling`: another server's): the first one is selected then (issue 26 item 17)
	const selectedNow = selected === undefined ? null : getKey(selected);
	useEffect(() => {
		if (selectedNow !== null && selectedNow !== selectedKey && !settling) setSelectedKey(selectedNow);
	}, [selectedNow, selectedKey, settling]);
	useEffect(() => {
		onSelect?.(selected);
		// the item's identity, not each render's copy of it
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [selectedNow, onSelect]);
	const rows = Math.max(1, height - (note ? 2 : 1));
	const offset = Math.max(0, index - rows + 1);
	const move = (to: number) => {
		const next = items[Math.min(Math.max(0, to), items.length - 1)];
		if (next !== undefined) setSelectedKey(getKey(next));
	};

	useKeys('modal', name => {
		switch (commandFor('choice', name)) {
			case 'close':
				onClose();
				return true;
			case 'open':
				if (selected !== undefined) onChoose(selected);
				return true;
			default:
				break;
		}
		// no paging here: the page keys go on to onKey and the global keys
		const to = movedTo(commandFor('list', name), index, items.length - 1, null);
		if (to !== null) {
			move(to);
			return true;
		}
		if (onKey?.(name, selected)) return true;
		// Tabs, help and quit still work; anything else stays here.
		return commandFor('global', name) === undefined;
	}, active);

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{truncate(title, width)}
			</Text>
			{note ? (
				<Text color={theme.muted} wrap="truncate">
					{truncate(note, width)}
				</Text>
			) : null}
			{items.length === 0 ? (
				<Text color={theme.muted} wrap="truncate">
					{`  ${empty}`}
				</Text>
			) : (
				items.slice(offset, offset + rows).map((item, i) => {
					const isSelected = offset + i === index;
					return (
						<Text key={getKey(item)} wrap="truncate" inverse={isSelected} bold={isSelected} color={color?.(item)}>
							{isSelected ? `${theme.selectMarker} ` : '  '}
							{truncate(label(item), Math.max(1, width - 2))}
						</Text>
					);
				})
			)}
		</Box>
	);
}
