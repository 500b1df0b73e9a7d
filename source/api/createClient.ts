import {controlAgent, sendMessage} from './agentControl.js';
import {createAgentServers} from './agentServer.js';
import type {ClientOptions, OpenHandsClient} from './client.js';
import type {ApiContext} from './context.js';
import {countConversations, createConversation, getConversations, getStartTasks, searchConversations, searchStartTasks} from './conversations.js';
import {deleteConversation, deleteSandbox} from './deletes.js';
import {searchEvents} from './events.js';
import {createHttp} from './http.js';
import {createProbe} from './probe.js';
import {getSandboxes, pauseSandbox, resumeSandbox, searchSandboxes, startSandbox} from './sandboxes.js';
import {getSettings} from './settings.js';
import {getSpecs, searchSpecs} from './specs.js';

/** One client = one connection pool and one probe; every method rejects only with ApiError. */
export function createClient(options: ClientOptions): OpenHandsClient {
	const http = createHttp(options);
	const probe = createProbe(http);
	const agents = createAgentServers(options);
	const ctx: ApiContext = {http, server: signal => probe.info(signal), agents};
	return {
		baseUrl: http.baseUrl,
		serverInfo: callOptions => probe.info(callOptions?.signal),
		getSettings: callOptions => getSettings(http, callOptions),
		searchConversations: (query, callOptions) => searchConversations(http, query, callOptions),
		getConversations: (ids, callOptions) => getConversations(http, ids, callOptions),
		countConversations: (query, callOptions) => countConversations(http, query, callOptions),
		createConversation: (request, callOptions) => createConversation(http, request, callOptions),
		getStartTasks: (ids, callOptions) => getStartTasks(http, ids, callOptions),
		searchStartTasks: (query, callOptions) => searchStartTasks(http, query, callOptions),
		searchSandboxes: (query, callOptions) => searchSandboxes(http, query, callOptions),
		getSandboxes: (ids, callOptions) => getSandboxes(http, ids, callOptions),
		startSandbox: (specId, callOptions) => startSandbox(http, specId, callOptions),
		pauseSandbox: (id, callOptions) => pauseSandbox(http, id, callOptions),
		resumeSandbox: (id, callOptions) => resumeSandbox(http, id, callOptions),
		searchSpecs: (query, callOptions) => searchSpecs(http, query, callOptions),
		getSpecs: (ids, callOptions) => getSpecs(http, ids, callOptions),
		searchEvents: (id, query, callOptions) => searchEvents(ctx, id, query, callOptions),
		sendMessage: (target, text, callOptions) => sendMessage(ctx, target, text, callOptions),
		controlAgent: (target, command, reason, callOptions) => controlAgent(ctx, target, command, reason, callOptions),
		deleteConversation: (id, callOptions) => deleteConversation(ctx, id, callOptions),
		deleteSandbox: (id, callOptions) => deleteSandbox(ctx, id, callOptions),
		close: async () => {
			await Promise.all([http.close(), agents.close()]);
		},
	};
}
