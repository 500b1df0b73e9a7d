/**
 * Accepting or rejecting what an agent waits for, asked the same way wherever it is answered (issue
 * 19 §2): in the activity, on a list row, in `!`. Accept asks y/n, naming the action when there is
 * one; reject takes an optional reason. One request either way (store/agentCommands.ts). The dialog
 * covers exactly the pending actions it showed (issue 21 item 7, ../activity/approvalDialog.ts): a
 * changed set makes it ask again, nothing pending any more closes it, and an answer over a set it
 * did not show sends nothing. On an agent server before SDK 1.6.0 (its version known from the probe)
 * reject is not offered as if it worked (issue 21 item 1): it asks to leave the action waiting, as
 * the activity does; an app server's older agent server is refused unsent by the client.
 */
import React, {useCallback, useMemo, useState} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {agentAbilities} from '../../api/agent/agentServerInfo.js';
import type {FleetSnapshot, Tagged} from '../../fleet/types.js';
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

/** The version of a direct agent server that cannot reject (before SDK 1.6.0), else null. */
function noRejectVersion(snapshot: FleetSnapshot, server: string | undefined): string | null {
	const info = server === undefined ? undefined : snapshot.servers.find(s => s.name === server)?.snapshot.server;
	return info?.kind === 'agent-server' && !agentAbilities(info.version).rejects ? (info.version ?? '') : null;
}

/** The version of the server's agent server when it is a direct one that cannot reject, else null. */
export function useNoReject(server: string | undefined): string | null {
	return useSnapshot(useCallback((s: FleetSnapshot) => noRejectVersion(s, server), [server]));
}

/** The keys that answer an agent of this server (the preview's line and the footer say what x does there). */
export function useAnswerScope(server: string | undefined): AnswerScope {
	return useNoReject(server) === null ? 'approval' : 'approvalNoReject';
}

/** The footer's keys under the dialog: a y/n question, or a reason to type. */
export function useApprovalScope(kind: ApprovalKind | null, server: string | undefined): 'confirm' | 'reason' | null {
	const noReject = useNoReject(server);
	return kind === null ? null : kind === 'accept' || noReject !== null ? 'confirm' : 'reason';
}

export function ApprovalDialog({conversation, kind, pending, waiting, named = false, width, onDone}: Props) {
	const {fleet, notify} = useUi();
	const noReject = useNoReject(conversation.server);
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
