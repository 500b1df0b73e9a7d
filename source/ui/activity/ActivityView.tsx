/**
 * A conversation's activity (issue 10): its events, newest at the bottom like `tail -f`, one line
 * each; Enter opens one in a pager; `/` filters, `o` hides tool outputs, `f` toggles follow; `m`
 * writes to the agent; `a`/`x` answer a pending confirmation; `P`/`R` pause and run the agent,
 * `p`/`r` the sandbox. The store holds the events (a bounded window it trims from the viewport this
 * view reports); this view only lays them out and forwards keys.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {sameRef, type Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import type {Command, Scope} from '../../keymap/keymap.js';
import {useTheme} from '../theme.js';
import {clean} from '../../text/sanitize.js';
import {selectActivity, selectConversations, selectPending, useCapabilities, useSnapshot} from '../useStore.js';
import {useApprovalDialog} from '../attention/ApprovalDialog.js';
import {MESSAGE_BOX_HEIGHT, MessageBox} from '../widgets/MessageBox.js';
import {Pager} from '../widgets/Pager.js';
import {TextField} from '../widgets/TextField.js';
import {ACTIVITY_HEADER_HEIGHT, ActivityHeader, ApprovalBlock, approvalHeight} from './ActivityHeader.js';
import {activityStatusLine, selectedAt} from './activityStatus.js';
import {useAgeTick} from '../useAgeTick.js';
import {AgentDialogs, agentDialogHeight} from './AgentDialogs.js';
import {eventDetail} from '../../present/events/detail.js';
import {isShortened} from '../../api/paging/tooLargeEvents.js';
import type {ActivityState} from '../../store/types.js';
import {EventList} from './EventList.js';
import {agentStatus, answerOf, pendingActions, pendingLine} from '../../present/events/pending.js';
import {pendingText} from '../../present/events/pendingText.js';
import {useHandOff} from '../useHandOff.js';
import {type AnswerScope, answerKeys, pendingKey} from './approvalDialog.js';
import {agentOutOfReach, useActivityKeys, type ActivityModal} from './useActivityKeys.js';
import {useEventRows} from './useEventRows.js';
import {bootLabel} from '../../present/booting.js';
import {droppedSandboxHints} from '../views/sandboxActions.js';
import {isBoot} from '../views/sandboxParts.js';
import {maskTitle} from '../../text/secrets.js';
import {Confirm} from '../widgets/Confirm.js';
import {questionHeight} from '../views/confirmTexts.js';
import {useSandboxQuestion} from '../views/useSandboxQuestion.js';
import {waitingLine} from '../views/agentKeys.js';
import {CommandPaneView, commandPaneHeight, usePaneSummary} from '../workspace/CommandPaneView.js';

type Props = {
	conversation: Tagged<AppConversation>;
	width: number;
	height: number;
	active: boolean;
	onBack(): void;
	/** `c`: the workspace's changes */
	onChanges?(conversation: Tagged<AppConversation>): void;
	/** `F`: the workspace's files */
	onFiles?(conversation: Tagged<AppConversation>): void;
};

const NO_EVENTS: readonly ConversationEvent[] = [];

