import {appServerInfo} from './serverInfo.js';
import {agentEvents, controlAgent, sendMessage} from '../../source/api/app/agentControl.js';
import {createAgentServers} from '../../source/api/agent/agentServer.js';
import type {ClientOptions, Generation, OpenHandsClient, ServerInfo} from '../../source/api/client.js';
import type {ApiContext} from '../../source/api/context.js';
import {createClient} from '../../source/api/createClient.js';
import {deleteConversation, deleteSandbox} from '../../source/api/app/deletes.js';
import {getEvent, searchEvents} from '../../source/api/app/events.js';
import {createHttp} from '../../source/api/transport/http.js';
import {type LiveSeams, createLiveEvents} from '../../source/api/agent/liveEvents.js';
import {eventSocket} from '../../source/api/app/agentControl.js';

/**
 * A real client whose generation is given instead of probed: the modules that differ by generation
 * run over real HTTP with a context whose `server()` answers `generation` (the probe is tested on
 * its own).
 */
export function contextFor(options: ClientOptions, generation: Generation): ApiContext & {close(): Promise<void>} {
	const info: ServerInfo = appServerInfo(generation, null, 'session');
	const http = createHttp(options);
	const agents = createAgentServers(options);
	return {
		http,
		agents,
		server: async () => info,
		async close() {
			await Promise.all([http.close(), agents.close()]);
		},
	};
}

export function clientFor(options: ClientOptions, generation: Generation): OpenHandsClient {
	const base = createClient(options);
	const ctx = contextFor(options, generation);
	const live = createLiveEvents(appLiveSeams(ctx), options);
	return {
		...base,
		baseUrl: base.baseUrl,
		serverInfo: () => ctx.server(),
		searchEvents: (id, query, o) => searchEvents(ctx, id, query, o),
		searchAgentEvents: (target, query, o) => agentEvents(ctx, target, query, o),
		getEvent: (id, eventId, o) => getEvent(ctx, id, eventId, o),
		sendMessage: (target, text, o) => sendMessage(ctx, target, text, o),
		controlAgent: (target, command, reason, o) => controlAgent(ctx, target, command, reason, o),
		deleteConversation: (id, o) => deleteConversation(ctx, id, o),
		deleteSandbox: (id, o) => deleteSandbox(ctx, id, o),
		openEvents: (target, after, handlers) => live.open(target, after, handlers),
		async close() {
			await Promise.all([base.close(), ctx.close()]);
		},
	};
}

/** Where an app server's conversation's socket is and its agent server's version, as the client finds them. */
export function appLiveSeams(ctx: ApiContext): LiveSeams {
	return {
		server: () => ctx.server(),
		where: async target => eventSocket(ctx, target),
		version: async target => ctx.agents.version(ctx.agents.endpoint(target, 'GET /server_info')),
	};
}
