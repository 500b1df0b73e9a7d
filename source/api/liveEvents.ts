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
 * (shared/openhands-agent-server.md 1.1), asked once per agent server:
 * - since 1.12 the key goes in the upgrade's `X-Session-API-Key` header; before (1.1.0 runs in
 *   legacy app servers' sandboxes) only the `session_api_key` query parameter is read (2.3), so
 *   there, and only there, the key goes in the URL;
 * - since 1.15 `resend_mode=since&after_timestamp=` replays what the client missed (6.1, 6.4); before,
 *   the socket replays nothing and the caller catches up by event search.
 * A version that cannot be read (no `/server_info` behind a proxy) is taken as a current server: header,
 * no replay (the search catch-up is right on every version).
 */
import type {AgentTarget, ClientOptions} from './client.js';
import type {ApiContext} from './context.js';
import {makeError} from './errorText.js';
import {type EventSocket, type SocketHandlers, openEventSocket} from './eventSocket.js';
import type {Http} from './http.js';

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
/** A version ask that failed is asked again after this (the api has no timers: it compares times). */
const RETRY_VERSION_MS = 60_000;
/** Agent servers remembered; docker sandboxes each get their own port, so a long session meets many. */
const MAX_VERSIONS = 64;

export function createLiveEvents(ctx: ApiContext, options: ClientOptions, now: () => number = Date.now): LiveEvents {
	const versions = new Map<string, {version: Version | null; at: number}>();

	async function versionOf(http: Http): Promise<Version | null> {
		const known = versions.get(http.baseUrl);
		if (known && (known.version !== null || now() - known.at < RETRY_VERSION_MS)) return known.version;
		let version: Version | null = null;
		try {
			const raw = await http.send({method: 'GET', path: '/server_info', anonymous: true, deadlineMs: 10_000});
			const body = raw.status === 200 ? (JSON.parse(raw.text) as {version?: unknown; sdk_version?: unknown}) : null;
			version = parseVersion(body?.version) ?? parseVersion(body?.sdk_version);
		} catch {
			version = null;
		}
		if (versions.size >= MAX_VERSIONS) versions.delete(versions.keys().next().value as string);
		versions.set(http.baseUrl, {version, at: now()});
		return version;
	}

	return {
		async open(target, after, handlers) {
			const server = await ctx.server();
			if (!server.capabilities.liveEvents) {
				throw makeError({operation: 'events socket', host: 'the server'}, {kind: 'unsupported', message: 'this server has no live events'});
			}
			const own = server.kind === 'agent-server';
			const endpoint = own ? {http: ctx.http, key: options.apiKey ?? ''} : ctx.agents.endpoint(target, 'events socket');
			const version = await versionOf(endpoint.http);
			const replays = version !== null && atLeast(version, SINCE_REPLAY);
			const socket = await openEventSocket(
				{
					baseUrl: endpoint.http.baseUrl,
					conversationId: target.id,
					key: endpoint.key,
					auth: version !== null && !atLeast(version, HEADER_AUTH) ? 'query' : 'header',
					after: replays ? after : null,
					env: options.env,
					ca: options.ca,
					connectTimeoutMs: options.connectTimeoutMs,
					log: options.log,
				},
				handlers,
			);
			return {...socket, replays};
		},
	};
}
