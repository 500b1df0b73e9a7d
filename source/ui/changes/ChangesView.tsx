/**
 * A conversation's workspace changes (issue 16 §1): one row per changed file (status, +/- lines,
 * path), Enter opens its diff in the pager, coloured; Esc goes back where it was opened. The store
 * reads the list when this opens and the counts one file after another (store/changes.ts); Ctrl-r
 * reads them again, and the diff on screen (issue 26 item 9: it refreshed only the list under it).
 */
import React, {useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import type {ChangedFile, ChangesState} from '../../store/types.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {clean, fit, truncate, truncateMiddle} from '../../text/sanitize.js';
import {maskField, maskTitle} from '../../text/secrets.js';
import {useTheme} from '../theme.js';
import {movedTo} from '../widgets/movement.js';
import {selectChanges, useSnapshot} from '../useStore.js';
import {Pager} from '../widgets/Pager.js';
import {diffPagerLines} from './diffLines.js';
import {usePatchKeys} from './usePatchKeys.js';

type Props = {conversation: Tagged<AppConversation>; width: number; height: number; active: boolean; onBack(): void};

const STATUS_WIDTH = 8;
const COUNT_WIDTH = 7;

/** `+5`; `?` until the diff was read; `—` for a deleted file (the server gives no diff of it). */
function countText(n: number | null, sign: '+' | '-', deleted: boolean): string {
	if (n === null) return deleted ? '—' : '?';
	return `${sign}${n}`;
}

export function ChangesView({conversation, width, height, active, onBack}: Props) {
	const {fleet} = useUi();
	const theme = useTheme();
	const state = useSnapshot(selectChanges);
	const mine: ChangesState | null = state?.conversationId === conversation.id && state.server === conversation.server ? state : null;
	const files = mine?.files ?? [];
	const [index, setIndex] = useState(0);
	const selected = Math.min(index, Math.max(0, files.length - 1));

	useEffect(() => {
		fleet.openChanges(conversation);
		return () => fleet.closeChanges();
		// opened once per conversation; a fresher copy of it must not read the list again
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fleet, conversation.server, conversation.id]);

	const diff = mine?.diff ?? null;
	const pagerLines = useMemo(() => (diff ? diffPagerLines(diff) : null), [diff]);
	// w and y: the patch, of every file or of the one whose diff is open (issue 28 item 4)
	const patch = usePatchKeys({conversation, path: diff?.path ?? null, files: mine?.files?.length ?? null, width, active});
	useHintScopes(patch.open ? ['savePath'] : diff ? ['pager', 'changesDiff'] : ['changes']);
	useKeys(
		'view',
		name => {
			const command = commandFor('changes', name);
			const to = movedTo(command, selected, files.length - 1, null);
			if (to !== null) {
				setIndex(to);
				return true;
			}
			switch (command) {
				case 'open':
					if (files[selected]) fleet.openDiff(files[selected]!.path);
					return true;
				case 'back':
					onBack();
					return true;
				default:
					return false;
			}
		},
		active && !diff && !patch.open,
	);
	// the refresh key refreshes what is on screen: the list of changes or the diff (the pager passes it on)
	useKeys(
		'view',
		name => {
			if (commandFor('global', name) !== 'refresh') return false;
			fleet.refreshChanges();
			return true;
		},
		active,
	);

	const title = `Changes · ${maskTitle(conversation.title) || conversation.id}${mine?.workingDir ? ` · ${maskField(mine.workingDir)}` : ''}`;
	const head = (
		<Text bold color={theme.accent} wrap="truncate">
			{truncate(title, width)}
		</Text>
	);
	if (diff && pagerLines) {
		return (
			<Box flexDirection="column">
				{head}
				<Pager lines={pagerLines} width={width} height={Math.max(1, height - 1 - patch.height)} onClose={() => fleet.openDiff(null)} active={active && !patch.open} name="changes.diff" />
				{patch.dialog}
			</Box>
		);
	}
	const rows = Math.max(1, height - 3 - patch.height);
	const offset = Math.max(0, Math.min(selected - rows + 1, files.length - rows));
	const pathWidth = Math.max(10, width - 2 - STATUS_WIDTH - 2 * COUNT_WIDTH - 3);
	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			{head}
			<Text color={theme.muted} wrap="truncate">
				{truncate(`  ${fit('STATUS', STATUS_WIDTH)} ${fit('ADDED', COUNT_WIDTH, 'right')} ${fit('REMOVED', COUNT_WIDTH, 'right')} FILE`, width)}
			</Text>
			<Box flexDirection="column" height={rows}>
				{files.slice(offset, offset + rows).map((file, i) => (
					<FileRow key={file.path} file={file} selected={offset + i === selected} pathWidth={pathWidth} marker={theme.selectMarker} />
				))}
				{files.length === 0 ? <Text color={mine?.error ? theme.error : theme.muted}>{truncate(`  ${clean(emptyText(mine))}`, width)}</Text> : null}
			</Box>
			<Text color={theme.muted} wrap="truncate">
				{truncate(files.length ? `${files.length} file${files.length === 1 ? '' : 's'} changed · Enter diff · Esc back` : 'Esc back', width)}
			</Text>
			{patch.dialog}
		</Box>
	);
}

function FileRow({file, selected, pathWidth, marker}: {file: ChangedFile; selected: boolean; pathWidth: number; marker: string}) {
	const theme = useTheme();
	const status = clean(file.status);
	const color = status === 'ADDED' ? theme.ok : status === 'DELETED' ? theme.error : status === 'MOVED' ? theme.warn : undefined;
	return (
		<Text wrap="truncate" inverse={selected} bold={selected}>
			{selected ? `${marker} ` : '  '}
			<Text color={color}>{fit(status, STATUS_WIDTH)}</Text>{' '}
			<Text color={theme.ok}>{fit(countText(file.added, '+', status === 'DELETED'), COUNT_WIDTH, 'right')}</Text>{' '}
			<Text color={theme.error}>{fit(countText(file.removed, '-', status === 'DELETED'), COUNT_WIDTH, 'right')}</Text>{' '}
			{truncateMiddle(clean(file.path), pathWidth)}
		</Text>
	);
}

function emptyText(state: ChangesState | null): string {
	if (!state || state.loading) return 'reading the changes…';
	if (state.error) return state.error.message;
	return state.none ?? 'no changes';
}
