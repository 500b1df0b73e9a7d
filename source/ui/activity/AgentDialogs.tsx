/**
 * The activity's questions about the agent server (issue 16 §1, issue 21 item 1): switching the
 * confirmation policy (pick, then confirm), what to do where a reject cannot be had (agent servers
 * before SDK 1.6.0 turn it into a pause that records nothing), and running the agent while an
 * action waits (a run executes the pending action first: never by surprise).
 */
import React from 'react';
import {ALWAYS, NEVER, RISKY, policyText} from '../../api/confirmationPolicy.js';
import type {ConfirmationPolicy} from '../../api/schemas/index.js';
import type {Ref} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {clean} from '../../text/sanitize.js';
import {maskTitle} from '../../text/secrets.js';
import type {PendingText} from '../../present/events/pendingText.js';
import {FEW_ROWS, approvalText, type ApprovalText} from '../attention/approvalText.js';
import {Confirm, detailRows} from '../widgets/Confirm.js';
import {Picker, type PickerItem} from '../widgets/Picker.js';

export type AgentDialog =
	| {kind: 'policy'}
	| {kind: 'policyConfirm'; policy: ConfirmationPolicy}
	| {kind: 'noReject'; version: string | null}
	/** `all`: Enter asked for the whole command */
	| {kind: 'run'; all?: boolean};

const CHOICES: readonly (PickerItem & {policy: ConfirmationPolicy})[] = [
	{key: 'always', label: 'always confirm: every action waits for you', value: 'always', policy: ALWAYS},
	{key: 'risky', label: 'confirm risky actions: HIGH risk, and unknown risk, waits (needs a security analyzer)', value: 'risky', policy: RISKY},
	{key: 'never', label: 'never confirm: the agent acts on its own', value: 'never', policy: NEVER},
];

export const POLICY_PICKER_HEIGHT = CHOICES.length + 2;

/**
 * What R asks while actions wait: a run executes them, so it shows them as `a` does (issue 26 item 3):
 * the whole command wrapped, a few rows then `…` (Enter: all of it, in the `room` rows the view has),
 * the risk whole.
 */
function runText(actions: readonly PendingText[], all: boolean, width: number, room: number): ApprovalText {
	const what = actions.length > 1 ? `${actions.length} pending actions` : 'the pending action';
	return approvalText({question: `Run the agent? It first runs ${what}`, actions, end: '', width, rows: all ? Math.max(FEW_ROWS, room - 4) : FEW_ROWS});
}

/** Rows the dialog takes under the events (`room`: the rows below the activity's header). */
export function agentDialogHeight(dialog: AgentDialog, width: number, actions: readonly PendingText[], room: number): number {
	if (dialog.kind === 'policy') return POLICY_PICKER_HEIGHT;
	if (dialog.kind === 'noReject') return 2 + detailRows(NO_REJECT_DETAIL, width).length;
	if (dialog.kind === 'run') return runText(actions, dialog.all === true, width, room).rows.length + 1;
	return 3;
}

const NO_REJECT_DETAIL =
	'Before SDK 1.6.0 a reject only pauses: the server answers success, records no rejection, and the action runs at the next run or accept. Left waiting, nothing runs until you accept (a) or run the agent (R, which asks first).';

type Props = {
	dialog: AgentDialog;
	conversation: Ref;
	title: string;
	/** the policy in force, if known */
	policy: ConfirmationPolicy | null;
	/** the pending actions, as a confirmation shows them */
	pending: readonly PendingText[];
	width: number;
	/** rows below the activity's header: what all of a long command may take */
	room: number;
	onDialog(next: AgentDialog | null): void;
};

export function AgentDialogs({dialog, conversation, title, policy, pending, width, room, onDialog}: Props) {
	const {fleet, notify} = useUi();
	const close = () => onDialog(null);
	switch (dialog.kind) {
		case 'policy':
			return (
				<Picker
					title={`Confirmation policy of “${maskTitle(title)}” (now: ${policyText(policy)}):`}
					items={CHOICES}
					width={width}
					height={POLICY_PICKER_HEIGHT}
					onPick={value => onDialog({kind: 'policyConfirm', policy: CHOICES.find(c => c.value === value)!.policy})}
					onCancel={close}
				/>
			);
		case 'policyConfirm':
			return (
				<Confirm
					message={`Switch “${maskTitle(title)}” to ${policyText(dialog.policy)}?`}
					width={width}
					onConfirm={() => {
						fleet.setConfirmationPolicy(conversation, dialog.policy);
						close();
					}}
					onCancel={close}
				/>
			);
		case 'noReject':
			return (
				<Confirm
					message={`This agent server (${clean(dialog.version) || 'before 1.6.0'}) cannot reject an action: leave it waiting?`}
					detail={NO_REJECT_DETAIL}
					width={width}
					onConfirm={() => {
						notify('info', 'left waiting: nothing was sent; a accepts, R runs it');
						close();
					}}
					onCancel={close}
				/>
			);
		case 'run': {
			const all = dialog.all === true;
			const text = runText(pending, all, width, room);
			return (
				<Confirm
					message="Run the agent?"
					rows={text.rows}
					width={width}
					onMore={text.cut && !all ? () => onDialog({kind: 'run', all: true}) : null}
					onConfirm={() => {
						fleet.controlAgent(conversation, 'run');
						close();
					}}
					onCancel={close}
				/>
			);
		}
	}
}
