import {controlAgent, sendMessage} from './agentControl.js';
import {createAgentServers} from './agentServer.js';
import type {CallOptions, ClientOptions, OpenHandsClient} from './client.js';
import type {ApiContext} from './context.js';
import {
	conversationsInSandbox,
	countConversations,
	createConversation,
	getConversations,
	getStartTasks,
	searchConversations,
	searchStartTasks,
} from './conversations.js';
import {deleteConversation, deleteSandbox} from './deletes.js';
import {searchEvents} from './events.js';
import {createHttp} from './http.js';
import {createLiveEvents} from './liveEvents.js';
import {createProbe, isTransportFailure, isUnreachable} from './probe.js';
import {getSandboxes, pauseSandbox, resumeSandbox, searchSandboxes, startSandbox} from './sandboxes.js';
import {getSettings} from './settings.js';
import {getSpecs, searchSpecs} from './specs.js';

/**
 * One client = one connection pool and one probe; every method rejects only with ApiError.
 *
 * With auth `auto` and a key, a call waits for the probe (which picks the scheme) before its first
 * request, so no request goes out with a scheme the server is about to refuse. A probe that failed
 * without reaching a verdict leaves the default scheme in place and the call goes ahead. Any call
 * that could not reach the server forgets the probe: the next call probes again, since what answers
 * when the server is back may be a different server (an upgrade, a restart behind a proxy).
 */
export function createClient(options: ClientOptions): OpenHandsClient {
	const http = createHttp(options);
	const setting = options.auth ?? 'auto';
	const probe = createProbe(http, setting);
	const agents = createAgentServers(options);
	const ctx: ApiContext = {http, server: signal => probe.info(signal), agents};
	const needsScheme = setting === 'auto' && http.hasKey;
	const live = createLiveEvents(ctx, options);

	async function ready(callOptions: CallOptions | undefined): Promise<void> {
		if (!needsScheme || probe.peek()) return;
		try {
			await probe.info(callOptions?.signal);
		} catch (error) {
			if (isTransportFailure(error)) throw error;
		}
	}

	function guarded<A extends unknown[], R>(method: (...args: A) => Promise<R>, options: (args: A) => CallOptions | undefined) {
		return async (...args: A): Promise<R> => {
			try {
				await ready(options(args));
				return await method(...args);
			} catch (error) {
				if (isUnreachable(error)) probe.invalidate();
				throw error;
			}
		};
	}

	const at = (index: number) => <A extends unknown[]>(args: A) => args[index] as CallOptions | undefined;

	return {
		baseUrl: http.baseUrl,
		serverInfo: guarded((callOptions?: CallOptions) => probe.info(callOptions?.signal), () => undefined),
		getSettings: guarded((callOptions?: CallOptions) => getSettings(ctx, callOptions), at(0)),
		searchConversations: guarded((query, callOptions) => searchConversations(http, query, callOptions), at(1)),
		getConversations: guarded((ids, callOptions) => getConversations(http, ids, callOptions), at(1)),
		countConversations: guarded((query, callOptions) => countConversations(http, query, callOptions), at(1)),
		conversationsInSandbox: guarded((sandboxId, callOptions) => conversationsInSandbox(ctx, sandboxId, callOptions), at(1)),
		createConversation: guarded((request, callOptions) => createConversation(http, request, callOptions), at(1)),
		getStartTasks: guarded((ids, callOptions) => getStartTasks(http, ids, callOptions), at(1)),
		searchStartTasks: guarded((query, callOptions) => searchStartTasks(http, query, callOptions), at(1)),
		searchSandboxes: guarded((query, callOptions) => searchSandboxes(http, query, callOptions), at(1)),
		getSandboxes: guarded((ids, callOptions) => getSandboxes(http, ids, callOptions), at(1)),
		startSandbox: guarded((specId, callOptions) => startSandbox(http, specId, callOptions), at(1)),
		pauseSandbox: guarded((id, callOptions) => pauseSandbox(http, id, callOptions), at(1)),
		resumeSandbox: guarded((id, callOptions) => resumeSandbox(http, id, callOptions), at(1)),
		searchSpecs: guarded((query, callOptions) => searchSpecs(http, query, callOptions), at(1)),
		getSpecs: guarded((ids, callOptions) => getSpecs(http, ids, callOptions), at(1)),
		searchEvents: guarded((id, query, callOptions) => searchEvents(ctx, id, query, callOptions), at(2)),
		sendMessage: guarded((target, text, callOptions) => sendMessage(ctx, target, text, callOptions), at(2)),
		controlAgent: guarded((target, command, reason, callOptions) => controlAgent(ctx, target, command, reason, callOptions), at(3)),
		deleteConversation: guarded((id, callOptions) => deleteConversation(ctx, id, callOptions), at(1)),
		deleteSandbox: guarded((id, callOptions) => deleteSandbox(ctx, id, callOptions), at(1)),
		// not guarded: an agent server that cannot be reached says nothing about the app server's probe
		openEvents: async (target, after, handlers) => {
			await ready(undefined);
			return live.open(target, after, handlers);
		},
		close: async () => {
			await Promise.all([http.close(), agents.close()]);
		},
	};
}
