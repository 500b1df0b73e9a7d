/**
 * Tab 2: conversations, newest first (the server's order), with start tasks of this session above;
 * `l` opens a conversation's activity in place of the list (Esc comes back to the list or the
 * details it was opened from), `m` writes to its agent, `c` shows its workspace's changes. `s` goes
 * to its sandbox, `p`/`r` pause and resume that sandbox (asking first when other conversations
 * share it; app servers only), `D` deletes it (asking first, naming what goes with it). Up from the
 * first row selects the start task lines: Enter on one opens its conversation once it exists.
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
import {capabilitiesOf, selectAnySandboxes, selectAttention, selectConversations, selectInView, selectLostWatches, selectStartTasks, useCapabilities, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {ActivityView} from '../activity/ActivityView.js';
import {usePersistentState} from '../usePersistentState.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {MESSAGE_BOX_HEIGHT, MessageBox} from '../widgets/MessageBox.js';
import {useListController} from '../widgets/useListController.js';
import type {Scope} from '../keymap.js';
import {ChangesView} from '../changes/ChangesView.js';
import {NewConversationForm} from './NewConversationForm.js';
import {questionHeight} from './confirmTexts.js';
import {conversationColumns, conversationEntries, conversationKey, startTaskLine} from './conversationParts.js';
import {conversationFilter, type QuickFilter} from './quickFilters.js';
import {useSandboxQuestion} from './useSandboxQuestion.js';
import {useTaskLines} from './useTaskLines.js';
import type {ViewProps} from './viewProps.js';

type Item = Tagged<AppConversation>;

type Mode = {kind: 'list'} | {kind: 'detail'; item: Item} | {kind: 'form'};

const MAX_TASK_LINES = 3;

type OpenActivity = {item: Item; from: 'list' | 'detail'};
/** the changes view (issue 16), over the list, the details or the activity it was opened from */
type OpenChanges = {item: Item; from: 'list' | 'detail' | 'activity'};

export function ConversationsView(props: ViewProps) {
	// Kept across tab switches like the table's selection: coming back to the tab shows the activity.
	const [activity, setActivity] = usePersistentState<OpenActivity | null>('conversations:activity', null);
	const [changes, setChanges] = usePersistentState<OpenChanges | null>('conversations:changes', null);
	const [returnTo, setReturnTo] = useState<Mode>({kind: 'list'});
	if (changes) {
		const back = () => {
			if (changes.from === 'detail') setReturnTo({kind: 'detail', item: changes.item});
			else if (changes.from === 'list') setReturnTo({kind: 'list'});
			setChanges(null);
		};
		return <ChangesView conversation={changes.item} width={props.width} height={props.height} active={props.active} onBack={back} />;
	}
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
				onChanges={item => setChanges({item, from: 'activity'})}
			/>
		);
	}
	return <ConversationList {...props} initialMode={returnTo} onActivity={(item, from) => setActivity({item, from})} onChanges={(item, from) => setChanges({item, from})} />;
}

type ListProps = ViewProps & {
	initialMode: Mode;
	onActivity(item: Item, from: OpenActivity['from']): void;
	onChanges(item: Item, from: 'list' | 'detail'): void;
};

function ConversationList({width, height, active, initialMode, onActivity, onChanges}: ListProps) {
	const {fleet, now: clock} = useUi();
	const go = useGo();
	const theme = useTheme();
	const list = useSnapshot(selectConversations);
	const tasks = useSnapshot(selectStartTasks);
	const attention = useSnapshot(selectAttention);
	const lost = useSnapshot(selectLostWatches);
	const inView = useSnapshot(selectInView);
	// an agent server has no sandboxes: its sandbox column and keys go (not probed yet: as before)
	const sandboxColumn = useSnapshot(selectAnySandboxes);	const [mode, setMode] = useState<Mode>(initialMode);
	const [message, setMessage] = useState<Item | null>(null);
	const sandboxQuestion = useSandboxQuestion();
	const {ask, question} = sandboxQuestion;
	const now = clock();

	const shownTasks = tasks.slice(0, MAX_TASK_LINES);
	const boxHeight = message ? MESSAGE_BOX_HEIGHT : 0;
	const tableHeight = Math.max(LIST_CHROME + 1, height - shownTasks.length - boxHeight - questionHeight(question, width));
	const onOpen = useCallback((item: Item) => setMode({kind: 'detail', item}), []);
	const columns = useMemo(() => conversationColumns(list.data ?? [], sandboxColumn), [list.data, sandboxColumn]);
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
			// a row of a server without sandboxes (an agent server) has no sandbox keys
			const sandboxKeys = capabilitiesOf(fleet.getSnapshot().servers, item?.server)?.sandboxes !== false;
			const command = commandFor('conversation', name) ?? (sandboxKeys ? commandFor('conversationSandbox', name) : undefined);
			switch (command) {
				case 'conversation.changes':
					if (item) onChanges(item, mode.kind === 'detail' ? 'detail' : 'list');
					return true;
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
	const selectedCapabilities = useCapabilities(mode.kind === 'detail' ? mode.item.server : controller.selected?.server);
	const own: Scope[] = selectedCapabilities?.sandboxes === false ? ['conversation'] : ['conversation', 'conversationSandbox'];
	useHintScopes(
		ask
			? ['confirm']
			: message
				? ['message']
				: mode.kind === 'form'
					? ['form']
					: mode.kind === 'detail'
						? ['detail', ...own]
						: controller.filter.editing
							? ['filter']
							: ['conversations', ...own, 'list'],
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
		// the server of the row the form was opened from; its start task line is selected once it is
		// there (Enter opens the conversation when ready)
		const formServer = controller.selected?.server ?? inView[0]!;
		return <NewConversationForm server={formServer} width={width} onClose={() => setMode({kind: 'list'})} onStarted={() => taskLines.selectNew()} />;
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
