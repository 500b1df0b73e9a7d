import type {ClientOptions, OpenHandsClient} from '../api/client.js';

type Loader = () => Promise<{createClient(options: ClientOptions): OpenHandsClient}>;

/**
 * An OpenHandsClient that loads the real one (undici and the zod schemas: most of the bundle and
 * of its load time) on its first call, so the first frame is drawn before they are parsed. The
 * store calls it at once after the first render, so the load starts right after that frame.
 */
export function createLazyClient(options: ClientOptions, load: Loader = async () => import('../api/createClient.js')): OpenHandsClient {
	let client: Promise<OpenHandsClient> | undefined;
	let closed = false;
	const real = async () => {
		client ??= load().then(module => module.createClient(options));
		return client;
	};

	return {
		baseUrl: options.baseUrl.replace(/\/+$/, ''),
		serverInfo: async callOptions => (await real()).serverInfo(callOptions),
		getSettings: async callOptions => (await real()).getSettings(callOptions),
		searchConversations: async (query, callOptions) => (await real()).searchConversations(query, callOptions),
		getConversations: async (ids, callOptions) => (await real()).getConversations(ids, callOptions),
		countConversations: async (query, callOptions) => (await real()).countConversations(query, callOptions),
		conversationsInSandbox: async (sandboxId, callOptions) => (await real()).conversationsInSandbox(sandboxId, callOptions),
		createConversation: async (request, callOptions) => (await real()).createConversation(request, callOptions),
		getStartTasks: async (ids, callOptions) => (await real()).getStartTasks(ids, callOptions),
		searchStartTasks: async (query, callOptions) => (await real()).searchStartTasks(query, callOptions),
		searchSandboxes: async (query, callOptions) => (await real()).searchSandboxes(query, callOptions),
		getSandboxes: async (ids, callOptions) => (await real()).getSandboxes(ids, callOptions),
		startSandbox: async (specId, callOptions) => (await real()).startSandbox(specId, callOptions),
		pauseSandbox: async (id, callOptions) => (await real()).pauseSandbox(id, callOptions),
		resumeSandbox: async (id, callOptions) => (await real()).resumeSandbox(id, callOptions),
		searchSpecs: async (query, callOptions) => (await real()).searchSpecs(query, callOptions),
		getSpecs: async (ids, callOptions) => (await real()).getSpecs(ids, callOptions),
		searchEvents: async (id, query, callOptions) => (await real()).searchEvents(id, query, callOptions),
		sendMessage: async (target, text, callOptions) => (await real()).sendMessage(target, text, callOptions),
		controlAgent: async (target, command, reason, callOptions) => (await real()).controlAgent(target, command, reason, callOptions),
		deleteConversation: async (id, callOptions) => (await real()).deleteConversation(id, callOptions),
		deleteSandbox: async (id, callOptions) => (await real()).deleteSandbox(id, callOptions),
		async close() {
			if (closed) return;
			closed = true;
			// Never loaded: there is no pool to close, and no reason to load one now.
			if (client) await (await client).close();
		},
	};
}
