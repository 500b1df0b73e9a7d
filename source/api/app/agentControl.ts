/**
 * An app server's conversations on their agent servers (shared/openhands-api-newer.md 5, 6): the
 * agent-server routes (./agentRoutes.ts) reached through the conversation's `conversation_url` and
 * the sandbox's `session_api_key` (./agentServer.ts keeps the safety rules), plus the current app
 * server's own send-message.
 */
import {sendMessageError} from '../agent/agentErrors.js';
import {
	type AgentEndpoint,
	checkSuccess,
	commandAgent,
	gitChanges as readGitChanges,
	gitDiff as readGitDiff,
	readAgentConversation,
	searchAgentEvents,
	sendToAgent,
	setConfirmationPolicy as postPolicy,
} from '../agent/agentRoutes.js';
import {agentAbilities} from '../agent/agentServerInfo.js';
import type {AgentCommand, AgentFacts, AgentTarget, CallOptions, EventQuery, EventSocketTarget, GitChanges, GitDiff} from '../types.js';
import type {ApiContext} from '../context.js';
import {tryJson} from '../transport/errorFromResponse.js';
import {type ErrorContext, makeError} from '../errorText.js';
import type {ConfirmationPolicy, EventPage} from '../schemas/index.js';

/**
 * One user message, exactly one POST. Current servers: the app server's send-message (5.1);
 * legacy servers have none, so it goes to the agent server as the web app sends it (5.2), with
 * `run: true` (the agent server's default is false: the agent would not pick the message up).
 */
export async function sendMessage(ctx: ApiContext, target: AgentTarget, text: string, options?: CallOptions): Promise<void> {
	const server = await ctx.server(options?.signal);
	if (server.generation === 'current') {
		const body = {role: 'user', content: [{type: 'text', text}], run: true};
		const path = `/api/v1/app-conversations/${encodeURIComponent(target.id)}/send-message`;
		const raw = await ctx.http.send({method: 'POST', path, body, signal: options?.signal, deadlineMs: options?.deadlineMs});
		if (raw.status < 200 || raw.status >= 300) throw sendMessageError(raw.ctx, raw);
		checkSuccess(raw.ctx, tryJson(raw), 'the server did not accept the message');
		return;
	}
	await sendToAgent(ctx.agents.endpoint(target, 'POST /events'), text, options);
}

function errorContext(ep: AgentEndpoint, operation: string): ErrorContext {
	return {operation, host: ep.where, apiKey: ep.key || null};
}

/**
 * Refuses, without a request, what this agent server's version cannot do: a reject before SDK 1.6.0
 * is a pause that records nothing (the action would run at the next run; issue 21 item 1), and
 * `interrupt` does not exist before 1.23.0.
 */
export async function checkAbility(version: () => Promise<string | null>, ep: AgentEndpoint, command: AgentCommand): Promise<void> {
	if (command !== 'reject' && command !== 'interrupt') return;
	const found = await version();
	const can = agentAbilities(found);
	if (command === 'reject' && !can.rejects) {
		throw makeError(errorContext(ep, 'POST /events/respond_to_confirmation'), {
			kind: 'unsupported',
			message: `this agent server (${found}) cannot reject an action: before SDK 1.6.0 a reject only pauses and the action runs at the next run or accept; nothing was sent`,
		});
	}
	if (command === 'interrupt' && !can.interrupts) {
		throw makeError(errorContext(ep, 'POST /interrupt'), {
			kind: 'unsupported',
			message: `this agent server (${found}) has no interrupt (SDK 1.23.0 and later): P pauses after the current step`,
		});
	}
}

/** Pause / run / interrupt the agent, accept / reject its pending actions: agent-server routes on both generations (6). */
export async function controlAgent(
	ctx: ApiContext,
	target: AgentTarget,
	command: AgentCommand,
	reason?: string,
	options?: CallOptions,
): Promise<void> {
	const ep = ctx.agents.endpoint(target, `POST ${command}`);
	await checkAbility(() => ctx.agents.version(ep, options?.signal), ep, command);
	await commandAgent(ep, command, reason, options);
}

export function setConfirmationPolicy(ctx: ApiContext, target: AgentTarget, policy: ConfirmationPolicy, options?: CallOptions): Promise<void> {
	return postPolicy(ctx.agents.endpoint(target, 'POST /confirmation_policy'), policy, options);
}

