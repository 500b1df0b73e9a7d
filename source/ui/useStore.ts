/**
 * Store snapshots through useSyncExternalStore. Selectors return parts of the snapshot as they
 * are (never new objects), so a component re-renders only when its part changed identity.
 */
import {useCallback, useSyncExternalStore} from 'react';
import type {StoreSnapshot} from '../store/types.js';
import {useUi} from './context.js';

export function useSnapshot<T>(select: (snapshot: StoreSnapshot) => T): T {
	const {store} = useUi();
	const get = useCallback(() => select(store.getSnapshot()), [store, select]);
	return useSyncExternalStore(store.subscribe, get, get);
}

export const selectSettings = (s: StoreSnapshot) => s.settings;
export const selectConversations = (s: StoreSnapshot) => s.conversations;
export const selectSandboxes = (s: StoreSnapshot) => s.sandboxes;
export const selectSpecs = (s: StoreSnapshot) => s.specs;
export const selectStartTasks = (s: StoreSnapshot) => s.startTasks;
export const selectPending = (s: StoreSnapshot) => s.pending;
export const selectLostWatches = (s: StoreSnapshot) => s.lostWatches;
export const selectNotice = (s: StoreSnapshot) => s.notice;
export const selectAttention = (s: StoreSnapshot) => s.attention;
export const selectSandboxConversations = (s: StoreSnapshot) => s.sandboxConversations;
export const selectActivity = (s: StoreSnapshot) => s.activity;
export const selectDrafts = (s: StoreSnapshot) => s.drafts;
/** the probed server's label, e.g. `sandbox-server`, `agent server 1.43.1` (a string: no re-render while it stays) */
export const selectServerLabel = (s: StoreSnapshot) => s.server?.label ?? null;
/** what the server can do; null until probed (views then behave as for an app server, as before) */
export const selectCapabilities = (s: StoreSnapshot) => s.server?.capabilities ?? null;
export const selectChanges = (s: StoreSnapshot) => s.changes ?? null;
