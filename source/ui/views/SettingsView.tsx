/** Tab 1: the server's settings, read-only, scrollable. */
import React, {useMemo} from 'react';
import {Text} from 'ink';
import {useHintScopes} from '../hints.js';
import {useTheme} from '../theme.js';
import {selectSettings, useSnapshot} from '../useStore.js';
import {FieldList} from '../widgets/FieldList.js';
import {settingsEntries} from './settingsEntries.js';
import type {ViewProps} from './viewProps.js';

export function SettingsView({width, height, active}: ViewProps) {
	const theme = useTheme();
	const state = useSnapshot(selectSettings);
	const entries = useMemo(() => (state.data ? settingsEntries(state.data) : null), [state.data]);
	useHintScopes(['scroll']);
	if (state.data === undefined) {
		return <Text color={theme.muted}>{state.error ? 'settings not loaded yet (see the message below)' : 'loading settings…'}</Text>;
	}
	// 404 from the server: a fresh install (shared/openhands-api.md 2.1).
	if (entries === null) return <Text>No settings stored yet</Text>;
	return <FieldList entries={entries} width={width} height={height} memoryKey="settings" active={active} />;
}