/** The version (once per origin) and the conversation as its agent server reports it (policy, working directory). */
export async function agentFacts(ctx: ApiContext, target: AgentTarget, options?: CallOptions): Promise<AgentFacts> {
	const ep = ctx.agents.endpoint(target, 'GET /server_info');
	const [version, conversation] = await Promise.all([ctx.agents.version(ep, options?.signal), readAgentConversation(ep, options)]);
	const can = agentAbilities(version);
	// the app server's own fields (sandbox, repository, title) stay the app server's
	return {version, rejects: can.rejects, interrupts: can.interrupts, conversation};
}

/** The conversation's events on its agent server, ahead of the app server's event store where that lags. */
export function agentEvents(ctx: ApiContext, target: AgentTarget, query?: EventQuery, options?: CallOptions): Promise<EventPage> {
	return searchAgentEvents(ctx.agents.endpoint(target, 'GET /events/search'), query, options);
}

/**
 * A conversation's workspace changes on its agent server, the direct one or a sandbox's: where the
 * changes are is the working directory the agent server reports (Agent Canvas does the same), or,
 * for an app server's conversation with a repository, the folder the app server cloned it into,
 * `<working dir>/<name>` (openhands-api.md, start task step 3; the OpenHands web app asks there too).
 * At the working directory itself a 1.1.0 agent server fails (it is no repository) and a newer one
 * lists every repository of the sandbox.
 */
export async function workspaceChanges(ep: AgentEndpoint, version: Promise<string | null>, target: AgentTarget, options?: CallOptions): Promise<GitChanges> {
	const [found, reported] = await Promise.all([
		version,
		target.working_dir ? Promise.resolve(target.working_dir) : readAgentConversation(ep, options).then(c => c.working_dir ?? null),
	]);
	if (!reported) {
		throw makeError(errorContext(ep, 'GET /api/git/changes'), {kind: 'unsupported', message: 'the agent server reports no working directory for this conversation'});
	}
	const name = target.repository?.split('/').filter(Boolean).at(-1);
	const workingDir = name ? joinPath(reported, name) : reported;
	return {workingDir, files: await readGitChanges(ep, workingDir, agentAbilities(found).gitQuery, options)};
}

export async function workspaceDiff(ep: AgentEndpoint, version: Promise<string | null>, workingDir: string, path: string, options?: CallOptions): Promise<GitDiff> {
	return readGitDiff(ep, joinPath(workingDir, path), agentAbilities(await version).gitQuery, options);
}

export function gitChanges(ctx: ApiContext, target: AgentTarget, options?: CallOptions): Promise<GitChanges> {
	const ep = ctx.agents.endpoint(target, 'GET /api/git/changes');
	return workspaceChanges(ep, ctx.agents.version(ep, options?.signal), target, options);
}

export function gitDiff(ctx: ApiContext, target: AgentTarget, workingDir: string, path: string, options?: CallOptions): Promise<GitDiff> {
	const ep = ctx.agents.endpoint(target, 'GET /api/git/diff');
	return workspaceDiff(ep, ctx.agents.version(ep, options?.signal), workingDir, path, options);
}

/** `<working dir>/<path>` (a path the server gave as absolute stays as it is). */
export function joinPath(workingDir: string, path: string): string {
	if (path.startsWith('/')) return path;
	return `${workingDir.replace(/\/+$/, '')}/${path.replace(/^\.\//, '')}`;
}

/**
 * `ws[s]://<host>[<prefix>]/sockets/events/<id>` (doc 6.1): the prefix of `conversation_url` before
 * `/api/conversations` is kept, as Agent Canvas does behind a proxy.
 */
export function socketTarget(ep: AgentEndpoint, id: string): EventSocketTarget {
	const base = new URL(ep.http.baseUrl);
	const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
	const prefix = base.pathname.replace(/\/+$/, '');
	return {url: `${scheme}//${base.host}${prefix}/sockets/events/${encodeURIComponent(id)}`, key: ep.key || null, headers: ep.key ? {'x-session-api-key': ep.key} : {}};
}

export function eventSocket(ctx: ApiContext, target: AgentTarget): EventSocketTarget {
	return socketTarget(ctx.agents.endpoint(target, 'GET /sockets/events'), target.id);
}
