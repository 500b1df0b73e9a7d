/**
 * Opening a conversation's events websocket: where (the agent server the conversation lives on),
 * how the key goes (decided by that server's version), and whether it can replay from a timestamp.
 * The socket itself is ./eventSocket.ts; when to open and reopen it is the store's.
 *
 * Which agent server: an agent-server backend is its own; an app server's conversation names its
 * own in `conversation_url`, and ./agentServer.ts gives its transport, refusing a loopback address a
 * remote server advertises before any key is sent (the REST calls' rule, reused).
 *
 * The version comes from `GET /server_info`, which every agent server answers without a key
 * (shared/openhands-agent-server.md 1.1), asked once per agent server (./agentServer.ts):
 * - since 1.12 the key goes in the upgrade's `X-Session-API-Key` header; before (1.1.0 runs in
 *   legacy app servers' sandboxes) only the `session_api_key` query parameter is read (2.3), so
 *   there, and only there, the key goes in the URL;
 * - since 1.15 `resend_mode=since&after_timestamp=` replays what the client missed (6.1, 6.4); before,
 *   the socket replays nothing and the caller catches up by event search.
 * A version that cannot be read (no `/server_info` behind a proxy) is taken as a current server: header,
 * no replay (the search catch-up is right on every version); if that server refuses the header with
 * a 403, the query key is tried once (what such a server is likely to be: before 1.12).
 */
import type {AgentTarget, ClientOptions, EventSocketTarget, ServerInfo} from '../types.js';
import {makeError} from '../errorText.js';
import {type EventSocket, type SocketAuth, type SocketClose, type SocketHandlers, type SocketSpec, openEventSocket} from '../transport/eventSocket.js';

export type LiveConnection = EventSocket & {
	/** the socket replays from the `after` timestamp given (else the caller catches up by search) */
	replays: boolean;
};

export type LiveEvents = {
	/**
	 * Opens the socket of `target`'s conversation; `after`: replay from this server timestamp (used
	 * only where the server can). Rejects with ApiError (`unsupported`, `unreachable`) before any
	 * connection when there is no agent server to reach; later failures come through `onClose`.
	 */
	open(target: AgentTarget, after: string | null, handlers: SocketHandlers): Promise<LiveConnection>;
};

/** What the client knows: its server, where a conversation's socket is, and that agent server's version. */
export type LiveSeams = {
	server(): Promise<ServerInfo>;
	where(target: AgentTarget): Promise<EventSocketTarget>;
	version(target: AgentTarget): Promise<string | null>;
};

type Version = [number, number, number];

/** `1.43.1`, `1.44.0rc1`, `1.12.0+abc` → [1, 43, 1]; null when unreadable or `unknown` */
export function parseVersion(text: unknown): Version | null {
	if (typeof text !== 'string') return null;
	const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text.trim());
	return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

export function atLeast(version: Version, minimum: Version): boolean {
	for (let i = 0; i < 3; i++) if (version[i] !== minimum[i]) return version[i]! > minimum[i]!;
	return true;
}

const HEADER_AUTH: Version = [1, 12, 0];
const SINCE_REPLAY: Version = [1, 15, 0];

/** Agent servers remembered as taking only the query key (found by a refused header, below). */
const MAX_QUERY_ONLY = 64;

export function createLiveEvents(seams: LiveSeams, options: ClientOptions): LiveEvents {
	const queryOnly = new Set<string>();

	return {
		async open(target, after, handlers) {
			const server = await seams.server();
			if (!server.capabilities.liveEvents) {
				throw makeError({operation: 'events socket', host: 'the server'}, {kind: 'unsupported', message: 'this server has no live events'});
			}
			const where = await seams.where(target);
			const version = parseVersion(await seams.version(target).catch(() => null));
			const replays = version !== null && atLeast(version, SINCE_REPLAY);
			const origin = new URL(where.url).origin;
			const auth: SocketAuth = version !== null ? (atLeast(version, HEADER_AUTH) ? 'header' : 'query') : queryOnly.has(origin) ? 'query' : 'header';
			const spec: SocketSpec = {
				url: where.url,
				key: where.key ?? '',
				auth,
				after: replays ? after : null,
				env: options.env,
				ca: options.ca,
				connectTimeoutMs: options.connectTimeoutMs,
				log: options.log,
			};
			let closed = false;
			let retried = false;
			let current: EventSocket | null = null;
			const onClose = (close: SocketClose) => {
				// The version could not be read (no /server_info behind this address) and the header was
				// refused: before 1.12 an agent server reads only the query key and refuses anything else
				// with a bare 403 (2.3). One more try that way, to the same address, remembered if it works.
				if (close.status === 403 && !close.opened && spec.auth === 'header' && version === null && spec.key && !retried && !closed) {
					retried = true;
					const remembered = {...handlers, onOpen: () => (remember(origin), handlers.onOpen())};
					void openEventSocket({...spec, auth: 'query'}, remembered).then(socket => {
						current = socket;
						if (closed) socket.close();
					}, () => handlers.onClose(close));
					return;
				}
				handlers.onClose(close);
			};
			const remember = (key: string) => {
				if (queryOnly.size >= MAX_QUERY_ONLY) queryOnly.delete(queryOnly.values().next().value as string);
				queryOnly.add(key);
			};
			current = await openEventSocket(spec, {...handlers, onClose});
			return {
				replays,
				ping: () => current?.ping(),
				close() {
					closed = true;
					current?.close();
				},
			};
		},
	};
}
