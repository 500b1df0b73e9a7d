import {readServerInfo} from './agentServerInfo.js';
import {isLoopbackHost} from './loopback.js';
import type {AgentEndpoint} from './agentRoutes.js';
import type {AgentTarget, ClientOptions} from '../types.js';
import {type ErrorContext, makeError} from '../errorText.js';
import {isApiError} from '../errors.js';
import {type Http, createHttp} from '../transport/http.js';

/**
 * A conversation's agent server lives on another origin than the app server (the sandbox's
 * `AGENT_SERVER` URL) and takes the sandbox's session key (shared/openhands-api-newer.md 5.2, 6).
 * One transport per origin and key, kept for reuse and closed with the client.
 */
export type AgentServers = {
	/** the transport and the conversation's path on it, or an ApiError saying why it cannot be reached */
	endpoint(target: AgentTarget, operation: string): AgentEndpoint;
	/**
	 * The version of an endpoint's agent server from its public `/server_info` (no key goes with it),
	 * asked once per origin for the run (issue 21 item 1); null when it does not say. A server that
	 * could not be reached is asked again next time.
	 */
	version(endpoint: AgentEndpoint, signal?: AbortSignal): Promise<string | null>;
	/** the client's options (proxy environment, CA, log) for the sockets to these servers */
	readonly clientOptions: ClientOptions;
	close(): Promise<void>;
};

export type {AgentEndpoint};

/** Transports kept at once; docker sandboxes each get their own port, so a long session meets many. */
const MAX_KEPT = 8;

export function createAgentServers(options: ClientOptions): AgentServers {
	const kept = new Map<string, Http>();
	let appHost: string | null = null;
	try {
		appHost = new URL(options.baseUrl).hostname;
	} catch {
		appHost = null;
	}

	function transport(baseUrl: string, key: string): Http {
		const id = `${baseUrl}\n${key}`;
		const found = kept.get(id);
		if (found) {
			// most recently used last: the first one is the one to close when full
			kept.delete(id);
			kept.set(id, found);
			return found;
		}
		const http = createHttp({...options, baseUrl, apiKey: key || null, auth: 'session'});
		kept.set(id, http);
		if (kept.size > MAX_KEPT) {
			const [oldest, old] = kept.entries().next().value as [string, Http];
			kept.delete(oldest);
			void old.close();
		}
		return http;
	}

	const versions = new Map<string, Promise<string | null>>();

	return {
		clientOptions: options,
		version(endpoint, signal) {
			const origin = endpoint.http.baseUrl;
			const known = versions.get(origin);
			if (known) return known;
			const asked = endpoint.http.send({method: 'GET', path: '/server_info', anonymous: true, signal}).then(
				raw => readServerInfo(raw)?.version ?? null,
				(error: unknown) => {
					// not reached: no verdict, ask again next time
					versions.delete(origin);
					if (isApiError(error) && error.kind === 'aborted') throw error;
					return null;
				},
			);
			versions.set(origin, asked);
			if (versions.size > 64) versions.delete(versions.keys().next().value as string);
			return asked;
		},
		endpoint(target, operation) {
			const key = target.session_api_key ?? '';
			const ctx: ErrorContext = {operation, host: 'the agent server', apiKey: key || null};
			if (!target.conversation_url) {
				throw makeError(ctx, {
					kind: 'unreachable',
					message: "the conversation has no agent server address: its sandbox is not running",
				});
			}
			let url: URL;
			try {
				url = new URL(target.conversation_url);
				if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
			} catch {
				throw makeError(ctx, {kind: 'bad_response', message: 'the server gave the conversation an agent server address that is not an http(s) URL'});
			}
			const where = url.host;
			if (isLoopbackHost(url.hostname) && appHost !== null && !isLoopbackHost(appHost)) {
				// Sending the key to a port on this machine would hand it to whatever listens there.
				throw makeError(ctx, {
					kind: 'unreachable',
					message: `the agent server at ${where} is not reachable from here: the server advertises a local address (ohtui talks to ${appHost})`,
				});
			}
			// `<AGENT_SERVER>/api/conversations/<id>`; a proxy may mount the agent server under a prefix
			const at = url.pathname.lastIndexOf('/api/conversations/');
			const prefix = at >= 0 ? url.pathname.slice(0, at) : url.pathname.replace(/\/+$/, '');
			const path = at >= 0 ? url.pathname.slice(at).replace(/\/+$/, '') : `/api/conversations/${encodeURIComponent(target.id)}`;
			return {http: transport(`${url.origin}${prefix}`, key), path, where, hostname: url.hostname, key, direct: false};
		},
		async close() {
			const all = [...kept.values()];
			kept.clear();
			await Promise.all(all.map(http => http.close()));
		},
	};
}
