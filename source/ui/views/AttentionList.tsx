/**
 * `!`: what needs you now (issue 19), attention first (waiting, error, stuck, finished; the most
 * recent first within each), each line naming the conversation, its server when several are open,
 * and what it waits for. Enter goes there (a conversation's activity, a sandbox on its tab: a push,
 * so Esc comes back here); `a` / `x` answer a waiting agent from here, with the same confirmation as
 * in its activity; `d` dismisses one (a finish is seen; an error or a stuck agent is acknowledged and
 * goes until its state changes again, issue 26 item 2; a wait stays while it lasts, and says so), `c`
 * all of them; `h` shows the acknowledged ones below the rest (`d` on one brings it back).
 */
import React, {useCallback, useMemo, useState} from 'react';
import {Box} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {type Ref, refKey, type Tagged} from '../../fleet/types.js';
import {sortByAttention, type AttentionState} from '../../store/attention/needsYou.js';
import type {AttentionItem} from '../../store/types.js';
import {type ApprovalKind, useAnswerScope, useApprovalDialog, useApprovalScope} from '../attention/ApprovalDialog.js';
import {answerKeys} from '../activity/approvalDialog.js';
import {pendingActions} from '../../present/events/pending.js';
import {attentionLine, pendingGist} from '../../present/attentionText.js';
import {useUi} from '../context.js';
import {duration} from '../../present/format.js';
import {waitingSince} from '../../present/doingNow.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useTheme} from '../theme.js';
import {selectAcknowledged, selectAttention, selectConversations, selectGlimpses, selectInView, useSnapshot} from '../useStore.js';
import {ChoiceList} from '../widgets/ChoiceList.js';

type Item = Tagged<AttentionItem>;
type Props = {width: number; height: number; onGo(item: Item): void; onClose(): void};

const GLYPHS: Record<string, string> = {waiting: '?', error: '✗', stuck: '!', finished: '✓'};

/** A sandbox's or a start task's failure ranks with the errors. */
const rankState = (item: Item): AttentionState => item.reason ?? 'error';

export function AttentionList({width, height, onGo, onClose}: Props) {
	const {fleet, now, notify} = useUi();
	const theme = useTheme();
	const attention = useSnapshot(selectAttention);
	const acknowledged = useSnapshot(selectAcknowledged);
	const [showAcknowledged, setShowAcknowledged] = useState(false);
	const glimpses = useSnapshot(selectGlimpses);
	const conversations = useSnapshot(selectConversations);
	const several = useSnapshot(selectInView).length > 1;
	const [answer, setAnswer] = useState<{kind: ApprovalKind; item: Item} | null>(null);
	// `x` says what it does on the selected item's agent server: reject, or leave waiting before SDK 1.6.0
	const [selectedRef, setSelectedRef] = useState<Ref | undefined>(undefined);
	const onSelect = useCallback((item: Item | undefined) => setSelectedRef(item ? {server: item.server, id: item.id} : undefined), []);
	const keysScope = useAnswerScope(selectedRef);
	const ackedKeys = useMemo(() => new Set(acknowledged.map(item => refKey({server: item.server, id: item.key}))), [acknowledged]);
	const isAcknowledged = (item: Item) => ackedKeys.has(refKey({server: item.server, id: item.key}));
	const items = useMemo(
		() => [...sortByAttention(attention, rankState, item => item.at), ...(showAcknowledged ? sortByAttention(acknowledged, rankState, item => item.at) : [])],
		[attention, acknowledged, showAcknowledged],
	);
	const at = now();
	const glimpseOf = (item: Item) => glimpses[refKey({server: item.server, id: item.id})];
	const eventsOf = (item: Item) => glimpseOf(item)?.events ?? [];
	const line = (item: Item) =>
		attentionLine(item, {server: several ? item.server : null, waitsFor: item.reason === 'waiting' ? pendingGist(eventsOf(item)) : null});
	// a wait counts from the action waiting now, not from the first wait (issue 26 item 14)
	const since = (item: Item) => (item.reason === 'waiting' ? (waitingSince(eventsOf(item), glimpseOf(item)?.clockOffsetMs) ?? item.at) : item.at);
	const conversationOf = (item: Item): Tagged<AppConversation> | undefined =>
		conversations.data?.find(c => c.id === item.id && c.server === item.server) ?? (item.conversation && {...item.conversation, server: item.server});
	const answerScope = useApprovalScope(answer?.kind ?? null, answer?.item);
	useHintScopes(answerScope ? [answerScope] : [keysScope, 'attention', 'choice']);
	const answering = answer ? conversationOf(answer.item) : undefined;
	const closeAnswer = useCallback(() => setAnswer(null), []);
	const dialog = useApprovalDialog(
		answer && answering ? {conversation: answering, kind: answer.kind, pending: pendingActions(eventsOf(answer.item)), waiting: answering.execution_status === 'waiting_for_confirmation', named: true} : null,
		width,
		height,
		closeAnswer,
	);
	const bottom = dialog.height;
	return (
		<Box flexDirection="column" height={height}>
			<Box flexDirection="column" height={height - bottom} overflow="hidden">
				<ChoiceList
					title={`${attention.length ? `Needs you (${attention.length})` : 'Needs you'}${acknowledged.length ? ` · ${acknowledged.length} acknowledged${showAcknowledged ? ' (below)' : ''}` : ''}`}
					note={`Enter go there · ${answerKeys(keysScope)} · d dismiss · c all · h ${showAcknowledged ? 'hide' : 'show'} acknowledged`}
					items={items}
					label={item =>
						// the mark first: a narrow terminal cuts the end of the line
						`${(GLYPHS[item.reason ?? ''] ?? '✗').padEnd(2)}${duration(Math.max(0, at - since(item))).padStart(3)}  ${isAcknowledged(item) ? 'acknowledged · ' : ''}${line(item)}`
					}
					color={item => (isAcknowledged(item) ? theme.muted : item.reason === 'stuck' ? theme.tone('stuck') : theme.status(item.state))}
					getKey={item => refKey({server: item.server, id: item.key})}
					width={width}
					height={height - bottom}
					empty="nothing needs you"
					active={answer === null}
					onChoose={onGo}
					onSelect={onSelect}
					settling={conversations.loading}
					onClose={onClose}
					onKey={(name, selected) => {
						const approval = commandFor('approval', name);
						if (approval) {
							if (!selected) return true;
							if (selected.reason !== 'waiting') notify('info', `nothing to ${approval === 'agent.accept' ? 'accept' : 'reject'}: ${line(selected)}`);
							else setAnswer({kind: approval === 'agent.accept' ? 'accept' : 'reject', item: selected});
							return true;
						}
						switch (commandFor('attention', name)) {
							case 'close':
								onClose();
								return true;
							case 'attention.dismiss':
								if (!selected) return true;
								fleet.dismissAttention(selected);
								if (isAcknowledged(selected)) notify('info', `needs you again: ${line(selected)}`);
								else if (selected.reason === 'error' || selected.reason === 'stuck') notify('info', `acknowledged until its state changes: ${line(selected)}`);
								// a wait needs an answer: marking it seen does not end it
								else if (selected.subject === 'conversation' && selected.reason !== 'finished') notify('info', `still needs you while it does: ${line(selected)}`);
								return true;
							case 'attention.acknowledged':
								if (!showAcknowledged && acknowledged.length === 0) notify('info', 'nothing is acknowledged');
								setShowAcknowledged(!showAcknowledged);
								return true;
							case 'attention.clear':
								fleet.dismissAttention();
								return true;
							default:
								return false;
						}
					}}
				/>
			</Box>
			{dialog.node}
		</Box>
	);
}
