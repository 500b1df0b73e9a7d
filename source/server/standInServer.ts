import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import {activityRoutes, startActivity} from './activity.js';
import {internalError, type Reply, tooManyRequests} from './errors.js';
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

const MAX_BODY = 1 << 20;

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
	seedState(state, options.seed ?? 'demo', withSettings);
	activity.start();
	const routes = [...ROUTES, ...activityRoutes(options)];
	const limiter = options.rateLimit === false ? null : new RateLimiter(now);
	const apiKey = options.apiKey || null;
	const sockets = new Set<Socket>();

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = (req.method ?? 'GET').toUpperCase();
		requests.push({method, path: url.pathname, query: url.search.replace(/^\?/, ''), at: now()});
		if (limiter && !url.pathname.startsWith('/assets')) {
			const decision = limiter.check(req.socket.remoteAddress ?? '');
			if (decision === 'reject') return send(res, tooManyRequests());
			if (decision === 'delay') await new Promise<void>(resolve => state.later(limiter.delayMs, resolve));
		}
		const body = await readBody(req);
		if (body === undefined) return send(res, {...internalError(), status: 413, body: 'Request Entity Too Large'});
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

	const server = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent) send(res, internalError());
		});
	});
	server.on('connection', socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;

	return {
		url: `http://127.0.0.1:${port}`,
		port,
		agentUrl: activity.agentUrl,
		get requests() {
			return requests;
		},
		clearRequests() {
			requests.length = 0;
		},
		async close() {
			state.close();
			await activity.close();
			return new Promise<void>(resolve => {
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
				sockets.clear();
			});
		},
	};
}

/** Reads the whole body as UTF-8; undefined when it is too large. Null when there is none. */
function readBody(req: IncomingMessage): Promise<string | null | undefined> {
	return new Promise(resolve => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY) chunks.push(chunk);
		});
		req.on('end', () => resolve(size > MAX_BODY ? undefined : size === 0 ? null : Buffer.concat(chunks).toString('utf8')));
		req.on('error', () => resolve(null));
	});
}

function send(res: ServerResponse, reply: Reply, headOnly = false): void {
	if (res.destroyed) return;
	const headers: Record<string, string | number> = {
		'content-type': reply.contentType,
		'content-length': Buffer.byteLength(reply.body),
		server: 'uvicorn',
		...(reply.cache === false ? {} : NO_CACHE),
		...reply.headers,
	};
	res.writeHead(reply.status, headers);
	res.end(headOnly ? undefined : reply.body);
}
