/**
 * Accepting or rejecting what an agent waits for, asked the same way wherever it is answered (issue
 * 19 §2): in the activity, on a list row, in `!`. Accept asks y/n, naming the action when there is
 * one; reject takes an optional reason. One request either way (store/agentCommands.ts). The dialog
 * covers exactly the pending actions it showed (issue 21 item 7, ../activity/approvalDialog.ts): a
 * changed set makes it ask again, nothing pending any more closes it, and an answer over a set it
 * did not show sends nothing. On an agent server before SDK 1.6.0 reject is not offered as if it
 * worked (issue 21 item 1): it asks to leave the action waiting, as the activity does. Which agent
 * server that is, is decided before asking (issue 27 item 17): a direct one's version comes from the
 * probe, an app server's conversation's from its glimpse (`x` has store/attention/glimpses.ts ask a
 * waiting one's agent server, once); until that answer is in, `x` says it is asking, never takes a
 * reason it would then drop.
 */
import React, {useCallback, useEffect, useMemo, useState} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {agentAbilities} from '../../api/agent/agentServerInfo.js';
import {type FleetSnapshot, type Ref, refKey, type Tagged} from '../../fleet/types.js';
import {maskTitle} from '../../text/secrets.js';
import {type AnswerScope, type ApprovalModal, approvalQuestion, pendingKey, sameActions, useApprovalGuard} from '../activity/approvalDialog.js';
import {pendingLine} from '../../present/events/pending.js';
import {useUi} from '../context.js';
import {useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {LINE_INPUT_HEIGHT, LineInput} from '../widgets/LineInput.js';

export type ApprovalKind = 'accept' | 'reject';

/** Lines the dialog takes at the bottom of a view. */
export function approvalDialogHeight(kind: ApprovalKind | null): number {
	return kind === 'accept' ? 2 : kind === 'reject' ? LINE_INPUT_HEIGHT : 0;
}

type Props = {
	conversation: Tagged<AppConversation>;
	kind: ApprovalKind;
	/** the actions that wait, as loaded (may be none: the dialog still answers the agent) */
	pending: readonly ConversationEvent[];
	/** the agent waits for a confirmation now (its status as the screen shows it) */
	waiting: boolean;
	/** name the conversation in the question (where its title is not the screen's) */
	named?: boolean;
	width: number;
	onDone(): void;
};

/** The conversation whose agent is answered: its server and id (what x asks about). */
type Answered = Ref | null | undefined;

/**
 * Whether the conversation's agent server can reject: the version of one that cannot (before SDK
 * 1.6.0; '' when unnamed), `asking` while an app server's conversation's agent server has not said
 * yet, else null (it can, or the client will tell).
 */
function noRejectVersion(snapshot: FleetSnapshot, ref: Answered): string | 'asking' | null {
	if (!ref) return null;
	const info = snapshot.servers.find(s => s.name === ref.server)?.snapshot.server;
	if (info?.kind === 'agent-server') return agentAbilities(info.version).rejects ? null : (info.version ?? '');
	// its activity is open: what its agent server said there (asked at open; unknown: the client tells)
	const activity = snapshot.activity;
	if (activity?.server === ref.server && activity.conversationId === ref.id) return activity.agent?.rejects === false ? (activity.agent.version ?? '') : null;
	const conversation =
		snapshot.conversations.data?.find(c => c.server === ref.server && c.id === ref.id) ??
		snapshot.attention.find(i => i.server === ref.server && i.id === ref.id)?.conversation;
	const agent = snapshot.glimpses[refKey(ref)]?.agent;
	if (agent) return agent.rejects ? null : (agent.version ?? '');
	return conversation?.conversation_url && conversation.execution_status === 'waiting_for_confirmation' ? 'asking' : null;
}

function useRejectAbility(ref: Answered): string | 'asking' | null {
	const server = ref?.server;
	const id = ref?.id;
	return useSnapshot(useCallback((s: FleetSnapshot) => noRejectVersion(s, server === undefined || id === undefined ? null : {server, id}), [server, id]));
}

/** The version of the conversation's agent server when it cannot reject (before SDK 1.6.0), else null (also while it has not said). */
export function useNoReject(ref: Answered): string | null {
	const answer = useRejectAbility(ref);
	return answer === 'asking' ? null : answer;
}

/** The keys that answer this conversation's agent (the preview's line and the footer say what x does there). */
export function useAnswerScope(ref: Answered): AnswerScope {
	const noReject = useRejectAbility(ref);
	return noReject === null || noReject === 'asking' ? 'approval' : 'approvalNoReject';
}

/** The footer's keys under the dialog: a y/n question, or a reason to type. */
export function useApprovalScope(kind: ApprovalKind | null, ref: Answered): 'confirm' | 'reason' | null {
	const noReject = useRejectAbility(ref);
	return kind === null ? null : kind === 'accept' || noReject !== null ? 'confirm' : 'reason';
}

export function ApprovalDialog({conversation, kind, pending, waiting, named = false, width, onDone}: Props) {
	const {fleet, notify} = useUi();
	const noReject = useRejectAbility(conversation);
	const now = useMemo(() => pendingKey(waiting, pending), [waiting, pending]);
	const [shown, setShown] = useState<ApprovalModal>(() => ({kind, ids: now ?? []}));
	const onGuard = useCallback((next: ApprovalModal | null) => (next ? setShown(next) : onDone()), [onDone]);
	useApprovalGuard(shown, now, onGuard, notify);
	const lines = pending.map(pendingLine);
	const question = approvalQuestion(shown, lines, maskTitle(conversation.title) || conversation.id, named);
	/** sends only when the set is still the one the dialog showed (the guard re-asks otherwise) */
	const answer = (send: () => void) => {
		if (!sameActions(shown.ids, now)) return;
		send();
		onDone();
	};
	useEffect(() => {
		if (kind === 'reject' && noReject === 'asking') fleet.askAgent(conversation);
	}, [kind, noReject, fleet, conversation]);
	if (kind === 'reject' && noReject === 'asking') {
		// decided before asking for a reason: the reason box opens only where a reject can work
		return <Confirm message="Asking its agent server whether it can reject…" ready={false} width={width} onConfirm={() => {}} onCancel={onDone} />;
	}
	if (kind === 'reject' && noReject !== null) {
		const leave = () => {
			notify('info', 'left waiting: nothing was sent; a accepts, R in its activity runs it');
			onDone();
		};
		return <Confirm message={`This agent server (${noReject || 'before 1.6.0'}) cannot reject an action: leave it waiting?`} width={width} onConfirm={leave} onCancel={onDone} />;
	}
	if (kind === 'accept') {
		return <Confirm message={question} width={width} onConfirm={() => answer(() => fleet.controlAgent(conversation, 'accept'))} onCancel={onDone} />;
	}
	return (
		<LineInput
			message={question}
			placeholder="why (sent to the agent)"
			width={width}
			scope="reason"
			onSubmit={reason => {
				const text = reason.trim();
				answer(() => (text ? fleet.controlAgent(conversation, 'reject', text) : fleet.controlAgent(conversation, 'reject')));
			}}
			onCancel={onDone}
		/>
	);
}
