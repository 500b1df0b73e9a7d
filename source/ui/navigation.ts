/**
 * Going from what is on screen to what it belongs to, in one key (issue 11): a conversation's
 * sandbox selected on its tab, a conversation's activity, a sandbox from the `!` list. The target
 * tab's view keeps its state in the view memory, so going there writes what it should show into
 * that memory and mounts the view afresh (it reads the memory when it mounts).
 */
import {createContext, useContext} from 'react';
import type {AppConversation} from '../api/schemas/index.js';
import {refKey, type Ref, type Tagged} from '../fleet/types.js';
import type {ListResourceName, ResourceName} from '../store/types.js';
import type {Memory} from './usePersistentState.js';
import type {QuickFilter} from './views/quickFilters.js';

export type Target =
	| {kind: 'activity'; conversation: Tagged<AppConversation>}
	| {kind: 'row'; resource: ListResourceName; ref: Ref}
	/** a start task line of this session, above the conversations */
	| {kind: 'task'; ref: Ref};

export const GoContext = createContext<(target: Target) => void>(() => {});

export function useGo(): (target: Target) => void {
	return useContext(GoContext);
}

/** Memory keys a list view reads (widgets/useListController.ts, views/ConversationsView.tsx). */
export const memoryKeys = {
	table: (resource: ListResourceName) => `${resource}:table`,
	filter: (resource: ListResourceName) => `${resource}:filter`,
	quick: (resource: ListResourceName) => `${resource}:quick`,
	/** a row asked for by its Ref: the view says so when it is not among the loaded rows */
	wanted: (resource: ListResourceName) => `${resource}:wanted`,
	activity: 'conversations:activity',
	/** the start task line selected above the conversations */
	task: 'conversations:task',
} as const;

/** Writes what the target tab should show; returns that tab. */
export function prepareVisit(memory: Memory | null, target: Target): ResourceName {
	if (target.kind === 'activity') {
		memory?.set(memoryKeys.activity, {item: target.conversation, from: 'list'});
		return 'conversations';
	}
	if (target.kind === 'task') {
		memory?.set(memoryKeys.activity, null);
		memory?.set(memoryKeys.task, refKey(target.ref));
		return 'conversations';
	}
	const {resource, ref} = target;
	// The row must be visible: no filter hides it, and the selection follows its key.
	memory?.set(memoryKeys.filter(resource), {text: '', editing: false});
	memory?.set(memoryKeys.quick(resource), 'all' satisfies QuickFilter);
	memory?.set(memoryKeys.table(resource), {index: 0, offset: 0, key: refKey(ref)});
	memory?.set(memoryKeys.wanted(resource), ref);
	if (resource === 'conversations') memory?.set(memoryKeys.activity, null);
	return resource;
}
