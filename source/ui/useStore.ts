/**
 * Fleet snapshots through useSyncExternalStore. Selectors return parts of the snapshot as they
 * are (never new objects), so a component re-renders only when its part changed identity.
 */
import {useCallback, useSyncExternalStore} from 'react';
import type {Capabilities} from '../api/client.js';
import type {FleetServer, FleetSnapshot, ServerName} from '../fleet/types.js';
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
export const selectAcknowledged = (s: FleetSnapshot) => s.acknowledged;
export const selectSandboxConversations = (s: FleetSnapshot) => s.sandboxConversations;
export const selectActivity = (s: FleetSnapshot) => s.activity;
export const selectDrafts = (s: FleetSnapshot) => s.drafts;
export const selectGlimpses = (s: FleetSnapshot) => s.glimpses;
/** the open workspace changes view (issue 16), of whichever server */
export const selectChanges = (s: FleetSnapshot) => s.changes;
/** the workspace (issue 28 item 4): command panes by conversation, the open file list */
export const selectPanes = (s: FleetSnapshot) => s.panes;
export const selectFiles = (s: FleetSnapshot) => s.files;

/**
 * What a server in view can do (issue 16 decision 1); null while it is not probed (the views then
 * behave as for an app server, as before) or not in view.
 */
export function capabilitiesOf(servers: readonly FleetServer[], name: ServerName | undefined): Capabilities | null {
	const server = name === undefined ? servers[0] : servers.find(s => s.name === name);
	return server?.snapshot.server?.capabilities ?? null;
}

/** Some server in view has sandboxes (or is not probed yet): the sandbox column and keys are wanted. */
export const selectAnySandboxes = (s: FleetSnapshot) => s.servers.some(server => server.snapshot.server?.capabilities.sandboxes !== false);

/**
 * A server's capabilities, re-rendering only when they change (a probe's answer keeps its object
 * while nothing changes; a poll that brought new rows does not re-render for it).
 */
export function useCapabilities(name: ServerName | undefined): Capabilities | null {
	const select = useCallback((s: FleetSnapshot) => capabilitiesOf(s.servers, name), [name]);
	return useSnapshot(select);
}

/** A server's settings state (the first server's when none is named). */
export function useServerSettings(name: ServerName | undefined) {
	const select = useCallback((s: FleetSnapshot) => (s.servers.find(server => server.name === name) ?? s.servers[0]!).snapshot.settings, [name]);
	return useSnapshot(select);
}
