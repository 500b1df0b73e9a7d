import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Reply} from '../errors.js';
import {dashedUuid} from '../ids.js';
import {listenLocal, readRawBody, sendReply, tooLarge} from '../httpListener.js';
import type {RequestRecord} from '../types.js';
import {controlRoutes} from './controlRoutes.js';
import {conversationRoutes} from './conversationRoutes.js';
import {eventRoutes} from './eventRoutes.js';
import {Faults} from './faults.js';
import {gitRoutes} from './gitRoutes.js';
import {workspaceRoutes} from './workspaceRoutes.js';
import {isBashSocket, lazyBashSockets} from '../workspace/lazyBashSockets.js';
import {infoRoutes} from './infoRoutes.js';
import {lazySockets} from './lazySockets.js';
import {type AsRoute, dispatch, type ServerMeta, serverError} from './routes.js';
import {seedAgentServer} from './seed.js';
import {demoSettings} from './settings.js';
import {agentServerSockets} from './socketBackend.js';
import {AgentServerState} from './state.js';
import type {AgentServerOptions, AgentServerStandIn} from './types.js';
import {featuresOf} from './version.js';
import {fixedZone, localZone} from './zone.js';
import {credentialsOf} from '../auth.js';

const ROUTES: readonly AsRoute[] = [...infoRoutes, ...conversationRoutes, ...eventRoutes, ...controlRoutes, ...gitRoutes];

/** Uploads may be larger than a JSON body (the real server streams them to disk). */
const MAX_UPLOAD = 64 << 20;

/** localhost and 127.0.0.1 origins are always allowed (`config.py`); every answer varies by Origin (§1.3). */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

function corsHeaders(origin: string | undefined): Record<string, string> {
	const headers: Record<string, string> = {vary: 'Origin'};
	if (origin && LOCAL_ORIGIN.test(origin)) {
		headers['access-control-allow-origin'] = origin;
		headers['access-control-allow-credentials'] = 'true';
	}
	return headers;
}

function preflight(origin: string | undefined, requested: string | undefined): Reply {
	if (!origin || !LOCAL_ORIGIN.test(origin)) return {status: 400, body: 'Disallowed CORS origin', contentType: 'text/plain; charset=utf-8'};
	return {
		status: 200,
		body: 'OK',
		contentType: 'text/plain; charset=utf-8',
		headers: {
			'access-control-allow-methods': 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
			'access-control-max-age': '600',
			...(requested ? {'access-control-allow-headers': requested} : {}),
		},
	};
}

const keysOf = (apiKey: AgentServerOptions['apiKey']): string[] =>
	(typeof apiKey === 'string' ? [apiKey] : [...(apiKey ?? [])]).filter(key => key.length > 0);

/** Starts the stand-in agent server on 127.0.0.1 (./types.ts has the options and the test hooks). */
export async function startAgentServerStandIn(options: AgentServerOptions = {}): Promise<AgentServerStandIn> {
	const now = options.now ?? Date.now;
	const features = featuresOf(options.version);
	const stepMs = options.stepMs ?? 1200;
	const live = options.live ?? true;
	const state = new AgentServerState({
		now,
		stepMs,
		zone: options.utcOffsetMinutes === undefined ? localZone : fixedZone(options.utcOffsetMinutes),
		features,
		streaming: options.streaming ?? false,
		active: () => void (meta.lastActivityMs = now()),
	});
	const keys = keysOf(options.apiKey);
	const meta: ServerMeta = {now, startedMs: now(), lastActivityMs: now(), ready: options.ready ?? true, keys, settings: demoSettings()};
	seedAgentServer(state, options.seed ?? 'demo', {live, stepMs});
	const faults = new Faults();
	faults.refuseUpgrades = options.refuseUpgrades ?? false;
	faults.silent = options.silentSockets ?? false;
	const requests: RequestRecord[] = [];
	const routes = [...ROUTES, ...workspaceRoutes(now, options.bash ?? true)];

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = (req.method ?? 'GET').toUpperCase();
		// out of reach: the request never arrives
		if (faults.down) return void req.socket.destroy();
		requests.push({method, path: url.pathname, query: url.search.replace(/^\?/, ''), at: now(), credentials: credentialsOf(req.headers)});
		await faults.gate();
		const raw = await readRawBody(req, url.pathname.startsWith('/api/file/upload') ? MAX_UPLOAD : undefined);
		const body = raw === undefined ? undefined : raw === null ? null : raw.toString('utf8');
		const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
		const extraHeaders = corsHeaders(origin);
		if (body === undefined) return sendReply(res, tooLarge(), {extraHeaders});
		let reply: Reply;
		try {
			state.advance();
			const requested = req.headers['access-control-request-method'];
			reply =
				method === 'OPTIONS' && requested
					? preflight(origin, req.headers['access-control-request-headers'] as string | undefined)
					: await dispatch(routes, {state, meta, method, path: url.pathname, query: url.searchParams, headers: req.headers, body, raw: raw ?? null});
		} catch (error) {
			reply = serverError(features, error instanceof Error ? error.message : String(error));
		}
		// an unhandled exception is answered outside the CORS middleware: no vary (seen on a real 1.43.1)
		sendReply(res, reply, {extraHeaders: reply.status === 500 ? {} : extraHeaders, headOnly: method === 'HEAD'});
	};

	const sockets = lazySockets(() => agentServerSockets(state, keys, requests, now), faults, {
		pingIntervalMs: options.pingIntervalMs ?? 0,
		authTimeoutMs: options.authTimeoutMs ?? 10_000,
		maxSubscribers: options.maxSubscribers ?? 50,
	});
	const bashSockets = lazyBashSockets(
		() => ({
			features,
			guarded: keys.length > 0,
			serviceFor: key => (keys.length === 0 || (key !== undefined && keys.includes(key)) ? state.bash : null),
			record: (req, url) => requests.push({method: req.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, ''), at: now(), upgrade: true, credentials: credentialsOf(req.headers)}),
		}),
		faults,
	);
	const listening = await listenLocal(handle, options.port ?? 0, (req, socket, head) => (isBashSocket(req) && (options.bash ?? true) ? bashSockets.upgrade(req, socket, head) : sockets.upgrade(req, socket, head)));

	return {
		url: listening.url,
		port: listening.port,
		get requests() {
			return requests;
		},
		clearRequests() {
			requests.length = 0;
		},
		async close() {
			state.engine.close();
			state.bash.close();
			faults.resume();
			await sockets.close();
			await bashSockets.close();
			await listening.close();
		},
		conversationIds: () =>
			[...state.entries.values()].sort((a, b) => b.c.createdUs - a.c.createdUs).map(e => dashedUuid(e.c.id)),
		socketCount: id => state.subscriberCount(id?.replaceAll('-', '').toLowerCase()),
		onEvent(listener) {
			state.created.add(listener);
			return () => state.created.delete(listener);
		},
		advance: () => state.advance(),
		...sockets.hooks,
		checkout: dir => {
			const repo = state.workspaces.repoOf(dir);
			return repo && {root: repo.root, base: new Map(repo.base), tree: new Map(repo.tree)};
		},
		stallRest: ms => faults.stall(ms),
		resumeRest: () => faults.resume(),
	};
}
