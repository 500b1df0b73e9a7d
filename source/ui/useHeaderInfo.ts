/**
 * What the header and the footer's error line read from the fleet for the visible tab: with one
 * server its health (./useHealth.ts), probed label and profile name, as before; with several, each
 * server's word (./serverHealth.ts) and the newest failed fetch, named after its server. Every
 * selector returns a part of the snapshot or a string, so a poll that changes rows draws nothing here.
 */
import {useMemo} from 'react';
import type {FleetSnapshot} from '../fleet/types.js';
import {namedError} from '../fleet/mergeList.js';
import type {ErrorInfo, Notice, ResourceName} from '../store/types.js';
import {parseServerHealth, serverHealthKey} from './serverHealth.js';
import {activityOutage, useHealth, withOutage} from './useHealth.js';
import {useSnapshot} from './useStore.js';

const selectName = (s: FleetSnapshot) => (s.servers.length === 1 && s.servers[0]!.fromProfile ? s.servers[0]!.name : null);
const selectLabel = (s: FleetSnapshot) => s.servers[0]!.label;
/** the one server's probed label, e.g. `current · sandbox-server` */
const selectOutage = (s: FleetSnapshot) => activityOutage(s.servers[0]!.snapshot);
const selectDetected = (s: FleetSnapshot) => (s.servers.length === 1 ? (s.servers[0]!.snapshot.server?.label ?? null) : null);

/** An error that retrying soon will not change: the server has no such thing, or is no OpenHands server. */
export function isFinal(error: ErrorInfo | null): boolean {
	return error !== null && (error.kind === 'unsupported' || error.kind === 'not_openhands');
}

/**
 * The newest failed fetch of the tab on any server in view, named after it when several are. A
 * final answer is the tab's one line or the header's word (PLAN decision 1), not the footer's.
 */
function visibleError(s: FleetSnapshot, tab: ResourceName): ErrorInfo | null {
	if (s.servers.length === 1) {
		const error = s.servers[0]!.snapshot[tab].error;
		return isFinal(error) ? null : error;
	}

	let newest: ErrorInfo | null = null;
	let from = '';
	for (const server of s.servers) {
		const error = server.snapshot[tab].error;
		if (error && !isFinal(error) && (!newest || error.at > newest.at)) {
			newest = error;
			from = server.name;
		}
	}

	return newest && namedError(newest, from);
}

export function useHeaderInfo(tab: ResourceName, now: () => number) {
	const selectVisible = useMemo(() => (s: FleetSnapshot) => s.servers[0]!.snapshot[tab], [tab]);
	const selectError = useMemo(() => (s: FleetSnapshot) => visibleError(s, tab), [tab]);
	const selectServers = useMemo(() => (s: FleetSnapshot) => serverHealthKey(s, tab), [tab]);
	const error = useSnapshot(selectError);
	const serversKey = useSnapshot(selectServers);
	const servers = useMemo(() => parseServerHealth(serversKey), [serversKey]);
	const visible = useSnapshot(selectVisible);
	const outage = useSnapshot(selectOutage);
	const state = useMemo(() => withOutage(visible, outage), [visible, outage]);
	// The visible tab's failed fetch is the footer's message until a newer one comes, and it goes
	// away by itself when a fetch succeeds again (the store clears `error`).
	const fetchError = useMemo<Notice | null>(() => (error ? {level: 'error', text: error.message, at: error.at} : null), [error]);
	return {
		/** the first server's health (the one-server header) */
		health: useHealth(state, now),
		detected: useSnapshot(selectDetected),
		name: useSnapshot(selectName),
		label: useSnapshot(selectLabel),
		/** several servers in view: each with its word; empty with one */
		servers,
		fetchError,
	};
}
