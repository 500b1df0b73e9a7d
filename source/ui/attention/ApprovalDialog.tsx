/**
 * Accepting or rejecting what an agent waits for, asked the same way wherever it is answered (issue
 * 19 §2): in the activity, on a list row, in `!`. Accept asks y/n, naming the action when there is
 * one; reject takes an optional reason. One request either way (store/agentCommands.ts). The dialog
 * covers exactly the pending actions it showed (issue 21 item 7, ../activity/approvalDialog.ts): a
 * changed set makes it ask again, nothing pending any more closes it, and an answer over a set it
 * did not show sends nothing. On an agent server before SDK 1.6.0 (its version known from the probe)
 * reject is not offered as if it worked (issue 21 item 1): it asks to leave the action waiting, as
 * the activity does; an app server's older agent server is refused unsent by the client.
 *
 * The question shows the whole command and its risk (issue 26 item 3: at 80 columns it was cut
 * before both): a few rows, then `…` and Enter for all of it, as many rows as the view holds. The
 * view sizes itself by the dialog's rows, so `useApprovalDialog` gives both in one render.
 */
import React, {useCallback, useMemo, useState, type ReactNode} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {agentAbilities} from '../../api/agent/agentServerInfo.js';
import {refKey, type FleetSnapshot, type Tagged} from '../../fleet/types.js';
import {maskTitle} from '../../text/secrets.js';
import {type AnswerScope, type ApprovalModal, approvalQuestion, pendingKey, sameActions, useApprovalGuard} from '../activity/approvalDialog.js';
import {pendingText} from '../../present/events/pendingText.js';
import {FEW_ROWS, approvalText} from './approvalText.js';
import {useUi} from '../context.js';
import {useSnapshot} from '../useStore.js';
import {Confirm} from '../widgets/Confirm.js';
import {LineInput} from '../widgets/LineInput.js';

export type ApprovalKind = 'accept' | 'reject';

export type ApprovalTarget = {
	conversation: Tagged<AppConversation>;
	kind: ApprovalKind;
	/** the actions that wait, as loaded (may be none: the dialog still answers the agent) */
	pending: readonly ConversationEvent[];
	/** the agent waits for a confirmation now (its status as the screen shows it) */
	waiting: boolean;
	/** name the conversation in the question (where its title is not the screen's) */
	named?: boolean;
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

/**
 * The dialog for `target` (null: none) and the rows it takes at the bottom of a view `room` rows
 * high (what all of a long command may take once Enter asked for it).
 */
export function useApprovalDialog(target: ApprovalTarget | null, width: number, room: number, onDone: () => void): {height: number; node: ReactNode} {
	const {fleet, notify} = useUi();
	const noReject = useNoReject(target?.conversation.server);
	const waiting = target?.waiting ?? false;
	const pending = target?.pending;
	const now = useMemo(() => (pending ? pendingKey(waiting, pending) : null), [waiting, pending]);
	// a new dialog starts over: what it shows is what waits now, a few rows of it
	const opened = target ? `${target.kind}:${refKey(target.conversation)}` : null;
	const [openedFor, setOpenedFor] = useState<string | null>(null);
	const [asked, setAsked] = useState<ApprovalModal | null>(null);
	const [all, setAll] = useState(false);
	if (opened !== openedFor) {
		setOpenedFor(opened);
		setAsked(target ? {kind: target.kind, ids: now ?? []} : null);
		setAll(false);
	}
	const shown = opened === openedFor ? asked : target ? {kind: target.kind, ids: now ?? []} : null;
	const onGuard = useCallback((next: ApprovalModal | null) => (next ? setAsked(next) : onDone()), [onDone]);
	useApprovalGuard(shown, now, onGuard, notify);
	const texts = useMemo(() => (pending ?? []).map(pendingText), [pending]);
	if (!target || !shown) return {height: 0, node: null};
	const {conversation, kind} = target;
	if (kind === 'reject' && noReject !== null) {
		const leave = () => {
			notify('info', 'left waiting: nothing was sent; a accepts, R in its activity runs it');
			onDone();
		};
		return {height: 2, node: <Confirm message={`This agent server (${noReject || 'before 1.6.0'}) cannot reject an action: leave it waiting?`} width={width} onConfirm={leave} onCancel={onDone} />};
	}
	const question = approvalQuestion(shown, texts, maskTitle(conversation.title) || conversation.id, target.named);
	const text = approvalText({question, actions: texts, end: kind === 'accept' ? '?' : '', width, rows: all ? Math.max(FEW_ROWS, room - 4) : FEW_ROWS});
	/** sends only when the set is still the one the dialog showed (the guard re-asks otherwise) */
	const answer = (send: () => void) => {
		if (!sameActions(shown.ids, now)) return;
		send();
		onDone();
	};
	if (kind === 'accept') {
		return {
			height: text.rows.length + 1,
			node: (
				<Confirm
					message={question}
					rows={text.rows}
					width={width}
					onMore={text.cut && !all ? () => setAll(true) : null}
					onConfirm={() => answer(() => fleet.controlAgent(conversation, 'accept'))}
					onCancel={onDone}
				/>
			),
		};
	}
	return {
		height: text.rows.length + 2,
		node: (
			<LineInput
				message="reason (optional), Enter rejects · Esc cancels"
				rows={text.rows}
				placeholder="why (sent to the agent)"
				width={width}
				scope="reason"
				onSubmit={reason => {
					const why = reason.trim();
					answer(() => (why ? fleet.controlAgent(conversation, 'reject', why) : fleet.controlAgent(conversation, 'reject')));
				}}
				onCancel={onDone}
			/>
		),
	};
}
