/**
 * The Conversations list and a conversation's details. Attention first by default (`o`: the
 * server's order; a key per column), each row's state as a glyph and a word, what it does now, and
 * a preview of the selected one (`v`; on where the terminal is large enough, else a details line
 * with its full title). `a` / `x` answer what a waiting agent asks, from the list, with the same
 * confirmation as in its activity. `l` opens the activity, Enter the details, `m` writes to the
 * agent, `s` goes to its sandbox, `p` / `r` pause and resume that sandbox (a pause asks, naming what
 * stops with it; a resume asks when other conversations share it), `P` pauses the agent, `D` deletes it. Up from the first row selects the start task lines.
 */
import React, {useCallback, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {refKey, sameRef, type ServerName, type Tagged} from '../../fleet/types.js';
import {type ApprovalKind, useAnswerScope, useApprovalDialog, useApprovalScope, useNoReject} from '../attention/ApprovalDialog.js';
import {PREVIEW_MIN, PreviewPane, previewHeight, serverNote} from '../attention/PreviewPane.js';
import {DetailsLines} from './DetailsLines.js';
import {STATE_SENTENCES} from '../../present/states.js';
import {useGlimpseWatch} from '../attention/useGlimpseWatch.js';
import {useRowContext} from '../attention/useRowContext.js';
import {pendingActions} from '../../present/events/pending.js';
import {wrapLine} from '../../present/events/text.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {clean, truncate} from '../../text/sanitize.js';
import {maskTitle} from '../../text/secrets.js';
import {useNav} from '../navigation.js';
import {useTheme} from '../theme.js';
import {capabilitiesOf, selectAnySandboxes, selectConversations, selectInView, selectLostWatches, selectPending, selectStartTasks, useCapabilities, useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {usePersistentState} from '../usePersistentState.js';
import {DetailPane} from '../widgets/DetailPane.js';
import {LIST_CHROME, ListPane} from '../widgets/ListPane.js';
import {MESSAGE_BOX_HEIGHT, MessageBox} from '../widgets/MessageBox.js';
import {useListController} from '../widgets/useListController.js';
import {useBootTick} from './useBootTick.js';
import {NewConversationForm} from './NewConversationForm.js';
import {NewConversationServerPicker} from './NewConversationServerPicker.js';
import {questionHeight} from './confirmTexts.js';
import {conversationColumns} from './conversationColumns.js';
import {conversationScopes} from './conversationScopes.js';
import {conversationEntries, conversationKey, startTaskLine} from './conversationParts.js';
import {conversationFilter, type QuickFilter} from './quickFilters.js';
import {droppedSandboxHints, sandboxRefusal} from './sandboxActions.js';
import {useSandboxQuestion} from './useSandboxQuestion.js';
import {agentPauseRefusal, waitingLine} from './agentKeys.js';
import {conversationMarks, staleIn, useServerColumn} from './serverColumn.js';
import {TASK_LINE_SELECTED, useTaskLines} from './useTaskLines.js';
import {NO_SANDBOX} from '../activity/useActivityKeys.js';
import type {ViewProps} from './viewProps.js';

type Item = Tagged<AppConversation>;

const MAX_TASK_LINES = 3;

type Props = ViewProps & {detail: Item | null};

/** `n`: with several servers in view it asks which one first (`server`), then the form */
type Form = null | {kind: 'server'; first: ServerName | undefined} | {kind: 'form'; server: ServerName};

export function ConversationList({width, height, active, detail}: Props) {
	const {fleet, now: clock, notify} = useUi();
	const nav = useNav();
	const theme = useTheme();
	const list = useSnapshot(selectConversations);
	const tasks = useSnapshot(selectStartTasks);
	const lost = useSnapshot(selectLostWatches);
	const inView = useSnapshot(selectInView);
	// an agent server has no sandboxes: its sandbox column and keys go (not probed yet: as before)
	const sandboxColumn = useSnapshot(selectAnySandboxes);
	const {context, stateOf, order, acknowledged} = useRowContext();
	const [form, setForm] = useState<Form>(null);
	const [message, setMessage] = useState<Item | null>(null);
	const [approval, setApproval] = useState<{kind: ApprovalKind; item: Item} | null>(null);
	const approvalScope = useApprovalScope(approval?.kind ?? null, approval?.item);
	const [preview, setPreview] = usePersistentState<boolean | null>('conversations:preview', null);
	const sandboxQuestion = useSandboxQuestion();
	const {ask, question} = sandboxQuestion;
	const pending = useSnapshot(selectPending);
	useBootTick(pending, clock);
	const now = clock();
	const previewShown = preview ?? (width >= PREVIEW_MIN.columns && height >= PREVIEW_MIN.rows);

	const shownTasks = tasks.slice(0, MAX_TASK_LINES);
	// the dialog judges the row as it is now, not as it was when the key was pressed (issue 21 item 7:
	// an agent paused or failed under the dialog, its action still unanswered, closes it)
	const approving = approval ? list.data?.find(c => sameRef(c, approval.item)) : undefined;
	const closeApproval = useCallback(() => setApproval(null), []);
	const pendingOf = (row: Item) => pendingActions(context.glimpses[refKey(row)]?.events ?? []);
	const approvalTarget = approval ? {conversation: approving ?? approval.item, kind: approval.kind, pending: pendingOf(approval.item), waiting: approving?.execution_status === 'waiting_for_confirmation', named: true} : null;
	const dialog = useApprovalDialog(approvalTarget, width, height, closeApproval);
	const bottom = message ? MESSAGE_BOX_HEIGHT : dialog.height;
	const room = height - shownTasks.length - bottom - questionHeight(question, width);
	// the selected row's full title: the preview (it takes what a short list leaves), or two details lines
	const rowsWanted = (list.data?.length ?? 0) + LIST_CHROME;
	const tableHeight = Math.max(LIST_CHROME + 1, previewShown ? Math.min(room - previewHeight(height), rowsWanted) : room - 2);
	const below = Math.max(1, room - tableHeight);
	const onOpen = useCallback((item: Item) => nav.push({kind: 'detail', tab: 'conversations', item}), [nav]);
	const serverColumn = useServerColumn<Item>('conversations');
	const columns = useMemo(() => conversationColumns(list.data ?? [], context, sandboxColumn, serverColumn), [list.data, context, sandboxColumn, serverColumn]);
	const quick = useCallback((filter: QuickFilter) => conversationFilter(filter, stateOf, acknowledged), [stateOf, acknowledged]);
	const listKeys = active && !detail && !form && !message && !ask && !approval;
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
		order,
	});
	const onScreen = useMemo(() => controller.rows.slice(controller.offset, controller.offset + tableHeight), [controller.rows, controller.offset, tableHeight]);
	const taskLines = useTaskLines({
		tasks,
		shown: shownTasks,
		conversations: list.data,
		tableIndex: controller.index,
		toFirstRow: controller.selectFirst,
		active: listKeys && !controller.filter.editing,
		onActivity: (conversation: Item) => nav.push({kind: 'activity', tab: 'conversations', conversation}),
	});
	const item = detail ? (list.data?.find(c => sameRef(c, detail)) ?? detail) : taskLines.onTask ? undefined : controller.selected;
	useGlimpseWatch(detail ? [] : onScreen, stateOf, previewShown && item ? item : null);
	const itemState = item ? stateOf(item) : null;
	// a sandbox booting after a start or resume of this session reads STARTING, whatever docker says
	const itemSandboxStatus = item && itemState === 'starting' ? 'STARTING' : item?.sandbox_status;
	const marks = useSnapshot(conversationMarks);
	const server = item ? serverNote(item, inView.length > 1, staleIn(marks, item.server)) : null;

	useKeys(
		'view',
		name => {
			if (!detail && commandFor('conversations', name) === 'conversation.new') {
				setForm(inView.length > 1 ? {kind: 'server', first: controller.selected?.server} : {kind: 'form', server: inView[0]!});
				return true;
			}
			if (!detail && commandFor('conversations', name) === 'preview.toggle') {
				setPreview(!previewShown);
				return true;
			}
			const answer = commandFor('approval', name);
			if (answer) {
				if (!item) {
					notify('info', taskLines.onTask ? TASK_LINE_SELECTED : 'no conversation selected');
					return true;
				}
				// a key that does nothing says why
				if (itemState !== 'waiting') notify('info', `nothing to ${answer === 'agent.accept' ? 'accept' : 'reject'}: “${maskTitle(item.title) || item.id}” ${STATE_SENTENCES[itemState!]}`);
				else setApproval({kind: answer === 'agent.accept' ? 'accept' : 'reject', item});
				return true;
			}
			// a row of a server without sandboxes (an agent server) has no sandbox keys
			const sandboxKeys = capabilitiesOf(fleet.getSnapshot().servers, item?.server)?.sandboxes !== false;
			const command = commandFor('conversation', name) ?? commandFor('conversationSandbox', name);
			// a key that does nothing says why
			if (!sandboxKeys && command && commandFor('conversationSandbox', name) === command) {
				notify('info', NO_SANDBOX);
				return true;
			}
			if (command && !item) {
				notify('info', taskLines.onTask ? TASK_LINE_SELECTED : 'no conversation selected');
				return true;
			}
			switch (command) {
				case 'conversation.changes':
					if (item) nav.push({kind: 'changes', tab: 'conversations', conversation: item});
					return true;
				case 'activity.open':
					if (item) nav.push({kind: 'activity', tab: 'conversations', conversation: item});
					return true;
				case 'message.open':
					if (item) setMessage(item);
					return true;
				case 'conversation.sandbox':
					if (item) nav.go({kind: 'row', resource: 'sandboxes', ref: {server: item.server, id: item.sandbox_id}});
					return true;
				case 'sandbox.pause':
				case 'sandbox.resume': {
					if (!item) return true;
					const action = command === 'sandbox.pause' ? 'pause' : 'resume';
					// a key that does nothing says why (the footer does not offer it either)
					const refusal = sandboxRefusal(action, itemSandboxStatus);
					if (refusal) notify('info', refusal);
					else sandboxQuestion.start(action, item, itemState === 'waiting' ? waitingLine(pendingOf(item)) : null);
					return true;
				}
				case 'agent.pause': {
					const refusal = item ? agentPauseRefusal(item) : null;
					if (refusal) notify('info', refusal);
					else if (item) fleet.controlAgent(item, 'pause');
					return true;
				}
				case 'conversation.delete':
					if (item) sandboxQuestion.start('delete', item);
					return true;
				default:
					return false;
			}
		},
		active && !form && !controller.filter.editing && !message && !ask && !approval,
	);
	const selectedCapabilities = useCapabilities(item?.server);
	const answerScope = useAnswerScope(item);
	useHintScopes(
		conversationScopes({
			open: ask ? 'confirm' : approval ? approvalScope! : message ? 'message' : form ? (form.kind === 'server' ? 'picker' : 'form') : null,
			detail: Boolean(detail),
			filtering: controller.filter.editing,
			answer: itemState === 'waiting' ? answerScope : null,
			sandboxes: selectedCapabilities?.sandboxes !== false,
		}),
		// the footer offers what applies to the selected row's sandbox (./sandboxActions.ts) and agent
		item ? [...droppedSandboxHints(itemSandboxStatus), ...(agentPauseRefusal(item) ? (['agent.pause'] as const) : [])] : [],
	);
	// the box judges the row as it is now: an agent that starts waiting while you type is said at once
	const messaging = message ? (list.data?.find(c => sameRef(c, message)) ?? message) : undefined;
	const messageNoReject = useNoReject(message);
	const bottomBox = messaging ? (
		<MessageBox conversation={messaging} width={width} waiting={messaging.execution_status === 'waiting_for_confirmation'} noReject={messageNoReject} onClose={() => setMessage(null)} />
	) : (
		dialog.node
	);
	const confirm =
		ask && question ? (
			<Confirm message={question.message} detail={question.detail} ready={question.ready} width={width} onCancel={sandboxQuestion.cancel} onConfirm={sandboxQuestion.confirm} />
		) : null;

	if (form?.kind === 'server') {
		return (
			<NewConversationServerPicker
				first={form.first}
				inView={inView}
				stale={name => staleIn(marks, name)}
				width={width}
				height={height}
				onPick={server => setForm({kind: 'form', server})}
				onCancel={() => setForm(null)}
			/>
		);
	}

	if (form) {
		// its start task line is selected once it is there (Enter opens the conversation when ready)
		return <NewConversationForm server={form.server} width={width} onClose={() => setForm(null)} onStarted={() => taskLines.selectNew()} />;
	}

	if (detail && item) {
		return (
			<Box flexDirection="column">
				<DetailPane
					title={`Conversation ${item.id}${inView.length > 1 ? ` on ${clean(item.server)}` : ''}`}
					id={item.id}
					entries={conversationEntries(item, now)}
					width={width}
					height={height - bottom}
					memoryKey={`conversation:${refKey(item)}`}
					onClose={nav.back}
					active={active && !message && !ask && !approval}
				/>
				{bottomBox}
				{confirm}
			</Box>
		);
	}

	return (
		<Box flexDirection="column">
			<Box flexDirection="column" height={height - bottom - questionHeight(question, width)} overflow="hidden">
				{shownTasks.map((task, i) => {
					const selected = taskLines.onTask && i === taskLines.index;
					return (
						<Text key={refKey(task)} wrap="truncate" inverse={selected} bold={selected} color={task.status === 'ERROR' ? theme.error : task.status === 'READY' ? theme.ok : theme.warn}>
							{selected ? `${theme.selectMarker} ` : ''}
							{truncate(startTaskLine(task, lost?.[refKey(task)], now), width - (selected ? 2 : 0))}
						</Text>
					);
				})}
				<ListPane controller={controller} list={list} height={tableHeight} now={now} getKey={conversationKey} noun="conversations" unselected={taskLines.onTask} />
				{previewShown ? (
					<PreviewPane conversation={item} state={itemState} glimpse={item ? context.glimpses[refKey(item)] : undefined} server={server} width={width} height={below} now={now} />
				) : (
					<DetailsLines item={item} server={server} width={width} />
				)}
			</Box>
			{bottomBox}
			{confirm}
		</Box>
	);
}
