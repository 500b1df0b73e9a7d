import type {ClientOptions, OpenHandsClient} from './client.js';
import {countConversations, createConversation, getConversations, getStartTasks, searchConversations, searchStartTasks} from './conversations.js';
import {createHttp} from './http.js';
import {getSandboxes, pauseSandbox, resumeSandbox, searchSandboxes, startSandbox} from './sandboxes.js';
import {getSettings} from './settings.js';
import {getSpecs, searchSpecs} from './specs.js';

/** One client = one connection pool; every method rejects only with ApiError. */
export function createClient(options: ClientOptions): OpenHandsClient {
	const http = createHttp(options);
	return {
		baseUrl: http.baseUrl,
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
		close: () => http.close(),
	};
}