export function ActivityView({conversation: opened, width, height, active, onBack, onChanges, onFiles}: Props) {
	const {fleet, now, notify} = useUi();
	const theme = useTheme();
	const activity = useSnapshot(selectActivity);
	const conversations = useSnapshot(selectConversations);
	const inFlightAll = useSnapshot(selectPending);
	const conversation = conversations.data?.find(c => sameRef(c, opened)) ?? opened;
	const {id, server} = conversation;
	const capabilities = useCapabilities(server);
	const mine = activity?.conversationId === id && activity.server === server ? activity : null;
	const events = mine?.events ?? NO_EVENTS;
	const [modal, setModal] = useState<ActivityModal>(null);

	useEffect(() => {
		fleet.openActivity({server, id});
		return () => fleet.closeActivity();
	}, [fleet, server, id]);

	const agent = mine?.agent ?? null;
	// far back (the window no longer reaches the newest events) its state updates are old news
	const status = agentStatus(conversation, mine?.hasNewer ? NO_EVENTS : events, agent?.clockOffsetMs ?? 0);
	const waiting = status === 'waiting_for_confirmation';
	const pending = useMemo(() => (waiting ? pendingActions(events) : []), [waiting, events]);
	const pendingLines = useMemo(() => pending.map(pendingLine), [pending]);
	const pendingTexts = useMemo(() => pending.map(pendingText), [pending]);
	const pendingIds = useMemo(() => pendingKey(waiting, pending), [waiting, pending]);
	const inFlight = useMemo(
		() => inFlightAll.filter(p => p.server === server && (p.targetId === id || (p.targetId !== null && p.targetId === conversation.sandbox_id))),
		[inFlightAll, server, id, conversation.sandbox_id],
	);

	// a sandbox booting after a start or resume of this session reads STARTING, whatever docker says
	const boot = inFlight.find(p => isBoot(p) && p.targetId === conversation.sandbox_id);
	const sandboxStatus = bootLabel(boot?.startedAt, conversation.sandbox_status, now()) ? 'STARTING' : conversation.sandbox_status;

	const approval = modal?.kind === 'accept' || modal?.kind === 'reject' ? modal.kind : null;
	const closeModal = useCallback(() => setModal(null), []);
	const approvalDialog = useApprovalDialog(approval ? {conversation, kind: approval, pending, waiting} : null, width, height - ACTIVITY_HEADER_HEIGHT, closeModal);
	// p / r: the sandbox's question (a pause names what stops with it), as on the list
	const sandboxQuestion = useSandboxQuestion();
	const {ask, question} = sandboxQuestion;
	const bottom =
		(modal?.kind === 'message'
			? MESSAGE_BOX_HEIGHT
			: modal?.kind === 'agent'
				? agentDialogHeight(modal.dialog, width, pendingTexts, height - ACTIVITY_HEADER_HEIGHT)
				: modal?.kind === 'command'
					? commandPaneHeight(height)
					: approvalDialog.height) + questionHeight(question, width);
	const listHeight = Math.max(1, height - ACTIVITY_HEADER_HEIGHT - approvalHeight(waiting, pending.length) - 1 - bottom);
	const list = useEventRows({events, activity: mine, height: listHeight, active: active && modal === null && !ask});

	// the selected event's age in the line under the rows keeps moving while nothing else draws
	useAgeTick(modal?.kind === 'pager' ? null : selectedAt(mine, list), now);

	const {page} = useHandOff();
	useActivityKeys({
		active: active && modal === null && !list.filter.editing && !ask,
		conversation,
		waiting,
		sandboxStatus,
		pendingIds: pendingIds ?? [],
		list,
		agent,
		capabilities,
		setModal,
		onBack,
		pageEvent(eventId) {
			const index = events.findIndex(e => e.id === eventId);
			const event = events[index];
			if (event) void page(eventDetail(event, answerOf(events, index)).map(line => line.text), `event-${eventId}.txt`);
		},
		...(onChanges ? {onChanges} : {}),
		...(onFiles ? {onFiles} : {}),
		onSandbox: action => sandboxQuestion.start(action, conversation, waiting ? waitingLine(pending) : null),
	});
	// `$`: the last command run in this workspace, in the header (issue 28 item 4)
	const command = usePaneSummary(conversation);

	const own: Scope[] = capabilities?.sandboxes === false ? ['activity'] : ['activity', 'activitySandbox'];
	// x where the agent server cannot reject (before SDK 1.6.0) only offers to leave the action waiting
	const answerScope: AnswerScope = agent?.rejects === false ? 'approvalNoReject' : 'approval';
	const scopes: Scope[] = ask
		? ['confirm']
		: modal?.kind === 'pager'
			? ['pager']
			: modal?.kind === 'command'
				? ['command']
				: modal?.kind === 'message'
				? ['message']
				: modal?.kind === 'accept'
					? ['confirm']
					: modal?.kind === 'reject'
						? ['reason']
						: modal?.kind === 'agent'
							? [modal.dialog.kind === 'policy' ? 'picker' : 'confirm']
							: list.filter.editing
								? ['filter']
								: waiting
									? [answerScope, ...own]
									: own;
	// the footer offers what applies now: what the sandbox's status allows (../views/sandboxActions.ts),
	// run for an agent that is not running
	// and no agent keys while its sandbox is not running (there is no agent to ask)
	const agentHidden: Command[] = agentOutOfReach(conversation) ? ['agent.run', 'agent.pause', 'agent.interrupt'] : [status === 'running' ? 'agent.run' : 'agent.pause'];
	useHintScopes(scopes, [...droppedSandboxHints(sandboxStatus), ...agentHidden]);

	const header = <ActivityHeader conversation={conversation} status={status} inFlight={inFlight} agent={agent} transport={mine?.transport} command={command} stopped={Boolean(mine?.stopped)} width={width} />;
	if (modal?.kind === 'pager') {
		return (
			<Box flexDirection="column">
				{header}
				<PagerFor events={events} eventId={modal.eventId} whole={mine?.wholeEvent ?? null} width={width} height={Math.max(1, height - ACTIVITY_HEADER_HEIGHT)} onClose={() => setModal(null)} active={active} />
			</Box>
		);
	}

	return (
		<Box flexDirection="column" height={height} overflow="hidden">
			{header}
			{waiting ? <ApprovalBlock lines={pendingLines} keys={answerKeys(answerScope)} width={width} /> : null}
			<EventList events={events} rows={list.rows} offset={list.offset} index={list.index} height={listHeight} width={width} empty={emptyText(mine, list.filtered)} />
			{list.filter.editing ? (
				<Box>
					<Text color={theme.accent}>/ </Text>
					<TextField value={list.filter.text} cursor={list.filterCursor} focused width={width - 2} />
				</Box>
			) : (
				<Text color={mine?.error ? theme.error : theme.muted} wrap="truncate">
					{activityStatusLine({activity: mine, list, now: now()})}
				</Text>
			)}
			{modal?.kind === 'message' ? (
				<MessageBox
					conversation={conversation}
					width={width}
					waiting={waiting}
					noReject={agent?.rejects === false ? (agent.version ?? '') : null}
					onClose={() => setModal(null)}
				/>
			) : null}
			{modal?.kind === 'agent' ? (
				<AgentDialogs
					dialog={modal.dialog}
					conversation={{server, id}}
					title={maskTitle(conversation.title) || id}
					policy={conversation.confirmation_policy ?? agent?.policy ?? null}
					pending={pendingTexts}
					width={width}
					room={height - ACTIVITY_HEADER_HEIGHT}
					onDialog={dialog => setModal(dialog ? {kind: 'agent', dialog} : null)}
				/>
			) : null}
			{modal?.kind === 'command' ? <CommandPaneView conversation={conversation} width={width} height={commandPaneHeight(height)} onClose={() => setModal(null)} /> : null}
			{approvalDialog.node}
			{ask && question ? <Confirm message={question.message} detail={question.detail} ready={question.ready} width={width} onCancel={sandboxQuestion.cancel} onConfirm={sandboxQuestion.confirm} /> : null}
		</Box>
	);
}

