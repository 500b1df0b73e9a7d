/**
 * `!`: what needs you now (issue 19), attention first (waiting, error, stuck, finished; the most
 * recent first within each), each line naming the conversation, its server when several are open,
 * and what it waits for. Enter goes there (a conversation's activity, a sandbox on its tab: a push,
 * so Esc comes back here); `a` / `x` answer a waiting agent from here, with the same confirmation as
 * in its activity; `d` marks one seen (a finished one goes; one that waits or failed stays while it
 * does, and says so), `c` all of them.
 */
import React, {useCallback, useMemo, useState} from 'react';
import {Box} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {type Ref, refKey, type Tagged} from '../../fleet/types.js';
import {sortByAttention, type AttentionState} from '../../store/attention/needsYou.js';
import type {AttentionItem} from '../../store/types.js';
import {ApprovalDialog, approvalDialogHeight, type ApprovalKind, useAnswerScope, useApprovalScope} from '../attention/ApprovalDialog.js';
import {answerKeys} from '../activity/approvalDialog.js';
import {pendingActions} from '../../present/events/pending.js';
import {attentionLine, pendingGist} from '../../present/attentionText.js';
import {useUi} from '../context.js';
import {duration} from '../../present/format.js';
import {useHintScopes} from '../hints.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useTheme} from '../theme.js';
import {selectAttention, selectConversations, selectGlimpses, selectInView, useSnapshot} from '../useStore.js';
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
	const glimpses = useSnapshot(selectGlimpses);
	const conversations = useSnapshot(selectConversations);
	const several = useSnapshot(selectInView).length > 1;
	const [answer, setAnswer] = useState<{kind: ApprovalKind; item: Item} | null>(null);
	// `x` says what it does on the selected item's agent server: reject, or leave waiting before SDK 1.6.0
	const [selectedRef, setSelectedRef] = useState<Ref | undefined>(undefined);
	const onSelect = useCallback((item: Item | undefined) => setSelectedRef(item ? {server: item.server, id: item.id} : undefined), []);
	const keysScope = useAnswerScope(selectedRef);
	const items = useMemo(() => sortByAttention(attention, rankState, item => item.at), [attention]);
	const at = now();
	const eventsOf = (item: Item) => glimpses[refKey({server: item.server, id: item.id})]?.events ?? [];
	const line = (item: Item) =>
		attentionLine(item, {server: several ? item.server : null, waitsFor: item.reason === 'waiting' ? pendingGist(eventsOf(item)) : null});
	const conversationOf = (item: Item): Tagged<AppConversation> | undefined =>
		conversations.data?.find(c => c.id === item.id && c.server === item.server) ?? (item.conversation && {...item.conversation, server: item.server});
	const answerScope = useApprovalScope(answer?.kind ?? null, answer?.item);
	useHintScopes(answerScope ? [answerScope] : [keysScope, 'attention', 'choice']);
	const bottom = approvalDialogHeight(answer?.kind ?? null);
	const answering = answer ? conversationOf(answer.item) : undefined;
	return (
		<Box flexDirection="column" height={height}>
			<Box flexDirection="column" height={height - bottom} overflow="hidden">
				<ChoiceList
					title={items.length ? `Needs you (${items.length})` : 'Needs you'}
					note={`Enter go there · ${answerKeys(keysScope)} · d seen · c all seen · Esc back`}
					items={items}
					label={item => `${(GLYPHS[item.reason ?? ''] ?? '✗').padEnd(2)}${duration(Math.max(0, at - item.at)).padStart(3)}  ${line(item)}`}
					color={item => (item.reason === 'stuck' ? theme.tone('stuck') : theme.status(item.state))}
					getKey={item => refKey({server: item.server, id: item.key})}
					width={width}
					height={height - bottom}
					empty="nothing needs you"
					active={answer === null}
					onChoose={onGo}
					onSelect={onSelect}
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
								// needs you is the state now: marking it seen ends only a finish
								if (selected.subject === 'conversation' && selected.reason !== 'finished') notify('info', `still needs you while it does: ${line(selected)}`);
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
			{answer && answering ? (
				<ApprovalDialog conversation={answering} kind={answer.kind} pending={pendingActions(eventsOf(answer.item))} waiting={answering.execution_status === 'waiting_for_confirmation'} named width={width} onDone={() => setAnswer(null)} />
			) : null}
		</Box>
	);
}
