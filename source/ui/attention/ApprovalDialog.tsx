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
 *
 * The question shows the whole command and its risk (issue 26 item 3: at 80 columns it was cut
 * before both): a few rows, then `…` and Enter for all of it, as many rows as the view holds. The
 * view sizes itself by the dialog's rows, so `useApprovalDialog` gives both in one render.
 */
import React, {useCallback, useEffect, useMemo, useState, type ReactNode} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import {agentAbilities} from '../../api/agent/agentServerInfo.js';
import {type FleetSnapshot, type Ref, refKey, type Tagged} from '../../fleet/types.js';
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

/**
 * The dialog for `target` (null: none) and the rows it takes at the bottom of a view `room` rows
 * high (what all of a long command may take once Enter asked for it).
 */
export function useApprovalDialog(target: ApprovalTarget | null, width: number, room: number, onDone: () => void): {height: number; node: ReactNode} {
	const {fleet, notify} = useUi();
	const noReject = useRejectAbility(target?.conversation);
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
	const askingFor = target?.kind === 'reject' && noReject === 'asking' ? target.conversation : null;
	useEffect(() => {
		if (askingFor) fleet.askAgent(askingFor);
	}, [askingFor, fleet]);
	if (!target || !shown) return {height: 0, node: null};
	const {conversation, kind} = target;
	if (kind === 'reject' && noReject === 'asking') {
		// decided before asking for a reason: the reason box opens only where a reject can work
		return {height: 2, node: <Confirm message="Asking its agent server whether it can reject…" ready={false} width={width} onConfirm={() => {}} onCancel={onDone} />};
	}
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
