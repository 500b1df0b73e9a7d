import type {ClientOptions, OpenHandsClient} from '../api/client.js';

type Loader = () => Promise<{createClient(options: ClientOptions): OpenHandsClient}>;

/** ClientOptions whose base URL may come later: the demo server's, known once it listens */
export type LazyClientOptions = Omit<ClientOptions, 'baseUrl'> & {baseUrl: string | Promise<string>};

/**
 * An OpenHandsClient that loads the real one (undici and the zod schemas: most of the bundle and
 * of its load time) on its first call, so the first frame is drawn before they are parsed. The
 * store calls it at once after the first render, so the load starts right after that frame.
 * A base URL still to come (the demo server starts after the first frame) holds every call until
 * it is known; if it never comes (the promise rejects), every call rejects with that error.
 * `baseUrl` reads '' until then.
 */
export function createLazyClient(options: LazyClientOptions, load: Loader = async () => import('../api/createClient.js')): OpenHandsClient {
	let client: Promise<OpenHandsClient> | undefined;
	let closed = false;
	let baseUrl = typeof options.baseUrl === 'string' ? options.baseUrl.replace(/\/+$/, '') : '';
	const base = Promise.resolve(options.baseUrl).then(url => {
		baseUrl = url.replace(/\/+$/, '');
		return url;
	});
	// the caller handles a failed start; a rejection nobody asked for yet must not be "unhandled"
	base.catch(() => {});
	const real = async () => {
		client ??= Promise.all([load(), base]).then(([module, url]) => module.createClient({...options, baseUrl: url}));
		return client;
	};

	return {
		get baseUrl() {
			return baseUrl;
		},
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
		searchAgentEvents: async (target, query, callOptions) => (await real()).searchAgentEvents(target, query, callOptions),
		getEvent: async (id, eventId, callOptions) => (await real()).getEvent(id, eventId, callOptions),
		sendMessage: async (target, text, callOptions) => (await real()).sendMessage(target, text, callOptions),
		controlAgent: async (target, command, reason, callOptions) => (await real()).controlAgent(target, command, reason, callOptions),
		deleteConversation: async (id, callOptions) => (await real()).deleteConversation(id, callOptions),
		deleteSandbox: async (id, callOptions) => (await real()).deleteSandbox(id, callOptions),
		setConfirmationPolicy: async (target, policy, callOptions) => (await real()).setConfirmationPolicy(target, policy, callOptions),
		agentFacts: async (target, callOptions) => (await real()).agentFacts(target, callOptions),
		gitChanges: async (target, callOptions) => (await real()).gitChanges(target, callOptions),
		gitDiff: async (target, workingDir, path, callOptions) => (await real()).gitDiff(target, workingDir, path, callOptions),
		workspace: async (target, callOptions) => (await real()).workspace(target, callOptions),
		eventSocket: async (target, callOptions) => (await real()).eventSocket(target, callOptions),
		openEvents: async (target, after, handlers) => (await real()).openEvents(target, after, handlers),
		async close() {
			if (closed) return;
			closed = true;
			// Never loaded: there is no pool to close, and no reason to load one now.
			// a client that never came (no base URL) has nothing to close either
			if (client) await client.then(async real => real.close(), () => {});
		},
	};
}
