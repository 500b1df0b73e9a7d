/**
 * The fleet's members from the configured servers: one lazy client each (its own pool, URL, key and
 * auth scheme, so a key only ever travels to its own server) and a store factory over it. A server
 * without a URL is an embedded demo server: its client holds every call until `listening` says
 * where it listens (it starts after the first frame, see cli.tsx).
 */
import type {EmbeddedKind, ServerConfig} from '../config/servers.js';
import type {FleetMember} from '../fleet/createFleet.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {createStore} from '../store/createStore.js';
import {SocketBudget} from '../store/live/socketBudget.js';
import {printable} from '../config/text.js';
import {memorySeenStore, openSeenStore} from '../store/attention/seenStore.js';
import {serverLabel} from '../config/url.js';
import {createLazyClient} from './lazyClient.js';

export type Embedded = {
	name: string;
	kind: EmbeddedKind;
	/** the embedded server listens at this URL */
	listening(url: string): void;
	/** it could not start: every call of its client fails with this */
	failed(error: unknown): void;
};

export type Members = {
	members: FleetMember[];
	/** embedded servers still to start, in order */
	embedded: Embedded[];
	/** closes every client (their pools); after the stores are disposed */
	close(): Promise<void>;
};

export function fleetMembers(servers: readonly ServerConfig[], log?: (line: string) => void): Members {
	const embedded: Embedded[] = [];
	const clients = servers.map(server => {
		let url: string | Promise<string> | null = server.url;
		if (url === null) {
			url = new Promise<string>((resolve, reject) => {
				embedded.push({name: server.name, kind: server.embedded ?? 'app-server', listening: resolve, failed: reject});
			});
		}

		// with several servers each log line says whose request it was, after its time
		const named = log && servers.length > 1 ? (line: string) => log(line.replace(/^(\S+) /, `$1 ${printable(server.name)} `)) : log;
		return createLazyClient({
			baseUrl: url,
			apiKey: server.apiKey,
			auth: server.auth,
			...(named ? {log: named} : {}),
			// an embedded server is on loopback: a corporate proxy from the environment has no business there
			...(server.url === null ? {env: {}} : {}),
		});
	});
	// one cap on events websockets for all servers together (issue 18: at most 8, the open activity first)
	const socketBudget = new SocketBudget();
	// What the user has seen, per server, across restarts (issue 19 §1); an embedded demo's server is
	// new at every start (and its port random): its marks live as long as it does.
	const seenStores = servers.map(server => (server.url === null ? memorySeenStore() : openSeenStore({directory: ohtuiDirectory('state'), server: server.url})));
	const members = servers.map(
		(server, i): FleetMember => ({
			name: server.name,
			label: server.url === null ? '' : serverLabel(server.url),
			readOnly: server.readOnly,
			fromProfile: server.profile !== null,
			createStore: visible => createStore(clients[i]!, {refreshMs: server.refreshMs, maxItems: server.maxItems, visible, socketBudget, seen: seenStores[i]!}),
		}),
	);
	return {
		members,
		embedded,
		close: async () => {
			await Promise.all(clients.map(async client => client.close()));
		},
	};
}
