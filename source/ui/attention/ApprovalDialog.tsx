/**
 * Accepting or rejecting what an agent waits for, asked the same way wherever it is answered (issue
 * 19 §2): in the activity, on a list row, in `!`. Accept asks y/n, naming the action when there is
 * one; reject takes an optional reason. One request either way (store/messages.ts).
 */
import React from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import {clean} from '../../text/sanitize.js';
import {pendingLine} from '../activity/pending.js';
import {useUi} from '../context.js';
import {Confirm} from '../widgets/Confirm.js';
import {LINE_INPUT_HEIGHT, LineInput} from '../widgets/LineInput.js';

export type ApprovalKind = 'accept' | 'reject';

/** Lines the dialog takes at the bottom of a view. */
export function approvalDialogHeight(kind: ApprovalKind | null): number {
	return kind === 'accept' ? 2 : kind === 'reject' ? LINE_INPUT_HEIGHT : 0;
}

/**
 * `Accept the pending action: terminal $ rm -rf build?` (`of “title”` where the title is not the
 * screen's); `Reject the pending action of “title”: reason (optional), …`.
 */
export function approvalQuestion(kind: ApprovalKind, lines: readonly string[], title: string, named: boolean): string {
	const n = lines.length;
	const what = n > 1 ? `${n} pending actions` : 'the pending action';
	if (kind === 'accept') return `Accept ${what}${named ? ` of “${title}”` : ''}${n === 1 ? `: ${lines[0]}` : ''}?`;
	return `Reject ${what} of “${title}”: reason (optional), Enter rejects · Esc cancels`;
}

type Props = {
	conversation: Tagged<AppConversation>;
	kind: ApprovalKind;
	/** the actions that wait, as loaded (may be none: the dialog still answers the agent) */
	pending: readonly ConversationEvent[];
	/** name the conversation in the question (where its title is not the screen's) */
	named?: boolean;
	width: number;
	onDone(): void;
};

export function ApprovalDialog({conversation, kind, pending, named = false, width, onDone}: Props) {
	const {fleet} = useUi();
	const lines = pending.map(pendingLine);
	const question = approvalQuestion(kind, lines, clean(conversation.title) || conversation.id, named);
	if (kind === 'accept') {
		return (
			<Confirm
				message={question}
				width={width}
				onConfirm={() => {
					fleet.controlAgent(conversation, 'accept');
					onDone();
				}}
				onCancel={onDone}
			/>
		);
	}
	return (
		<LineInput
			message={question}
			placeholder="why (sent to the agent)"
			width={width}
			scope="reason"
			onSubmit={reason => {
				const text = reason.trim();
				if (text) fleet.controlAgent(conversation, 'reject', text);
				else fleet.controlAgent(conversation, 'reject');
				onDone();
			}}
			onCancel={onDone}
		/>
	);
}
