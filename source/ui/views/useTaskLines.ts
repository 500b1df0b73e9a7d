/**
 * The start task lines above the conversations (issue 11): up from the first row selects them, j
 * goes back down to the first row (the one right below them: a conversation just started sits there,
 * issue 27 item 17), Enter opens the task's conversation once it exists. After the form creates one,
 * its line is selected as soon as it shows (`new:<count of tasks before>`).
 */
import {useEffect, useState} from 'react';
import type {AppConversation, StartTask} from '../../api/schemas/index.js';
import {type Ref, refKey, sameRef, type Tagged} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {memoryKeys} from '../navigation.js';
import {usePersistentState} from '../usePersistentState.js';

/** What a list or row key says while a start task line, not a row, is selected. */
export const TASK_LINE_SELECTED = 'a start task is selected, not a conversation: j goes back down to the list';

type Options = {
	tasks: readonly Tagged<StartTask>[];
	shown: readonly Tagged<StartTask>[];
	conversations: readonly Tagged<AppConversation>[] | undefined;
	/** the table's selected row: up from row 0 reaches the task lines */
	tableIndex: number;
	/** selects the table's first row: down from the last line */
	toFirstRow(): void;
	active: boolean;
	onActivity(conversation: Tagged<AppConversation>): void;
};

export function useTaskLines({tasks, shown, conversations, tableIndex, toFirstRow, active, onActivity}: Options) {
	const {notify, fleet} = useUi();
	// the selected line's refKey, or `new:<count of tasks before>`
	const [selection, setSelection] = usePersistentState<string | null>(memoryKeys.task, null);
	// a ready task whose conversation is not loaded: read it, and open it when it arrives (issue 21 item 19)
	const [opening, setOpening] = useState<Ref | null>(null);
	useEffect(() => {
		if (opening === null) return;
		const conversation = conversations?.find(c => sameRef(c, opening));
		if (conversation) {
			setOpening(null);
			onActivity(conversation);
		} else if (!tasks.some(t => t.server === opening.server && t.app_conversation_id === opening.id)) {
			// the store dropped the task: the server does not know its conversation (it said so)
			setOpening(null);
		}
	}, [opening, conversations, tasks, onActivity]);
	const waitingForNew = selection?.startsWith('new:') ?? false;
	const selectedKey = waitingForNew ? (tasks.length > Number(selection!.slice(4)) && tasks[0] ? refKey(tasks[0]) : undefined) : selection;
	const index = shown.findIndex(t => refKey(t) === selectedKey);
	const onTask = selection !== null && (index >= 0 || waitingForNew);

	const open = () => {
		const task = tasks.find(t => refKey(t) === selectedKey);
		if (!task) return;
		if (task.status !== 'READY' || !task.app_conversation_id) {
			notify('info', task.status === 'ERROR' ? 'this conversation failed to start' : `the conversation is not ready yet (${task.status})`);
			return;
		}
		const conversation = conversations?.find(c => c.id === task.app_conversation_id && c.server === task.server);
		if (conversation) return onActivity(conversation);
		const ref = {server: task.server, id: task.app_conversation_id};
		setOpening(ref);
		fleet.reveal('conversations', ref);
	};

	useKeys(
		'view',
		name => {
			const command = commandFor('list', name);
			if (!onTask) {
				if (command !== 'move.up' || tableIndex !== 0 || shown.length === 0) return false;
				setSelection(refKey(shown.at(-1)!));
				return true;
			}
			switch (command) {
				case 'move.up':
					if (index > 0) setSelection(refKey(shown[index - 1]!));
					return true;
				case 'move.down':
					if (index >= 0 && index < shown.length - 1) {
						setSelection(refKey(shown[index + 1]!));
						return true;
					}
					setSelection(null);
					toFirstRow();
					return true;
				case 'open':
					open();
					return true;
				case 'filter.clear':
					setSelection(null);
					return true;
				default:
					// the table's other keys (copy, sort, filter) wait until the selection is back on it, and say so
					if (command === undefined) return false;
					notify('info', TASK_LINE_SELECTED);
					return true;
			}
		},
		active,
	);

	return {
		onTask,
		/** index into `shown` of the selected line; -1 when none */
		index,
		/** the form just created a task: select its line when it shows */
		selectNew: () => setSelection(`new:${tasks.length}`),
	};
}
