/**
 * Tab 2: conversations, newest first (the server's order), with start tasks of this session above;
 * `l` opens a conversation's activity in place of the list (Esc comes back to the list or the
 * details it was opened from), `m` writes to its agent. `s` goes to its sandbox, `p`/`r` pause and
 * resume that sandbox (asking first when other conversations share it), `D` deletes it (asking
 * first, naming what goes with it). Up from the first row selects the start task lines: Enter on
 * one opens its conversation once it exists.
 */
import React, {useCallback, useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {commandFor} from '../keymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {truncate} from '../sanitize.js';
import {useGo} from '../navigation.js';
import {useTheme} from '../theme.js';
import {selectAttention, selectConversations, selectLostWatches, selectSandboxConversations, selectStartTasks, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {ActivityView} from '../activity/ActivityView.js';
import {usePersistentState} from '../usePersistentState.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {Form} from '../widgets/Form.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {MESSAGE_BOX_HEIGHT, MessageBox} from '../widgets/MessageBox.js';
import {useListController} from '../widgets/useListController.js';
import type {FieldSpec} from '../widgets/useFormState.js';
import {deleteConversationQuestion, questionHeight, sandboxActionQuestion} from './confirmTexts.js';
import {conversationColumns, conversationEntries, conversationKey, startTaskLine} from './conversationParts.js';
import {conversationFilter, type QuickFilter} from './quickFilters.js';
import type {ViewProps} from './viewProps.js';

type Mode = {kind: 'list'} | {kind: 'detail'; item: AppConversation} | {kind: 'form'};

const FORM_FIELDS: readonly FieldSpec[] = [
	{name: 'initialMessage', label: 'Initial message', required: true, placeholder: 'what should the agent do?'},
	{name: 'repository', label: 'Repository', placeholder: 'owner/repo (optional)'},
	{name: 'branch', label: 'Branch', placeholder: 'main (optional)'},
	{name: 'sandboxId', label: 'Sandbox id', placeholder: 'reuse an existing sandbox (optional)'},
];

const MAX_TASK_LINES = 3;

type OpenActivity = {item: AppConversation; from: 'list' | 'detail'};

/** A question before acting on a conversation: delete it, or pause / resume its sandbox. */
type Ask = {kind: 'delete' | 'pause' | 'resume'; item: AppConversation};

/** The start task line selected (navigation.ts `conversations:task`); `new:<n>` waits for the task a form just created. */
type TaskSelection = string | null;

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

type ListProps = ViewProps & {initialMode: Mode; onActivity(item: AppConversation, from: OpenActivity['from']): void};

function ConversationList({width, height, active, initialMode, onActivity}: ListProps) {
	const {store, now: clock, notify} = useUi();
	const go = useGo();
	const theme = useTheme();
	const list = useSnapshot(selectConversations);
	const tasks = useSnapshot(selectStartTasks);
	const attention = useSnapshot(selectAttention);
	const siblings = useSnapshot(selectSandboxConversations);
	const lost = useSnapshot(selectLostWatches);
	const [mode, setMode] = useState<Mode>(initialMode);
	const [message, setMessage] = useState<AppConversation | null>(null);
	const [ask, setAsk] = useState<Ask | null>(null);
	const [taskSelection, setTaskSelection] = usePersistentState<TaskSelection>('conversations:task', null);
	const now = clock();

	const shownTasks = tasks.slice(0, MAX_TASK_LINES);
	const selectedTaskId = taskSelection?.startsWith('new:')
		? tasks.length > Number(taskSelection.slice(4))
			? tasks[0]?.id
			: undefined
		: taskSelection;
	const taskIndex = shownTasks.findIndex(t => t.id === selectedTaskId);
	const onTask = taskSelection !== null && (taskIndex >= 0 || taskSelection.startsWith('new:'));
	const boxHeight = message ? MESSAGE_BOX_HEIGHT : 0;
	// A question waits for the names of the conversations sharing the sandbox; a pause or resume
	// of a sandbox nobody else uses goes ahead without one.
	const question = !ask
		? null
		: ask.kind === 'delete'
			? deleteConversationQuestion(ask.item, siblings)
			: sandboxActionQuestion(ask.kind, ask.item, siblings);
	const tableHeight = Math.max(LIST_CHROME + 1, height - shownTasks.length - boxHeight - questionHeight(question, width));
	const onOpen = useCallback((item: AppConversation) => setMode({kind: 'detail', item}), []);
	const columns = useMemo(() => conversationColumns(list.data ?? []), [list.data]);
	const quick = useCallback((filter: QuickFilter) => conversationFilter(filter, attention), [attention]);
	const controller = useListController({
		resource: 'conversations',
		list,
		columns,
		width,
		height: tableHeight - LIST_CHROME,
		getKey: conversationKey,
		now,
		active: active && mode.kind === 'list' && !message && !ask && !onTask,
		onOpen,
		quick,
	});

	useEffect(() => {
		if (!ask || ask.kind === 'delete' || question !== null) return;
		if (ask.kind === 'pause') store.pauseSandbox(ask.item.sandbox_id);
		else store.resumeSandbox(ask.item.sandbox_id);
		setAsk(null);
	}, [ask, question, store]);
	const asking = (kind: Ask['kind'], item: AppConversation) => {
		store.conversationsInSandbox(item.sandbox_id);
		setAsk({kind, item});
	};
	const closeAsk = () => {
		setAsk(null);
		store.conversationsInSandbox(null);
	};

	const openTask = (id: string | null | undefined) => {
		const task = tasks.find(t => t.id === id);
		if (!task) return;
		if (task.status !== 'READY' || !task.app_conversation_id) {
			notify('info', task.status === 'ERROR' ? 'this conversation failed to start' : `the conversation is not ready yet (${task.status})`);
			return;
		}
		const conversation = list.data?.find(c => c.id === task.app_conversation_id);
		if (conversation) onActivity(conversation, 'list');
		else notify('info', `conversation ${task.app_conversation_id} is ready; it shows up with the next refresh`);
	};

	// The start task lines: up from the first row, Enter opens the conversation once it exists.
	useKeys(
		'view',
		name => {
			const command = commandFor('list', name);
			if (!onTask) {
				if (command === 'move.up' && controller.index === 0 && shownTasks.length > 0) {
					setTaskSelection(shownTasks.at(-1)!.id);
					return true;
				}
				return false;
			}
			switch (command) {
				case 'move.up':
					if (taskIndex > 0) setTaskSelection(shownTasks[taskIndex - 1]!.id);
					return true;
				case 'move.down':
					setTaskSelection(taskIndex >= 0 && taskIndex < shownTasks.length - 1 ? shownTasks[taskIndex + 1]!.id : null);
					return true;
				case 'open':
					openTask(selectedTaskId);
					return true;
				case 'filter.clear':
					setTaskSelection(null);
					return true;
				default:
					return false;
			}
		},
		active && mode.kind === 'list' && !controller.filter.editing && !message && !ask,
	);

	useKeys(
		'view',
		name => {
			if (mode.kind === 'list' && commandFor('conversations', name) === 'conversation.new') {
				setMode({kind: 'form'});
				return true;
			}
			const item = mode.kind === 'detail' ? (list.data?.find(c => c.id === mode.item.id) ?? mode.item) : onTask ? undefined : controller.selected;
			switch (commandFor('conversation', name)) {
				case 'activity.open':
					if (item) onActivity(item, mode.kind === 'detail' ? 'detail' : 'list');
					return true;
				case 'message.open':
					if (item) setMessage(item);
					return true;
				case 'conversation.sandbox':
					if (item) go({kind: 'row', resource: 'sandboxes', id: item.sandbox_id});
					return true;
				case 'sandbox.pause':
					if (item) asking('pause', item);
					return true;
				case 'sandbox.resume':
					if (item) asking('resume', item);
					return true;
				case 'conversation.delete':
					if (item) asking('delete', item);
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
				onCancel={closeAsk}
				onConfirm={() => {
					if (ask.kind === 'delete') store.deleteConversation(ask.item.id);
					else if (ask.kind === 'pause') store.pauseSandbox(ask.item.sandbox_id);
					else store.resumeSandbox(ask.item.sandbox_id);
					closeAsk();
				}}
			/>
		) : null;

	if (mode.kind === 'form') {
		return (
			<Form
				title="New conversation"
				fields={FORM_FIELDS}
				width={width}
				onCancel={() => setMode({kind: 'list'})}
				onSubmit={values => {
					const optional = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
					// its start task line is selected once it is there: Enter opens the conversation when ready
					setTaskSelection(`new:${tasks.length}`);
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
			<Box flexDirection="column">
				<DetailPane
					title={`Conversation ${item.id}`}
					id={item.id}
					entries={conversationEntries(item, now)}
					width={width}
					height={height - boxHeight}
					memoryKey={`conversation:${item.id}`}
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
					const selected = onTask && i === taskIndex;
					return (
						<Text
							key={task.id}
							wrap="truncate"
							inverse={selected}
							bold={selected}
							color={task.status === 'ERROR' ? theme.error : task.status === 'READY' ? theme.ok : theme.warn}
						>
							{selected ? `${theme.selectMarker} ` : ''}
							{truncate(startTaskLine(task, lost?.[task.id], now), width - (selected ? 2 : 0))}
						</Text>
					);
				})}
				<ListPane controller={controller} list={list} height={tableHeight} now={now} getKey={conversationKey} noun="conversations" unselected={onTask} />
			</Box>
			{messageBox}
			{confirm}
		</Box>
	);
}
