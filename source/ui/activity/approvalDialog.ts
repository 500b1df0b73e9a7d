/**
 * The accept and reject dialogs cover exactly the pending actions they showed when they opened
 * (issue 21 item 7): `y` once accepted two actions while the dialog still read one (`rm -rf build`,
 * then `git push --force` arrived), and a reject dialog stayed open with nothing pending. When the
 * set changes under an open dialog it asks again, saying so; when nothing waits any more it closes,
 * saying nothing was sent. A confirm that meets a changed set sends nothing.
 */
import {useEffect} from 'react';
import type {ConversationEvent} from '../../api/schemas/event.js';
import {hintList} from '../keys/footerHints.js';

/** The keys that answer a waiting agent: `approvalNoReject` where its server cannot reject (before SDK 1.6.0). */
export type AnswerScope = 'approval' | 'approvalNoReject';

/**
 * `a accept · x reject`, or `a accept · x leave waiting` where the server cannot reject: what the
 * keys do there, from the keymap (overrides and `--read-only` included), as the footer says it.
 */
export function answerKeys(scope: AnswerScope): string {
	return hintList([scope])
		.map(h => h.text)
		.join(' · ');
}

export type ApprovalModal = {
	kind: 'accept' | 'reject';
	/** ids of the pending actions shown when the dialog opened (or last asked again) */
	ids: readonly string[];
	/** the set changed under the dialog: it says so */
	changed?: boolean;
};

/** What the approval dialogs compare: the pending actions' ids, or null when the agent does not wait. */
export function pendingKey(waiting: boolean, pending: readonly ConversationEvent[]): readonly string[] | null {
	return waiting ? pending.map(event => event.id) : null;
}

export function sameActions(shown: readonly string[], now: readonly string[] | null): boolean {
	return now !== null && shown.length === now.length && shown.every((id, i) => id === now[i]);
}

/**
 * The question before the actions it asks about (./../attention/approvalText.ts lays them out):
 * `Accept the pending action`, `The pending actions changed: accept 2 pending actions of “title”`;
 * `named`: `of “title”` where the title is not the screen's (a list row, `!`). A reject always names it.
 */
export function approvalQuestion(modal: ApprovalModal, actions: readonly unknown[], title: string, named = false): string {
	const n = actions.length;
	const what = n > 1 ? `${n} pending actions` : 'the pending action';
	const changed = modal.changed ? 'The pending actions changed: ' : '';
	const verb = modal.kind === 'accept' ? 'accept' : 'reject';
	const of = named || modal.kind === 'reject' ? ` of “${title}”` : '';
	return `${changed}${changed ? verb : verb[0]!.toUpperCase() + verb.slice(1)} ${what}${of}`;
}

/** Closes or re-asks an open approval dialog whose pending set changed. */
export function useApprovalGuard(
	modal: ApprovalModal | null,
	now: readonly string[] | null,
	setModal: (modal: ApprovalModal | null) => void,
	notify: (level: 'info' | 'error', text: string) => void,
): void {
	useEffect(() => {
		if (!modal || sameActions(modal.ids, now)) return;
		if (now === null || now.length === 0) {
			setModal(null);
			notify('info', `nothing waits for a confirmation any more: nothing was ${modal.kind === 'accept' ? 'accepted' : 'rejected'}`);
			return;
		}
		// a dialog opened before the pending actions were loaded learns what they are: no change to the
		// user, who was asked about "the pending action" without its detail
		setModal({...modal, ids: now, changed: modal.changed === true || modal.ids.length > 0});
	}, [modal, now, setModal, notify]);
}
