/**
 * The activity view's keys (scopes `activity`, `activitySandbox` where the server has sandboxes,
 * and, while the agent waits, `approval`).
 */
import type {Capabilities} from '../../api/client.js';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import type {AgentInfo} from '../../store/types.js';
import {useUi} from '../context.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import type {ApprovalModal} from './approvalDialog.js';
import type {AgentDialog} from './AgentDialogs.js';
import type {EventRows} from './useEventRows.js';
import {sandboxRefusal, type SandboxAction} from '../views/sandboxActions.js';
import {workspaceRefusal} from '../workspace/workspaceRefusal.js';

export type ActivityModal = null | {kind: 'pager'; eventId: string} | {kind: 'message'} | ApprovalModal | {kind: 'agent'; dialog: AgentDialog} | {kind: 'command'};

type Options = {
	active: boolean;
	conversation: Tagged<AppConversation>;
	waiting: boolean;
	/** the sandbox's status as shown (STARTING while it boots after this session's start or resume) */
	sandboxStatus: string | null | undefined;
	/** ids of the actions waiting for confirmation: what an approval dialog opens on */
	pendingIds: readonly string[];
	list: EventRows;
	/** the conversation's agent server as far as known (version, can it reject) */
	agent: AgentInfo | null;
	capabilities: Capabilities | null;
	setModal(modal: ActivityModal): void;
	onBack(): void;
	onChanges?(conversation: Tagged<AppConversation>): void;
	/** `F`: the workspace's files */
	onFiles?(conversation: Tagged<AppConversation>): void;
	/** the event in full in $PAGER */
	pageEvent(eventId: string): void;
	/** `p` / `r` where the sandbox's status allows it: a pause asks first (issue 26 item 7) */
	onSandbox(action: SandboxAction): void;
};

/** What a sandbox key says on a conversation of a server without sandboxes. */
export const NO_SANDBOX = 'agent servers have no sandboxes: the agent runs on the server itself';

/**
 * Why the agent cannot be paused, run or interrupted now, or null when it can: an app server's agent
 * runs inside its sandbox, so with the sandbox not running there is no agent server to ask
 * (shared/openhands-api-newer.md: `conversation_url` is null then). An agent server's own
 * conversations have no sandbox (`sandbox_id` '').
 */
export function agentOutOfReach(c: AppConversation): string | null {
	if (!c.sandbox_id || c.sandbox_status === 'RUNNING') return null;
	const status = c.sandbox_status ?? 'unknown';
	return status === 'PAUSED' ? 'the sandbox is PAUSED: r resumes it, then the agent can be run or paused' : `the sandbox is ${status}: the agent runs only while it does`;
}

export function useActivityKeys({active, conversation, waiting, sandboxStatus, pendingIds, list, agent, capabilities, setModal, onBack, onChanges, onFiles, pageEvent, onSandbox}: Options): void {
	const {fleet, copy, notify} = useUi();
	const sandboxKeys = capabilities?.sandboxes !== false;
	useKeys(
		'view',
		name => {
			const approval = commandFor('approval', name);
			if (approval) {
				if (!waiting) notify('info', 'the agent is not waiting for a confirmation');
				// before SDK 1.6.0 a reject is a pause that records nothing (issue 21 item 1): say so instead
				else if (approval === 'agent.reject' && agent?.rejects === false) setModal({kind: 'agent', dialog: {kind: 'noReject', version: agent.version}});
				else setModal({kind: approval === 'agent.accept' ? 'accept' : 'reject', ids: pendingIds});
				return true;
			}
			const command = commandFor('activity', name) ?? commandFor('activitySandbox', name);
			// a key that does nothing says why, before any request
			if (!sandboxKeys && command && commandFor('activitySandbox', name) === command) {
				notify('info', NO_SANDBOX);
				return true;
			}
			const outOfReach = command === 'agent.pause' || command === 'agent.run' || command === 'agent.interrupt' ? agentOutOfReach(conversation) : null;
			if (outOfReach) {
				notify('info', outOfReach);
				return true;
			}
			switch (command) {
				case 'agent.interrupt':
					fleet.controlAgent(conversation, 'interrupt');
					return true;
				case 'agent.policy':
					if (capabilities?.confirmationPolicy === false) notify('info', 'this server cannot switch a confirmation policy');
					else setModal({kind: 'agent', dialog: {kind: 'policy'}});
					return true;
				case 'conversation.changes':
					if (capabilities?.gitChanges === false) notify('info', 'this server cannot show a workspace\'s changes');
					else onChanges?.(conversation);
					return true;
				case 'workspace.command':
				case 'workspace.files': {
					// issue 28 item 4: the conversation's workspace, on its agent server (ui/workspace/)
					const refused = workspaceRefusal(fleet, conversation, capabilities, command === 'workspace.command');
					if (refused) notify('info', refused);
					else if (command === 'workspace.command') setModal({kind: 'command'});
					else onFiles?.(conversation);
					return true;
				}
				case 'back':
					if (list.filter.text) list.clearFilter();
					else onBack();
					return true;
				case 'open':
					if (list.selected) setModal({kind: 'pager', eventId: list.selected.id});
					return true;
				case 'message.open':
					setModal({kind: 'message'});
					return true;
				case 'agent.pause':
					fleet.controlAgent(conversation, 'pause');
					return true;
				case 'agent.run':
					// a run executes the pending action first: never by surprise
					if (waiting) setModal({kind: 'agent', dialog: {kind: 'run'}});
					else fleet.controlAgent(conversation, 'run');
					return true;
				case 'sandbox.pause':
				case 'sandbox.resume': {
					const action = command === 'sandbox.pause' ? 'pause' : 'resume';
					const refusal = sandboxRefusal(action, sandboxStatus);
					if (refusal) notify('info', refusal);
					else onSandbox(action);
					return true;
				}
				case 'filter':
					list.editFilter();
					return true;
				case 'events.observations':
					list.toggleObservations();
					return true;
				case 'events.follow':
					list.toggleFollow();
					return true;
				case 'move.down':
					list.move({type: 'move', delta: 1});
					return true;
				case 'move.up':
					list.move({type: 'move', delta: -1});
					return true;
				case 'move.first':
					list.move({type: 'first'});
					return true;
				case 'move.last':
					list.followEnd();
					return true;
				case 'page.down':
					list.move({type: 'page', delta: 1});
					return true;
				case 'page.up':
					list.move({type: 'page', delta: -1});
					return true;
				case 'copy':
					if (list.selected) copy(list.selected.id);
					return true;
				case 'pager.open':
					if (list.selected) pageEvent(list.selected.id);
					return true;
				default:
					return false;
			}
		},
		active,
	);
}
