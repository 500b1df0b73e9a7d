import type {IncomingMessage, ServerResponse} from 'node:http';
import {activityRoutes, startActivity} from './activity.js';
import {internalError, type Reply, tooManyRequests} from './errors.js';
import {credentialsOf} from './auth.js';
import {listenLocal, readBody, sendReply, tooLarge} from './httpListener.js';
import {RateLimiter} from './rateLimit.js';
import {dispatch, type Route} from './router.js';
import {conversationRoutes} from './routes/conversations.js';
import {deleteRoutes} from './routes/deletes.js';
import {sandboxRoutes} from './routes/sandboxes.js';
import {settingsRoutes} from './routes/settings.js';
import {specRoutes} from './routes/specs.js';
import {startTaskRoutes} from './routes/startTasks.js';
import {seedState} from './seed.js';
import {State} from './state.js';
import type {RequestRecord, StandInOptions, StandInServer} from './types.js';

// start-task routes first: `/app-conversations/start-tasks` must not fall to a broader pattern
const ROUTES: readonly Route[] = [
	...settingsRoutes,
	...startTaskRoutes,
	...conversationRoutes,
	...sandboxRoutes,
	...specRoutes,
	...deleteRoutes,
];

/** `CacheControlMiddleware` headers on every non-/assets path (1.2). */
const NO_CACHE = {
	'Cache-Control': 'no-cache, no-store, must-revalidate, max-age=0',
	Pragma: 'no-cache',
	Expires: '0',
};

export async function startStandInServer(options: StandInOptions = {}): Promise<StandInServer> {
	const now = options.now ?? Date.now;
	const state = new State({
		bootMs: options.bootMs ?? 4000,
		stepMs: options.stepMs ?? 1200,
		now,
		generation: options.generation ?? 'current',
		cloud: options.cloud ?? false,
	});
	const withSettings = options.withSettings ?? true;
	const requests: RequestRecord[] = [];
	// issue 10: events, agents and the agent-server listener (before seeding: sandboxes advertise its url)
	const activity = await startActivity(state, options, requests);
	seedState(state, options.seed ?? 'demo', withSettings, options.exactAges ?? false);
	activity.start();
	const routes = [...ROUTES, ...activityRoutes(options)];
	const limiter = options.rateLimit === false ? null : new RateLimiter(now);
	const apiKey = options.apiKey || null;
	const send = (res: ServerResponse, reply: Reply, headOnly = false) =>
		sendReply(res, reply, {extraHeaders: reply.cache === false ? {} : NO_CACHE, headOnly});

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = (req.method ?? 'GET').toUpperCase();
		requests.push({method, path: url.pathname, query: url.search.replace(/^\?/, ''), at: now(), credentials: credentialsOf(req.headers)});
		if (limiter && !url.pathname.startsWith('/assets')) {
			const decision = limiter.check(req.socket.remoteAddress ?? '');
			if (decision === 'reject') return send(res, tooManyRequests());
			if (decision === 'delay') await new Promise<void>(resolve => state.later(limiter.delayMs, resolve));
		}
		const body = await readBody(req);
		if (body === undefined) return send(res, tooLarge());
		let reply: Reply;
		try {
			activity.advance();
			reply = dispatch(routes, {
				state,
				method,
				path: url.pathname,
				query: url.searchParams,
				headers: req.headers,
				body,
				apiKey,
				withSettings,
			});
		} catch {
			reply = internalError();
		}
		send(res, reply, method === 'HEAD');
	};

	const listening = await listenLocal(handle, options.port ?? 0);

	return {
		url: listening.url,
		port: listening.port,
		agentUrl: activity.agentUrl,
		agentSockets: activity.sockets,
		agentCheckout: (id, dir) => activity.checkout(id, dir),
		get requests() {
			return requests;
		},
		clearRequests() {
			requests.length = 0;
		},
		async close() {
			state.close();
			await activity.close();
			await listening.close();
		},
	};
}
