import type {IncomingMessage, ServerResponse} from 'node:http';
import {json, methodNotAllowed, notFound, unauthorized, unprocessable} from '../errors.js';
import {credentialsOf} from '../auth.js';
import type {ActivityHub} from '../events/hub.js';
import {type Listening, listenLocal, readRawBody, sendReply as send, tooLarge} from '../httpListener.js';
import {parseUuid} from '../ids.js';
import {pathParams} from '../router.js';
import {sandboxStatus} from '../sandboxOps.js';
import type {SandboxRecord} from '../state.js';
import {Faults} from '../agentServer/faults.js';
import {lazySockets} from '../agentServer/lazySockets.js';
import type {Checkout, SocketHooks} from '../agentServer/types.js';
import type {RequestRecord} from '../types.js';
import {listenerSocketBackend, unreachable} from './listenerSockets.js';
import type {Agent} from './agent.js';
import {AGENT_ROUTES, type AgentCtx, conversationInPath} from './agentRoutes.js';
import {listenerFeatures} from './listenerVersion.js';
import {sandboxWorkspaces} from './sandboxGit.js';
import {WORKSPACE_ROUTES} from './workspaceRoutes.js';
import {BashService} from '../workspace/bash.js';
import {isBashSocket, lazyBashSockets} from '../workspace/lazyBashSockets.js';

const ROUTES = [...AGENT_ROUTES, ...WORKSPACE_ROUTES];
/** Uploads may be larger than a JSON body (the real server streams them to disk). */
const MAX_UPLOAD = 64 << 20;
import {serverInfoBody} from '../agentServer/infoRoutes.js';

/** The listener, and test hooks for its events websockets (the same as the agent-server stand-in's). */
export type AgentListener = Listening & {sockets: SocketHooks; checkout(conversationId: string, dir: string): Checkout | null};

/**
 * One listener on 127.0.0.1 stands in for the agent server of every sandbox: each RUNNING sandbox
 * advertises it as its AGENT_SERVER url, and the request is routed to a sandbox by the conversation
 * in its path (else by its session key).
 *
 * A sandbox that is not RUNNING has no agent server to answer. Docker's published port of a paused
 * container accepts the connection and then hangs; a deleted one refuses it. Both are imitated by
 * destroying the socket once the request has arrived: the client fails at once ("socket hang up" /
 * "other side closed"), which keeps tests fast and is what a client must treat as unreachable anyway.
 */
