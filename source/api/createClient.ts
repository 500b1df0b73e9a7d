import {createAgentBackend} from './agent/agentBackend.js';
import {createAgentServers} from './agent/agentServer.js';
import {createAppBackend} from './app/appBackend.js';
import type {Backend} from './backend.js';
import type {OpenHandsClient} from './client.js';
import type {CallOptions, ClientOptions, ServerInfo} from './types.js';
import type {ApiContext} from './context.js';
import {isApiError} from './errors.js';
import {createHttp} from './transport/http.js';
import {createLiveEvents} from './agent/liveEvents.js';
import {createProbe, isTransportFailure, isUnreachable} from './probe.js';

/** Where each method takes its CallOptions (the store passes its abort signal there). */
const OPTIONS_AT: {[K in keyof Backend]: number} = {
	getSettings: 0,
	searchConversations: 1,
	getConversations: 1,
	countConversations: 1,
	conversationsInSandbox: 1,
	createConversation: 1,
	getStartTasks: 1,
	searchStartTasks: 1,
	searchSandboxes: 1,
	getSandboxes: 1,
	startSandbox: 1,
	pauseSandbox: 1,
	resumeSandbox: 1,
	searchSpecs: 1,
	getSpecs: 1,
	searchEvents: 2,
	searchAgentEvents: 2,
	getEvent: 2,
	sendMessage: 2,
	controlAgent: 3,
	deleteConversation: 1,
	deleteSandbox: 1,
	setConfirmationPolicy: 2,
	agentFacts: 1,
	gitChanges: 1,
	gitDiff: 3,
	workspace: 1,
	eventSocket: 1,
};

/**
 * Calls that go to a conversation's agent server (another origin, through `conversation_url`): their
 * 404 says nothing about which kind of server the client's own URL is.
 */
const ELSEWHERE: ReadonlySet<keyof Backend> = new Set(['sendMessage', 'controlAgent', 'setConfirmationPolicy', 'agentFacts', 'gitChanges', 'gitDiff', 'workspace', 'eventSocket', 'searchAgentEvents']);

/**
 * App-server calls that wait for the probe's verdict anyway (their route depends on the generation):
 * they wait for it before choosing a backend too, so none of them goes to an agent server as if it
 * were an app server.
 */
const NEEDS_PROBE: ReadonlySet<keyof Backend> = new Set(['getSettings', 'searchEvents', 'getEvent', 'sendMessage', 'deleteConversation', 'conversationsInSandbox']);

const isNotOpenHands = (error: unknown) => isApiError(error) && error.kind === 'not_openhands';

/** The app server has no such route (FastAPI's 404/405, or the web app's HTML page): maybe another kind of server. */
function routeAbsent(error: unknown): boolean {
	if (!isApiError(error)) return false;
	return error.status === 404 || error.status === 405 || (error.kind === 'bad_response' && /HTML page/.test(error.message));
}

/**
 * One client = one connection pool and one probe; every method rejects only with ApiError.
 *
 * The probe (./probe.ts) tells which backend serves a call: an app server (./appBackend.ts) or an
 * agent server (./agentBackend.ts). A call waits for a probe that is running, and with auth `auto`
 * and a key starts one (so no request goes out with a scheme the server is about to refuse); before
 * any probe it goes to the app server, and when that route turns out absent (404, 405, HTML) the
 * probe decides: an agent server takes the call again, and a URL that is no OpenHands server gets
 * the probe's one `not_openhands` error on every call while the probe remembers it (RETRY_FAILED_MS),
 * without a request. Any call that could not reach the server forgets the probe: the next call
 * probes again, since what answers when the server is back may be a different server.
 */
export function createClient(options: ClientOptions): OpenHandsClient {
	const http = createHttp(options);
	const setting = options.auth ?? 'auto';
	const probe = createProbe(http, setting);
	const agents = createAgentServers(options);
	const ctx: ApiContext = {http, server: signal => probe.info(signal), agents};
	const app = createAppBackend(ctx);
	const agent = createAgentBackend(http, options.apiKey ?? null, signal => probe.info(signal), options);
	const needsScheme = setting === 'auto' && http.hasKey;
	const pick = (info: ServerInfo): Backend => (info.kind === 'agent-server' ? agent : app);
	// where a conversation's socket is: the backend says (an app server's conversation_url, with the
	// loopback refusal, or the agent server itself); its version: the agent server's /server_info
	const live = createLiveEvents(
		{
			server: () => probe.info(),
			where: target => methods.eventSocket(target),
			version: async target => {
				const info = await probe.info();
				return info.kind === 'agent-server' ? info.version : agents.version(agents.endpoint(target, 'GET /server_info'));
			},
		},
		options,
	);

	async function backendFor(name: keyof Backend, signal: AbortSignal | undefined): Promise<Backend> {
		const known = probe.peek();
		if (known) return pick(known);
		const failure = probe.failure();
		if (failure && isNotOpenHands(failure)) throw failure;
		if (!needsScheme && !probe.busy() && !NEEDS_PROBE.has(name)) return app;
		try {
			return pick(await probe.info(signal));
		} catch (error) {
			// a probe that failed without a verdict leaves the call to the app server's routes
			if (isTransportFailure(error) || isNotOpenHands(error)) throw error;
			return app;
		}
	}

	function dispatched<K extends keyof Backend>(name: K): Backend[K] {
		const at = OPTIONS_AT[name];
		const call = async (...args: unknown[]): Promise<unknown> => {
			const signal = (args[at] as CallOptions | undefined)?.signal;
			const run = (backend: Backend) => (backend[name] as (...a: unknown[]) => Promise<unknown>)(...args);
			try {
				const backend = await backendFor(name, signal);
				try {
					return await run(backend);
				} catch (error) {
					if (backend !== app || ELSEWHERE.has(name) || !routeAbsent(error)) throw error;
					const info = await probe.info(signal).catch((probeError: unknown) => {
						if (isNotOpenHands(probeError) || isTransportFailure(probeError)) throw probeError;
						return null;
					});
					if (info?.kind === 'agent-server') return await run(agent);
					throw error;
				}
			} catch (error) {
				if (isUnreachable(error)) probe.invalidate();
				throw error;
			}
		};
		return call as unknown as Backend[K];
	}

	const methods = Object.fromEntries((Object.keys(OPTIONS_AT) as (keyof Backend)[]).map(name => [name, dispatched(name)])) as unknown as Backend;

	return {
		...methods,
		baseUrl: http.baseUrl,
		// not dispatched: an agent server that cannot be reached says nothing about the client's own server
		openEvents: (target, after, handlers) => live.open(target, after, handlers),
		serverInfo: async (callOptions?: CallOptions) => {
			try {
				return await probe.info(callOptions?.signal);
			} catch (error) {
				if (isUnreachable(error)) probe.invalidate();
				throw error;
			}
		},
		close: async () => {
			await Promise.all([http.close(), agents.close()]);
		},
	};
}
