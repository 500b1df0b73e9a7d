/**
 * Fleet snapshots through useSyncExternalStore. Selectors return parts of the snapshot as they
 * are (never new objects), so a component re-renders only when its part changed identity.
 */
import {useCallback, useSyncExternalStore} from 'react';
import type {FleetSnapshot} from '../fleet/types.js';
import {useUi} from './context.js';

export function useSnapshot<T>(select: (snapshot: FleetSnapshot) => T): T {
	const {fleet} = useUi();
	const get = useCallback(() => select(fleet.getSnapshot()), [fleet, select]);
	return useSyncExternalStore(fleet.subscribe, get, get);
}

export const selectServers = (s: FleetSnapshot) => s.servers;
export const selectServerNames = (s: FleetSnapshot) => s.names;
export const selectInView = (s: FleetSnapshot) => s.inView;
export const selectConversations = (s: FleetSnapshot) => s.conversations;
export const selectSandboxes = (s: FleetSnapshot) => s.sandboxes;
export const selectSpecs = (s: FleetSnapshot) => s.specs;
export const selectStartTasks = (s: FleetSnapshot) => s.startTasks;
export const selectPending = (s: FleetSnapshot) => s.pending;
export const selectLostWatches = (s: FleetSnapshot) => s.lostWatches;
export const selectNotice = (s: FleetSnapshot) => s.notice;
export const selectAttention = (s: FleetSnapshot) => s.attention;
export const selectSandboxConversations = (s: FleetSnapshot) => s.sandboxConversations;
export const selectActivity = (s: FleetSnapshot) => s.activity;
export const selectDrafts = (s: FleetSnapshot) => s.drafts;
export const selectGlimpses = (s: FleetSnapshot) => s.glimpses;
/** the first server's probed label, e.g. `current · sandbox-server` (a string: no re-render while it stays) */
export const selectServerLabel = (s: FleetSnapshot) => s.servers[0]?.snapshot.server?.label ?? null;
/** the settings of the first server in view */
export const selectSettings = (s: FleetSnapshot) => s.servers[0]!.snapshot.settings;