export async function startAgentListener(hub: ActivityHub, requests: RequestRecord[]): Promise<AgentListener> {
	const state = hub.state;
	const features = listenerFeatures(hub.shape);
	const startedMs = state.now();
	let lastMs = startedMs;

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = (req.method ?? 'GET').toUpperCase();
		requests.push({method, path: url.pathname, query: url.search.replace(/^\?/, ''), at: state.now(), credentials: credentialsOf(req.headers)});
		const raw = await readRawBody(req, url.pathname.startsWith('/api/file/upload') ? MAX_UPLOAD : undefined);
		const body = raw === undefined ? undefined : raw === null ? null : raw.toString('utf8');
		hub.advance();
		const inPath = conversationInPath(url.pathname);
		const conversation = inPath?.hex ? state.conversationById.get(inPath.hex) : undefined;
		const key = headerValue(req.headers['x-session-api-key']);
		const sandbox = conversation ? state.sandboxById.get(conversation.sandboxId) : findByKey(key);
		if ((conversation && !sandbox) || (sandbox && sandboxStatus(state, sandbox) !== 'RUNNING')) {
			req.socket.destroy();
			return;
		}
		if (body === undefined) return send(res, tooLarge());
		if (url.pathname === '/alive') return send(res, json(200, {status: 'ok'}));
		// public (§1.1): the client learns the version from it (git route forms, reject, interrupt)
		if (url.pathname === '/server_info' && method === 'GET') return send(res, json(200, serverInfoBody(features, state.now() - startedMs, state.now() - lastMs)));
		lastMs = state.now();
		const matching = ROUTES.filter(r => r.pattern.test(url.pathname) && (!r.when || r.when(features)));
		if (matching.length === 0) return send(res, notFound());
		const chosen = matching.find(r => r.method === method);
		if (!chosen) return send(res, methodNotAllowed());
		// the key check is a router dependency: it runs before path validation and the handler
		if (!sandbox || key !== sandbox.sessionKey) return send(res, unauthorized());
		if (inPath && !inPath.hex) {
			const parsed = parseUuid(inPath.raw);
			const error = 'error' in parsed ? parsed.error : '';
			return send(
				res,
				unprocessable([{type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${error}`, input: inPath.raw, ctx: {error}}]),
			);
		}
		const params = pathParams(chosen, chosen.pattern.exec(url.pathname)!);
		const agent = conversation ? hub.agent(conversation.id) : undefined;
		// SDK 1.1.0's pause takes the conversation's lock, held through the step in flight: it answers
		// when that step is over, and pauses only an agent still running then (one that came to wait
		// for a confirmation stays waiting: issue 27 item 17)
		if (hub.shape === 'sdk1.1' && method === 'POST' && agent && /\/pause$/.test(url.pathname)) await stepOver(hub, agent);
		const ctx: AgentCtx = {
			hub,
			features,
			workspaces: () => workspacesOf(sandbox),
			method,
			params,
			query: url.searchParams,
			body,
			hex: inPath?.hex ?? null,
			agent: agent && !agent.deleted ? agent : undefined,
			raw: raw ?? null,
			contentType: headerValue(req.headers['content-type']),
			bash: () => sandboxBash(sandbox),
		};
		send(res, await chosen.handler(ctx));
	};

	/**
	 * Each sandbox's agent server keeps what was uploaded to it (its working tree is rebuilt from the
	 * agents' histories at each request: ./sandboxGit.ts) and its own bash service.
	 */
	const kept = new Map<string, {uploads: Map<string, Buffer>; bash: BashService}>();
	function keptOf(sandbox: SandboxRecord) {
		let found = kept.get(sandbox.id);
		if (!found) {
			found = {uploads: new Map(), bash: new BashService(() => workspacesOf(sandbox), () => state.now(), sandbox.workingDir)};
			kept.set(sandbox.id, found);
		}
		return found;
	}
	function workspacesOf(sandbox: SandboxRecord) {
		const workspaces = sandboxWorkspaces(hub, sandbox);
		const {uploads} = keptOf(sandbox);
		for (const [path, content] of uploads) workspaces.write(path, content);
		workspaces.onWrite = (path, content) => uploads.set(path, content);
		return workspaces;
	}
	const sandboxBash = (sandbox: SandboxRecord) => keptOf(sandbox).bash;

	/** Only a RUNNING sandbox's agent server exists; for a key of another one the caller gets no answer. */
	function findByKey(key: string | undefined): SandboxRecord | undefined {
		if (!key) return undefined;
		return state.sandboxes.find(s => s.sessionKey === key);
	}

	const faults = new Faults();
	const sockets = lazySockets(
		() => listenerSocketBackend(hub, requests),
		faults,
		{pingIntervalMs: 0, authTimeoutMs: 10_000, maxSubscribers: 50},
		req => unreachable(hub, new URL(req.url ?? '/', 'http://127.0.0.1').pathname),
	);
	const bashSockets = lazyBashSockets(
		() => ({
			features,
			guarded: true,
			serviceFor: key => {
				const sandbox = findByKey(key);
				return sandbox && sandboxStatus(state, sandbox) === 'RUNNING' ? sandboxBash(sandbox) : null;
			},
			record: (req, url) => requests.push({method: req.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), at: state.now(), upgrade: true, credentials: credentialsOf(req.headers)}),
		}),
		faults,
	);
	const listening = await listenLocal(handle, 0, (req, socket, head) => (isBashSocket(req) ? bashSockets.upgrade(req, socket, head) : sockets.upgrade(req, socket, head)));
	return {
		...listening,
		async close() {
			for (const {bash} of kept.values()) bash.close();
			await bashSockets.close();
			await sockets.close();
			await listening.close();
		},
		checkout(conversationId, dir) {
			const conversation = state.conversationById.get(conversationId.replaceAll('-', '').toLowerCase());
			const sandbox = conversation && state.sandboxById.get(conversation.sandboxId);
			const repo = sandbox ? workspacesOf(sandbox).repoOf(dir) : null;
			return repo && {root: repo.root, base: new Map(repo.base), tree: new Map(repo.tree)};
		},
		sockets: {
			socketCount: id => (id === undefined ? [...state.conversationById.keys()].reduce((n, c) => n + hub.listenerCount(c), 0) : hub.listenerCount(id.replaceAll('-', '').toLowerCase())),
			...sockets.hooks,
		},
	};
}

const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Resolves once the agent's current step has run (the clock decides: a test's manual clock too). */
async function stepOver(hub: ActivityHub, agent: Agent): Promise<void> {
	const due = agent.dueAt;
	if (agent.status !== 'running' || due === null) return;
	agent.pauseRequested = true;
	while (!hub.state.isClosed && agent.status === 'running' && agent.dueAt === due) {
		await new Promise(resolve => setTimeout(resolve, 10));
		hub.advance();
	}
	agent.pauseRequested = false;
}
