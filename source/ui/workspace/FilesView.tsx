/**
 * A conversation's files (issue 28 item 4, `F` in its activity): git's file list where the
 * workspace is a repository, else the folder's own entries; `/` filters by name, Enter reads a file
 * in the pager (cleaned and masked; a binary file is named, a large one shown in part), `w` saves
 * it to a local file. The store reads the list when this opens (store/workspace/filesLane.ts);
 * Esc goes back to the activity.
 */
import React, {useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import type {PagerLine} from '../../present/events/detail.js';
import {pagerLines} from '../../present/events/text.js';
import {count} from '../../present/format.js';
import {fileNote} from '../../present/workspaceText.js';
import type {FilesState, FileView} from '../../store/types.js';
import {clean, truncate, truncateMiddle} from '../../text/sanitize.js';
import {maskTitle} from '../../text/secrets.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useTheme} from '../theme.js';
import {selectFiles, useSnapshot} from '../useStore.js';
import {movedTo} from '../widgets/movement.js';
import {Pager} from '../widgets/Pager.js';
import {TextField} from '../widgets/TextField.js';
import {type FilterState, useFilterInput} from '../widgets/useFilterInput.js';
import {SAVE_DIALOG_HEIGHT, SaveDialog} from './SaveDialog.js';

type Props = {conversation: Tagged<AppConversation>; width: number; height: number; active: boolean; onBack(): void};

const NO_FILES: readonly string[] = [];

/** The pager's lines for a file: its path, what is not shown, then the text cleaned and masked. */
export function fileLines(file: FileView): PagerLine[] {
	const head: PagerLine[] = [{text: clean(file.path), style: 'heading'}];
	if (file.loading) return [...head, {text: 'reading…', style: 'muted'}];
	if (file.error) return [...head, {text: clean(file.error.message), style: 'error'}];
	const note = fileNote(file);
	if (note) head.push({text: note, style: 'muted'});
	if (file.text === '') head.push({text: '(empty)', style: 'muted'});
	return [...head, ...pagerLines(file.text).map(text => ({text}))];
}

export function FilesView({conversation, width, height, active, onBack}: Props) {
	const {fleet, notify} = useUi();
	const theme = useTheme();
	const state = useSnapshot(selectFiles);
	const mine: FilesState | null = state?.conversationId === conversation.id && state.server === conversation.server ? state : null;
	const all = mine?.files ?? NO_FILES;
	const [filter, setFilter] = useState<FilterState>({text: '', editing: false});
	const [index, setIndex] = useState(0);
	const [saving, setSaving] = useState<string | null>(null);
	const files = useMemo(() => {
		const needle = filter.text.toLowerCase();
		return needle ? all.filter(name => name.toLowerCase().includes(needle)) : all;
	}, [all, filter.text]);
	const selected = Math.min(index, Math.max(0, files.length - 1));
	const file = mine?.file ?? null;

	useEffect(() => {
		fleet.openFiles(conversation);
		return () => fleet.closeFiles();
		// opened once per conversation; a fresher copy of it must not read the list again
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fleet, conversation.server, conversation.id]);

	const cursor = useFilterInput(filter, setFilter, active && !file && saving === null);
	// a new filter starts at its first match
	useEffect(() => setIndex(0), [filter.text]);
	const lines = useMemo(() => (file ? fileLines(file) : null), [file]);
	const rows = Math.max(1, height - 2 - (saving === null ? 0 : SAVE_DIALOG_HEIGHT));
	useHintScopes(saving !== null ? ['savePath'] : file ? ['pager', 'filePager'] : filter.editing ? ['filter'] : ['files']);

	const save = (path: string | undefined) => {
		if (path === undefined) return;
		if (path.endsWith('/')) notify('info', `${clean(path)} is a folder: the list shows the working directory's own entries`);
		else setSaving(path);
	};
	useKeys(
		'view',
		name => {
			if (file) {
				if (commandFor('filePager', name) !== 'file.save') return false;
				save(file.path);
				return true;
			}
			const command = commandFor('files', name);
			const to = movedTo(command, selected, files.length - 1, Math.max(1, rows - 1));
			if (to !== null) {
				setIndex(to);
				return true;
			}
			switch (command) {
				case 'open': {
					const path = files[selected];
					if (path?.endsWith('/')) notify('info', `${clean(path)} is a folder: the list shows the working directory's own entries`);
					else if (path !== undefined) fleet.openFile(path);
					return true;
				}
				case 'file.save':
					save(files[selected]);
					return true;
				case 'filter':
					setFilter(f => ({...f, editing: true}));
					return true;
				case 'back':
					if (filter.text) setFilter({text: '', editing: false});
					else onBack();
					return true;
				default:
					return false;
			}
		},
		active && !filter.editing && saving === null,
	);

	const where = mine?.folder ? ` · ${clean(mine.folder)}` : '';
	const head = (
		<Text bold color={theme.accent} wrap="truncate">
			{truncate(`Files · ${maskTitle(conversation.title) || conversation.id}${where}`, width)}
		</Text>
	);
	const dialog =
		saving === null ? null : (
			<SaveDialog
				what={clean(saving)}
				initial={`./${saving.split('/').filter(Boolean).at(-1) ?? 'file'}`}
				width={width}
				save={(local, overwrite) => fleet.saveFile(conversation, saving, local, overwrite)}
				onDone={() => setSaving(null)}
			/>
		);
	if (file && lines) {
		return (
			<Box flexDirection="column">
				{head}
				<Pager lines={lines} width={width} height={Math.max(1, height - 1 - (saving === null ? 0 : SAVE_DIALOG_HEIGHT))} onClose={() => fleet.openFile(null)} active={active && saving === null} name={file.path.split('/').at(-1) || 'file.txt'} />
				{dialog}
			</Box>
		);
	}
	const offset = Math.max(0, Math.min(selected - rows + 1, files.length - rows));
	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			{head}
			<Box flexDirection="column" height={rows}>
				{files.slice(offset, offset + rows).map((name, i) => (
					<Text key={name} wrap="truncate" inverse={offset + i === selected} bold={offset + i === selected}>
						{offset + i === selected ? `${theme.selectMarker} ` : '  '}
						{truncateMiddle(clean(name), Math.max(10, width - 2))}
					</Text>
				))}
				{files.length === 0 ? <Text color={mine?.error ? theme.error : theme.muted}>{truncate(`  ${emptyText(mine, filter.text)}`, width)}</Text> : null}
			</Box>
			{filter.editing ? (
				<Box>
					<Text color={theme.accent}>/ </Text>
					<TextField value={filter.text} cursor={cursor} focused width={width - 2} />
				</Box>
			) : (
				<Text color={theme.muted} wrap="truncate">
					{truncate(statusText(mine, files.length, filter.text), width)}
				</Text>
			)}
			{dialog}
		</Box>
	);
}

function statusText(state: FilesState | null, shown: number, filter: string): string {
	if (!state?.files) return 'Esc back';
	const total = state.files.length;
	const what = state.kind === 'git' ? "git's file list" : 'the folder\'s entries';
	const counted = filter ? `filter "${clean(filter)}": ${count(shown)} of ${count(total)}` : `${count(total)} file${total === 1 ? '' : 's'}`;
	return `${counted} (${what}${state.truncated ? ', the first ones only' : ''}) · Enter read · w save · Esc back`;
}

function emptyText(state: FilesState | null, filter: string): string {
	if (!state || state.loading) return 'reading the file list…';
	if (state.error) return clean(state.error.message);
	if (filter) return 'no file matches';
	return 'no files';
}
