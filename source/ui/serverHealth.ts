/**
 * The header's word for each server in view (issue 16 §2): `work ok · laptop offline · cloud 2 need
 * you`. One short word per server (the one-server header keeps its longer text, ./useHealth.ts), from
 * the visible tab's state on that server; a server that has no such list says so.
 */
import type {FleetSnapshot} from '../fleet/types.js';
import type {ResourceName, ResourceState} from '../store/types.js';
import {needYouText} from '../present/attentionText.js';
import {KIND_WORDS, OFFLINE, type Health, activityOutage, withOutage} from './useHealth.js';

export type ServerHealth = {
	name: string;
	/** its place among the configured servers: its colour */
	index: number;
	level: Health['level'];
	/** e.g. `ok`, `offline`, `2 need you`, `unauthorized, 1 needs you` */
	text: string;
};

const NONE: Partial<Record<ResourceName, string>> = {sandboxes: 'no sandboxes', specs: 'no specs'};
/** What a server that has no such thing says (an agent server before 1.17 keeps no settings): no failure. */
const ABSENT: Record<ResourceName, string> = {settings: 'no settings', conversations: 'n/a', sandboxes: 'no sandboxes', specs: 'no specs'};

function word(state: ResourceState<unknown>, tab: ResourceName): {level: Health['level']; text: string} {
	// the server has no such thing (issue 27 item 17: an agent server 1.1.0's settings read "error")
	if (state.error?.kind === 'unsupported') return {level: 'ok', text: ABSENT[tab]};
	if (state.error) {
		if (OFFLINE.has(state.error.kind)) return {level: 'offline', text: 'offline'};
		return {level: 'stale', text: KIND_WORDS[state.error.kind] ?? 'error'};
	}

	if (state.data === undefined) return {level: 'loading', text: 'loading…'};
	if (state.staleSince != null) return {level: 'stale', text: 'stale'};
	return {level: 'ok', text: 'ok'};
}

/**
 * Each server in view with its word, as one string (a poll that changes rows changes nothing here);
 * '' with one server in view unless `always`.
 */
export function serverHealthKey(snapshot: FleetSnapshot, tab: ResourceName, always = false): string {
	if (snapshot.servers.length < 2 && !always) return '';
	const needs = new Map<string, number>();
	for (const item of snapshot.attention) needs.set(item.server, (needs.get(item.server) ?? 0) + 1);
	return JSON.stringify(
		snapshot.servers.map((server): ServerHealth => {
			const capable = tab === 'sandboxes' || tab === 'specs' ? server.snapshot.server?.capabilities[tab] !== false : true;
			const {level, text} = capable ? word(withOutage(server.snapshot[tab], activityOutage(server.snapshot)), tab) : {level: 'ok' as const, text: NONE[tab]!};
			const need = needs.get(server.name) ?? 0;
			const shown = need === 0 ? text : level === 'ok' ? needYouText(need) : `${text}, ${needYouText(need)}`;
			return {name: server.name, index: snapshot.names.indexOf(server.name), level, text: shown};
		}),
	);
}

export function parseServerHealth(key: string): ServerHealth[] {
	return key ? (JSON.parse(key) as ServerHealth[]) : [];
}
