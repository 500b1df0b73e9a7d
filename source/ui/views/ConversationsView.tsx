/**
 * Tab 2: conversations, newest first (the server's order), with start tasks of this session above;
 * `l` opens a conversation's activity in place of the list (Esc comes back to the list or the
 * details it was opened from), `m` writes to its agent. `s` goes to its sandbox, `p`/`r` pause and
 * resume that sandbox (asking first when other conversations share it), `D` deletes it (asking
 * first, naming what goes with it). Up from the first row selects the start task lines: Enter on
 * one opens its conversation once it exists.
 */
import React, {useCallback, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, sameRef, type Tagged} from '../../fleet/types.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {truncate} from '../../text/sanitize.js';
import {useGo} from '../navigation.js';
import {useTheme} from '../theme.js';
import {selectAttention, selectConversations, selectInView, selectLostWatches, selectStartTasks, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {ActivityView} from '../activity/ActivityView.js';
import {usePersistentState} from '../usePersistentState.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {Form} from '../widgets/Form.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {MESSAGE_BOX_HEIGHT, MessageBox} from '../widgets/MessageBox.js';
import {useListController} from '../widgets/useListController.js';
import type {FieldSpec} from '../widgets/useFormState.js';
import {questionHeight} from './confirmTexts.js';
import {conversationColumns, conversationEntries, conversationKey, startTaskLine} from './conversationParts.js';
import {conversationFilter, type QuickFilter} from './quickFilters.js';
import {useSandboxQuestion} from './useSandboxQuestion.js';
import {useTaskLines} from './useTaskLines.js';
import type {ViewProps} from './viewProps.js';

type Item = Tagged<AppConversation>;

type Mode = {kind: 'list'} | {kind: 'detail'; item: Item} | {kind: 'form'};

const FORM_FIELDS: readonly FieldSpec[] = [
	{name: 'initialMessage', label: 'Initial message', required: true, placeholder: 'what should the agent do?'},
	{name: 'repository', label: 'Repository', placeholder: 'owner/repo (optional)'},
	{name: 'branch', label: 'Branch', placeholder: 'main (optional)'},
	{name: 'sandboxId', label: 'Sandbox id', placeholder: 'reuse an existing sandbox (optional)'},
];

const MAX_TASK_LINES = 3;

type OpenActivity = {item: Item; from: 'list' | 'detail'};

export function ConversationsView(props: ViewProps) {
	// Kept across tab switches like the table's selection: coming back to the tab shows the activity.
	const [activity, setActivity] = usePersistentState<OpenActivity | null>('conversations:activity', null);
	const [returnTo, setReturnTo] = useState<Mode>({kind: 'list'});
	if (activity) {
		return (
			<ActivityView
				conversation={activity.item}
				width={props.width}
				height={props.height}
				active={props.active}
				onBack={() => {
					setReturnTo(activity.from === 'detail' ? {kind: 'detail', item: activity.item} : {kind: 'list'});
					setActivity(null);
				}}
			/>
		);
	}
	return <ConversationList {...props} initialMode={returnTo} onActivity={(item, from) => setActivity({item, from})} />;
}

type ListProps = ViewProps & {initialMode: Mode; onActivity(item: Item, from: OpenActivity['from']): void};

function ConversationList({width, height, active, initialMode, onActivity}: ListProps) {
	const {fleet, now: clock} = useUi();
	const go = useGo();
	const theme = useTheme();
	const list = useSnapshot(selectConversations);
	const tasks = useSnapshot(selectStartTasks);
	const attention = useSnapshot(selectAttention);
	const lost = useSnapshot(selectLostWatches);
	const inView = useSnapshot(selectInView);
	const [mode, setMode] = useState<Mode>(initialMode);
	const [message, setMessage] = useState<Item | null>(null);
	const sandboxQuestion = useSandboxQuestion();
	const {ask, question} = sandboxQuestion;
	const now = clock();

	const shownTasks = tasks.slice(0, MAX_TASK_LINES);
	const boxHeight = message ? MESSAGE_BOX_HEIGHT : 0;
	const tableHeight = Math.max(LIST_CHROME + 1, height - shownTasks.length - boxHeight - questionHeight(question, width));
	const onOpen = useCallback((item: Item) => setMode({kind: 'detail', item}), []);
	const columns = useMemo(() => conversationColumns(list.data ?? []), [list.data]);
	const quick = useCallback((filter: QuickFilter) => conversationFilter(filter, attention), [attention]);
	const listKeys = active && mode.kind === 'list' && !message && !ask;
	const controller = useListController({
		resource: 'conversations',
		list,
		columns,
		width,
		height: tableHeight - LIST_CHROME,
		getKey: conversationKey,
		now,
		active: listKeys,
		onOpen,
		quick,
	});
	// registered after the table's keys, so it sees them first: while a task line is selected it takes them
	const taskLines = useTaskLines({
		tasks,
		shown: shownTasks,
		conversations: list.data,
		tableIndex: controller.index,
		active: listKeys && !controller.filter.editing,
		onActivity: (conversation: Item) => onActivity(conversation, 'list'),
	});

	useKeys(
		'view',
		name => {
			if (mode.kind === 'list' && commandFor('conversations', name) === 'conversation.new') {
				setMode({kind: 'form'});
				return true;
			}
			const item = mode.kind === 'detail' ? (list.data?.find(c => sameRef(c, mode.item)) ?? mode.item) : taskLines.onTask ? undefined : controller.selected;
			switch (commandFor('conversation', name)) {
				case 'activity.open':
					if (item) onActivity(item, mode.kind === 'detail' ? 'detail' : 'list');
					return true;
				case 'message.open':
					if (item) setMessage(item);
					return true;
				case 'conversation.sandbox':
					if (item) go({kind: 'row', resource: 'sandboxes', ref: {server: item.server, id: item.sandbox_id}});
					return true;
				case 'sandbox.pause':
					if (item) sandboxQuestion.start('pause', item);
					return true;
				case 'sandbox.resume':
					if (item) sandboxQuestion.start('resume', item);
					return true;
				case 'conversation.delete':
					if (item) sandboxQuestion.start('delete', item);
					return true;
				default:
					return false;
			}
		},
		active && (mode.kind === 'list' || mode.kind === 'detail') && !controller.filter.editing && !message && !ask,
	);
	useHintScopes(
		ask
			? ['confirm']
			: message
				? ['message']
				: mode.kind === 'form'
					? ['form']
					: mode.kind === 'detail'
						? ['detail', 'conversation']
						: controller.filter.editing
							? ['filter']
							: ['conversations', 'conversation', 'list'],
	);
	const messageBox = message ? <MessageBox conversation={message} width={width} onClose={() => setMessage(null)} /> : null;
	const confirm =
		ask && question ? (
			<Confirm
				message={question.message}
				detail={question.detail}
				ready={question.ready}
				width={width}
				onCancel={sandboxQuestion.cancel}
				onConfirm={sandboxQuestion.confirm}
			/>
		) : null;

	if (mode.kind === 'form') {
		// the server of the row the form was opened from
		const formServer = controller.selected?.server ?? inView[0]!;
		return (
			<Form
				title="New conversation"
				fields={FORM_FIELDS}
				width={width}
				onCancel={() => setMode({kind: 'list'})}
				onSubmit={values => {
					const optional = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
					// its start task line is selected once it is there: Enter opens the conversation when ready
					taskLines.selectNew();
					fleet.createConversation(formServer, {
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
		const item = list.data?.find(c => sameRef(c, mode.item)) ?? mode.item;
		return (
			<Box flexDirection="column">
				<DetailPane
					title={`Conversation ${item.id}`}
					id={item.id}
					entries={conversationEntries(item, now)}
					width={width}
					height={height - boxHeight}
					memoryKey={`conversation:${refKey(item)}`}
					onClose={() => setMode({kind: 'list'})}
					active={active && !message && !ask}
				/>
				{messageBox}
				{confirm}
			</Box>
		);
	}

	return (
		<Box flexDirection="column">
			{/* with the message box open, the list keeps its rows and the box sits at the bottom */}
			<Box flexDirection="column" height={message ? height - boxHeight : undefined}>
				{shownTasks.map((task, i) => {
					const selected = taskLines.onTask && i === taskLines.index;
					return (
						<Text
							key={refKey(task)}
							wrap="truncate"
							inverse={selected}
							bold={selected}
							color={task.status === 'ERROR' ? theme.error : task.status === 'READY' ? theme.ok : theme.warn}
						>
							{selected ? `${theme.selectMarker} ` : ''}
							{truncate(startTaskLine(task, lost?.[refKey(task)], now), width - (selected ? 2 : 0))}
						</Text>
					);
				})}
				<ListPane controller={controller} list={list} height={tableHeight} now={now} getKey={conversationKey} noun="conversations" unselected={taskLines.onTask} />
			</Box>
			{messageBox}
			{confirm}
		</Box>
	);
}
