/** `?`: every binding of the keymap, grouped by where it works. Esc or ? closes it. */
import React, {useMemo} from 'react';
import {Box, Text} from 'ink';
import {SCOPE_TITLES, type Scope} from '../keymap.js';
import {commandFor, currentKeymap, isOff, isReadOnly} from '../keys/activeKeymap.js';
import {keyLabel} from '../keys/keyNames.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useTheme} from '../theme.js';
import {FieldList, field, heading, type Entry} from './FieldList.js';

type Props = {width: number; height: number; onClose(): void; onQuit(): void};

const SCROLL_COMMANDS = new Set(['move.down', 'move.up', 'move.first', 'move.last', 'page.down', 'page.up']);

export function helpEntries(): Entry[] {
	const scopes = [...new Set(currentKeymap().map(b => b.scope))] as Scope[];
	return scopes.flatMap(scope => [
		heading(SCOPE_TITLES[scope]),
		...currentKeymap().filter(b => b.scope === scope).map(b => field(keyLabel(b), isOff(b) ? `${b.description} (off: read-only)` : b.description)),
	]);
}

export function HelpOverlay({width, height, onClose, onQuit}: Props) {
	const theme = useTheme();
	const entries = useMemo(helpEntries, []);
	useKeys('modal', name => {
		if (commandFor('help', name) === 'close') onClose();
		else if (commandFor('global', name) === 'quit') onQuit();
		else if (SCROLL_COMMANDS.has(commandFor('scroll', name) ?? '')) return false;
		return true;
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{isReadOnly() ? 'Keys (Esc or ? to close) · read-only: keys that change something are off' : 'Keys (Esc or ? to close)'}
			</Text>
			<FieldList entries={entries} width={width} height={Math.max(1, height - 1)} memoryKey="help" active layer="modal" />
		</Box>
	);
}
