/** Tab 2: conversations, newest first (the server's order), with start tasks of this session above. */
import React, {useCallback, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {truncate} from '../sanitize.js';
import {useTheme} from '../theme.js';
import {selectConversations, selectLostWatches, selectStartTasks, useSnapshot} from '../useStore.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {Form} from '../widgets/Form.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {useListController} from '../widgets/useListController.js';
import type {FieldSpec} from '../widgets/useFormState.js';
import {CONVERSATION_COLUMNS, conversationEntries, conversationKey, startTaskLine} from './conversationParts.js';
import type {ViewProps} from './viewProps.js';

type Mode = {kind: 'list'} | {kind: 'detail'; item: AppConversation} | {kind: 'form'};

const FORM_FIELDS: readonly FieldSpec[] = [
	{name: 'initialMessage', label: 'Initial message', required: true, placeholder: 'what should the agent do?'},
	{name: 'repository', label: 'Repository', placeholder: 'owner/repo (optional)'},
	{name: 'branch', label: 'Branch', placeholder: 'main (optional)'},
	{name: 'sandboxId', label: 'Sandbox id', placeholder: 'reuse an existing sandbox (optional)'},
];

const MAX_TASK_LINES = 3;

export function ConversationsView({width, height, active}: ViewProps) {
	const {store, now: clock} = useUi();
	const theme = useTheme();
	const list = useSnapshot(selectConversations);
	const tasks = useSnapshot(selectStartTasks);
	const lost = useSnapshot(selectLostWatches);
	const [mode, setMode] = useState<Mode>({kind: 'list'});
	const now = clock();

	const shownTasks = tasks.slice(0, MAX_TASK_LINES);
	const tableHeight = Math.max(LIST_CHROME + 1, height - shownTasks.length);
	const onOpen = useCallback((item: AppConversation) => setMode({kind: 'detail', item}), []);
	const controller = useListController({
		resource: 'conversations',
		list,
		columns: CONVERSATION_COLUMNS,
		width,
		height: tableHeight - LIST_CHROME,
		getKey: conversationKey,
		now,
		active: active && mode.kind === 'list',
		onOpen,
	});

	useKeys(
		'view',
		name => {
			if (commandFor('conversations', name) !== 'conversation.new') return false;
			setMode({kind: 'form'});
			return true;
		},
		active && mode.kind === 'list' && !controller.filter.editing,
	);
	useHintScopes(
		mode.kind === 'form' ? ['form'] : mode.kind === 'detail' ? ['detail'] : controller.filter.editing ? ['filter'] : ['conversations', 'list'],
	);

	if (mode.kind === 'form') {
		return (
			<Form
				title="New conversation"
				fields={FORM_FIELDS}
				width={width}
				onCancel={() => setMode({kind: 'list'})}
				onSubmit={values => {
					const optional = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
					store.createConversation({
						initialMessage: values['initialMessage']!.trim(),
						repository: optional(values['repository']),
						branch: optional(values['branch']),
						sandboxId: optional(values['sandboxId']),
					});
					setMode({kind: 'list'});
				}}
			/>
		);
	}

	if (mode.kind === 'detail') {
		const item = list.data?.find(c => c.id === mode.item.id) ?? mode.item;
		return (
			<DetailPane
				title={`Conversation ${item.id}`}
				id={item.id}
				entries={conversationEntries(item, now)}
				width={width}
				height={height}
				memoryKey={`conversation:${item.id}`}
				onClose={() => setMode({kind: 'list'})}
				active={active}
			/>
		);
	}

	return (
		<Box flexDirection="column">
			{shownTasks.map(task => (
				<Text key={task.id} wrap="truncate" color={task.status === 'ERROR' ? theme.error : task.status === 'READY' ? theme.ok : theme.warn}>
					{truncate(startTaskLine(task, lost?.[task.id], now), width)}
				</Text>
			))}
			<ListPane controller={controller} list={list} height={tableHeight} now={now} getKey={conversationKey} noun="conversations" />
		</Box>
	);
}
