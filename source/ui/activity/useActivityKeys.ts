/** The activity view's keys (scopes `activity` and, while the agent waits, `approval`). */
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import type {ApprovalModal} from './approvalDialog.js';
import type {EventRows} from './useEventRows.js';

export type ActivityModal = null | {kind: 'pager'; eventId: string} | {kind: 'message'} | ApprovalModal;

type Options = {
	active: boolean;
	conversation: Tagged<AppConversation>;
	waiting: boolean;
	/** ids of the actions waiting for confirmation: what an approval dialog opens on */
	pendingIds: readonly string[];
	list: EventRows;
	setModal(modal: ActivityModal): void;
	onBack(): void;
};

export function useActivityKeys({active, conversation, waiting, pendingIds, list, setModal, onBack}: Options): void {
	const {fleet, copy, notify} = useUi();
	const sandbox = {server: conversation.server, id: conversation.sandbox_id};
	useKeys(
		'view',
		name => {
			const approval = commandFor('approval', name);
			if (approval) {
				if (!waiting) notify('info', 'the agent is not waiting for a confirmation');
				else setModal({kind: approval === 'agent.accept' ? 'accept' : 'reject', ids: pendingIds});
				return true;
			}
			switch (commandFor('activity', name)) {
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
					fleet.controlAgent(conversation, 'run');
					return true;
				case 'sandbox.pause':
					fleet.pauseSandbox(sandbox);
					return true;
				case 'sandbox.resume':
					fleet.resumeSandbox(sandbox);
					return true;
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
				default:
					return false;
			}
		},
		active,
	);
}
