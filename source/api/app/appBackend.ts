/**
 * An app server as a backend (legacy OpenHands, the current sandbox-server, Cloud): its own routes,
 * and its conversations' agent servers through `conversation_url` (./agentControl.ts).
 */
import {agentEvents, agentFacts, controlAgent, eventSocket, gitChanges, gitDiff, sendMessage, setConfirmationPolicy} from './agentControl.js';
import type {Backend} from '../backend.js';
import {openWorkspace} from '../agent/workspace.js';
import type {ApiContext} from '../context.js';
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
import {getEvent, searchEvents} from './events.js';
import {getSandboxes, pauseSandbox, resumeSandbox, searchSandboxes, startSandbox} from './sandboxes.js';
import {getSettings} from './settings.js';
import {getSpecs, searchSpecs} from './specs.js';

export function createAppBackend(ctx: ApiContext): Backend {
	const {http} = ctx;
	return {
		getSettings: options => getSettings(ctx, options),
		searchConversations: (query, options) => searchConversations(http, query, options),
		getConversations: (ids, options) => getConversations(http, ids, options),
		countConversations: (query, options) => countConversations(http, query, options),
		conversationsInSandbox: (sandboxId, options) => conversationsInSandbox(ctx, sandboxId, options),
		createConversation: async (request, options) => ({kind: 'start-task', task: await createConversation(http, request, options)}),
		getStartTasks: (ids, options) => getStartTasks(http, ids, options),
		searchStartTasks: (query, options) => searchStartTasks(http, query, options),
		searchSandboxes: (query, options) => searchSandboxes(http, query, options),
		getSandboxes: (ids, options) => getSandboxes(http, ids, options),
		startSandbox: (specId, options) => startSandbox(http, specId, options),
		pauseSandbox: (id, options) => pauseSandbox(http, id, options),
		resumeSandbox: (id, options) => resumeSandbox(http, id, options),
		searchSpecs: (query, options) => searchSpecs(http, query, options),
		getSpecs: (ids, options) => getSpecs(http, ids, options),
		searchEvents: (id, query, options) => searchEvents(ctx, id, query, options),
		searchAgentEvents: (target, query, options) => agentEvents(ctx, target, query, options),
		getEvent: (id, eventId, options) => getEvent(ctx, id, eventId, options),
		sendMessage: (target, text, options) => sendMessage(ctx, target, text, options),
		controlAgent: (target, command, reason, options) => controlAgent(ctx, target, command, reason, options),
		deleteConversation: (id, options) => deleteConversation(ctx, id, options),
		deleteSandbox: (id, options) => deleteSandbox(ctx, id, options),
		setConfirmationPolicy: (target, policy, options) => setConfirmationPolicy(ctx, target, policy, options),
		agentFacts: (target, options) => agentFacts(ctx, target, options),
		gitChanges: (target, options) => gitChanges(ctx, target, options),
		gitDiff: (target, workingDir, path, options) => gitDiff(ctx, target, workingDir, path, options),
		workspace: (target, options) => {
			const ep = ctx.agents.endpoint(target, 'workspace');
			return openWorkspace(ep, ctx.agents.version(ep, options?.signal), target, ctx.agents.clientOptions, options);
		},
		eventSocket: async target => eventSocket(ctx, target),
	};
}
