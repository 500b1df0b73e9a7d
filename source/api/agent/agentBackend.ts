/**
 * A direct agent server as a backend (issue 16 §1): the client's methods over its routes
 * (shared/openhands-agent-server.md). What an agent server does not have (sandboxes, specs, start
 * tasks) rejects with `unsupported` before any request: final, never retried by the store.
 */
import {checkAbility, socketTarget, workspaceChanges, workspaceDiff} from '../app/agentControl.js';
import {countAgentConversations, createAgentConversation, getAgentConversations, searchAgentConversations} from './agentConversations.js';
import {
	type AgentEndpoint,
	commandAgent,
	deleteAgentConversation,
	searchAgentEvents,
	getAgentEvent,
	sendToAgent,
	setConfirmationPolicy,
} from './agentRoutes.js';
import {agentAbilities} from './agentServerInfo.js';
import {getAgentSettings} from './agentSettings.js';
import type {Backend} from '../backend.js';
import type {ClientOptions, ServerInfo} from '../types.js';
import {openWorkspace} from './workspace.js';
import {ApiError} from '../errors.js';
import type {Http} from '../transport/http.js';

const NONE = {
	sandboxes: 'agent servers have no sandboxes',
	specs: 'agent servers have no sandbox specs',
	startTasks: 'agent servers have no start tasks: a new conversation starts at once',
} as const;

/** A fixed sentence (no server text, no key): said as it is, without the operation after it. */
function unsupported(operation: string, what: keyof typeof NONE): Promise<never> {
	return Promise.reject(new ApiError({kind: 'unsupported', message: NONE[what], operation}));
}

export function createAgentBackend(http: Http, apiKey: string | null, server: (signal?: AbortSignal) => Promise<ServerInfo>, clientOptions: ClientOptions = {baseUrl: http.baseUrl}): Backend {
	let where = 'the agent server';
	let hostname = '';
	try {
		const url = new URL(http.baseUrl);
		where = url.host;
		hostname = url.hostname;
	} catch {
		// an invalid URL fails at the transport with its own message
	}
	const endpoint = (id: string): AgentEndpoint => ({http, path: `/api/conversations/${encodeURIComponent(id)}`, where, hostname, key: apiKey ?? '', direct: true});
	const version = async (signal?: AbortSignal) => (await server(signal)).version;

	return {
		getSettings: options => getAgentSettings(http, options),
		searchConversations: (query, options) => searchAgentConversations(http, query, options),
		getConversations: (ids, options) => getAgentConversations(http, ids, options),
		countConversations: (_query, options) => countAgentConversations(http, options),
		conversationsInSandbox: () => unsupported('GET /api/v1/app-conversations/search', 'sandboxes'),
		createConversation: (request, options) => createAgentConversation(http, request, options),
		getStartTasks: () => unsupported('GET /api/v1/app-conversations/start-tasks', 'startTasks'),
		searchStartTasks: () => unsupported('GET /api/v1/app-conversations/start-tasks/search', 'startTasks'),
		searchSandboxes: () => unsupported('GET /api/v1/sandboxes/search', 'sandboxes'),
		getSandboxes: () => unsupported('GET /api/v1/sandboxes', 'sandboxes'),
		startSandbox: () => unsupported('POST /api/v1/sandboxes', 'sandboxes'),
		pauseSandbox: () => unsupported('POST /api/v1/sandboxes/pause', 'sandboxes'),
		resumeSandbox: () => unsupported('POST /api/v1/sandboxes/resume', 'sandboxes'),
		deleteSandbox: () => unsupported('DELETE /api/v1/sandboxes', 'sandboxes'),
		searchSpecs: () => unsupported('GET /api/v1/sandbox-specs/search', 'specs'),
		getSpecs: () => unsupported('GET /api/v1/sandbox-specs', 'specs'),
		searchEvents: (id, query, options) => searchAgentEvents(endpoint(id), query, options),
		searchAgentEvents: (target, query, options) => searchAgentEvents(endpoint(target.id), query, options),
		getEvent: (id, eventId, options) => getAgentEvent(endpoint(id), eventId, options),
		sendMessage: (target, text, options) => sendToAgent(endpoint(target.id), text, options),
		async controlAgent(target, command, reason, options) {
			const ep = endpoint(target.id);
			await checkAbility(() => version(options?.signal), ep, command);
			await commandAgent(ep, command, reason, options);
		},
		deleteConversation: (id, options) => deleteAgentConversation(endpoint(id), options),
		setConfirmationPolicy: (target, policy, options) => setConfirmationPolicy(endpoint(target.id), policy, options),
		async agentFacts(_target, options) {
			const found = await version(options?.signal);
			const can = agentAbilities(found);
			// the list already holds the conversation as this server reports it
			return {version: found, rejects: can.rejects, interrupts: can.interrupts, conversation: null};
		},
		gitChanges: (target, options) => workspaceChanges(endpoint(target.id), version(options?.signal), target, options),
		gitDiff: (target, workingDir, path, options) => workspaceDiff(endpoint(target.id), version(options?.signal), workingDir, path, options),
		workspace: (target, options) => openWorkspace(endpoint(target.id), version(options?.signal), target, clientOptions, options),
		eventSocket: async target => socketTarget(endpoint(target.id), target.id),
	};
}