type Whole = NonNullable<ActivityState['wholeEvent']>;

function PagerFor({events, eventId, whole, width, height, onClose, active}: {events: readonly ConversationEvent[]; eventId: string; whole: Whole | null; width: number; height: number; onClose(): void; active: boolean}) {
	const {fleet} = useUi();
	const index = events.findIndex(e => e.id === eventId);
	const event = events[index];
	const answer = event ? answerOf(events, index) : undefined;
	// an event the window keeps short is read in full while its pager is open, and let go after (issue 27 item 2)
	const shortened = event !== undefined && isShortened(event);
	useEffect(() => {
		if (!shortened) return;
		fleet.readWholeEvent(eventId);
		return () => fleet.readWholeEvent(null);
	}, [fleet, shortened, eventId]);
	const full = shortened && whole?.id === eventId ? whole : null;
	const shown = full?.event ?? event;
	// built once per event and answer (it can be a long output), not on every poll
	const lines = useMemo(() => {
		if (!shown) return [{text: 'this event is no longer loaded'}];
		const detail = eventDetail(shown, answer);
		if (shortened && !full?.event) detail.push({text: full?.error ? `could not read it: ${clean(full.error)}` : 'reading the whole event…', style: 'muted'});
		return detail;
	}, [shown, answer, shortened, full]);
	const ref = useRef(lines);
	if (event) ref.current = lines;
	return <Pager lines={ref.current} width={width} height={height} onClose={onClose} active={active} name={`event-${eventId}.txt`} />;
}

function emptyText(activity: {loading: boolean; error: {message: string} | null} | null, filtered: boolean): string {
	if (filtered) return 'no event matches';
	if (!activity || activity.loading) return 'loading events…';
	if (activity.error) return 'no events yet (the server did not answer; see below)';
	return 'no events yet';
}
