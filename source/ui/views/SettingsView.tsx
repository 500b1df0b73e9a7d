/** Tab 1: the server's settings, read-only, scrollable; with several servers, one part each. */
import React, {useMemo} from 'react';
import {Text} from 'ink';
import type {FleetSnapshot} from '../../fleet/types.js';
import type {StoreSnapshot} from '../../store/types.js';
import {useHintScopes} from '../hints.js';
import {clean} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {useSnapshot} from '../useStore.js';
import {FieldList, field, heading, type Entry} from '../widgets/FieldList.js';
import {settingsEntries} from './settingsEntries.js';
import type {ViewProps} from './viewProps.js';

type Part = {name: string; label: string; state: StoreSnapshot['settings']};

/** Each server's settings state, as an array that keeps its identity while none of them changed. */
function settingsSelector(): (snapshot: FleetSnapshot) => readonly Part[] {
	let last: readonly Part[] = [];
	return snapshot => {
		const servers = snapshot.servers;
		if (servers.length === last.length && servers.every((s, i) => s.name === last[i]!.name && s.label === last[i]!.label && s.snapshot.settings === last[i]!.state)) return last;
		last = servers.map(s => ({name: s.name, label: s.label, state: s.snapshot.settings}));
		return last;
	};
}

export function SettingsView({width, height, active}: ViewProps) {
	const theme = useTheme();
	const select = useMemo(settingsSelector, []);
	const parts = useSnapshot(select);
	const entries = useMemo(() => (parts.length === 1 ? null : parts.flatMap(part => [heading(`${clean(part.name)} · ${clean(part.label)}`), ...partEntries(part)])), [parts]);
	const one = parts[0]!.state;
	const oneEntries = useMemo(() => (parts.length === 1 && one.data ? settingsEntries(one.data) : null), [parts.length, one.data]);
	useHintScopes(['scroll']);
	if (entries) return <FieldList entries={entries} width={width} height={height} memoryKey="settings" active={active} />;
	if (one.data === undefined) {
		return <Text color={theme.muted}>{one.error ? 'settings not loaded yet (see the message below)' : 'loading settings…'}</Text>;
	}
	// 404 from the server: a fresh install (shared/openhands-api.md 2.1).
	if (oneEntries === null) return <Text>No settings stored yet</Text>;
	return <FieldList entries={oneEntries} width={width} height={height} memoryKey="settings" active={active} />;
}

function partEntries({state}: Part): Entry[] {
	if (state.data === undefined) return [field('settings', state.error ? `not loaded yet: ${state.error.message}` : 'loading…')];
	if (state.data === null) return [field('settings', 'none stored yet')];
	return settingsEntries(state.data);
}
