/**
 * `?` (issue 19 §4): the keys of the screen under it first (the scopes its footer reads), then
 * the keys told apart by case only (p/P, r/R, …), then the ones that work everywhere, then every
 * other screen's; `/` filters by key or description.
 * Esc or ? closes it (Esc clears a filter first). It opens at the top each time (issue 26 item 11:
 * a remembered scroll opened it at line 101 of 139 on another screen).
 */
import React, {useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {Scope} from '../../keymap/keymap.js';
import {SCOPE_TITLES} from '../../keymap/scopeTitles.js';
import {CASE_PAIRS} from '../../keymap/casePairs.js';
import {commandFor, currentKeymap, isOff, isReadOnly} from '../keys/activeKeymap.js';
import {keyLabel} from '../keys/keyNames.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useTheme} from '../theme.js';
import {FieldList, field, heading, type Entry} from './FieldList.js';
import {TextField} from './TextField.js';
import {useFilterInput, type FilterState} from './useFilterInput.js';

type Props = {
	width: number;
	height: number;
	/** the scopes of the screen under the help, most specific first */
	scopes?: readonly Scope[];
	onClose(): void;
	onQuit(): void;
};

const SCROLL_COMMANDS = new Set(['move.down', 'move.up', 'move.first', 'move.last', 'page.down', 'page.up']);

/** Scopes in the order the help lists them: this screen's, then everywhere, then the rest. */
export function helpScopes(here: readonly Scope[]): Scope[] {
	const all = [...new Set(currentKeymap().map(b => b.scope))];
	const first = here.filter(scope => scope !== 'global' && all.includes(scope));
	return [...first, 'global', ...all.filter(scope => scope !== 'global' && !first.includes(scope))];
}

export function helpEntries(here: readonly Scope[] = [], filter = ''): Entry[] {
	const needle = filter.trim().toLowerCase();
	const scopes = helpScopes(here);
	const own = here.filter(scope => scope !== 'global' && scopes.includes(scope)).length;
	const sections = scopes.map((scope, i) => scopeEntries(scope, i < own, needle));
	// the keys told apart by case only, right under this screen's own (issue 26 item 7)
	const pairs = CASE_PAIRS.filter(pair => !needle || pair.keys.toLowerCase().includes(needle) || pair.text.toLowerCase().includes(needle));
	if (pairs.length) sections.splice(own, 0, [heading('Lower and upper case'), ...pairs.map(pair => field(pair.keys, pair.text))]);
	return sections.flat();
}

function scopeEntries(scope: Scope, here: boolean, needle: string): Entry[] {
	const rows = currentKeymap()
		.filter(b => b.scope === scope)
		.map(b => ({label: keyLabel(b), text: isOff(b) ? `${b.description} (off: read-only)` : b.description}))
		.filter(row => !needle || row.label.toLowerCase().includes(needle) || row.text.toLowerCase().includes(needle));
	if (rows.length === 0) return [];
	return [heading(here ? `Here: ${SCOPE_TITLES[scope]}` : SCOPE_TITLES[scope]), ...rows.map(row => field(row.label, row.text))];
}

export function HelpOverlay({width, height, scopes = [], onClose, onQuit}: Props) {
	const theme = useTheme();
	const [filter, setFilter] = useState<FilterState>({text: '', editing: false});
	const cursor = useFilterInput(filter, setFilter, true);
	const entries = useMemo(() => helpEntries(scopes, filter.text), [scopes, filter.text]);
	useKeys(
		'modal',
		name => {
			if (commandFor('list', name) === 'filter') setFilter(f => ({...f, editing: true}));
			else if (commandFor('help', name) === 'close') {
				if (name === 'esc' && filter.text) setFilter({text: '', editing: false});
				else onClose();
			} else if (commandFor('global', name) === 'quit') onQuit();
			else if (SCROLL_COMMANDS.has(commandFor('scroll', name) ?? '')) return false;
			return true;
		},
		!filter.editing,
	);
	const title = `Keys (${filter.text ? 'Esc clears the filter' : '/ filter · Esc or ? to close'})`;
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{isReadOnly() ? `${title} · read-only: keys that change something are off` : title}
			</Text>
			{filter.editing || filter.text ? (
				<Box>
					<Text color={theme.accent}>/ </Text>
					<TextField value={filter.text} cursor={cursor} focused={filter.editing} width={width - 2} />
				</Box>
			) : null}
			{entries.length === 0 ? (
				<Text color={theme.muted}>{'  no key matches'}</Text>
			) : (
				<FieldList key={filter.text} entries={entries} width={width} height={Math.max(1, height - (filter.editing || filter.text ? 2 : 1))} active={!filter.editing} layer="modal" />
			)}
		</Box>
	);
}
