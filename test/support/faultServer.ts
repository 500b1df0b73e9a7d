/**
 * A controllable HTTP server on 127.0.0.1 for fault and hostile-input tests. By default it proxies
 * every request to an upstream stand-in server (no rate limit); at run time it can be switched into
 * a fault (./faults.ts) for every request or for a path prefix, and healed again. It records every
 * request it saw, with the fault it answered with.
 *
 *   const fs = await startFaultServer();
 *   fs.set(faults.internalError(), {path: '/api/v1/sandboxes'});
 *   await fs.refuse();   // connections refused until
 *   await fs.heal();     // everything passes through again (re-listens on the same port)
 */
import {Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import {startStandInServer} from '../../source/server/standInServer.js';
import type {StandInOptions, StandInServer} from '../../source/server/types.js';
import {breakSchema, type Fault, type FaultKind, type FaultScope, inScope, type UpstreamAnswer} from './faults.js';
import {HOSTILE_MARKERS, hostileJson, unhostileUrl} from './hostile.js';

export type FaultRequest = {method: string; path: string; query: string; at: number; fault: FaultKind | null};

export type FaultServerOptions = {
	/** 0 (default): a free port; or a fixed one */
	port?: number;
	/** options for the upstream stand-in started here (rateLimit and live default to false) */
	upstream?: StandInOptions;
	/** proxy to this server instead of starting one (it is not closed by `close`) */
	upstreamServer?: StandInServer;
};

export interface FaultServer {
	readonly url: string;
	readonly port: number;
	readonly upstream: StandInServer;
	readonly requests: readonly FaultRequest[];
	clearRequests(): void;
	/** replaces every active fault with this one */
	set(fault: Fault, scope?: FaultScope): Promise<void>;
	/** adds a fault; the first one whose scope matches a request answers it */
	add(fault: Fault, scope?: FaultScope): Promise<void>;
	/** no faults, listening again if refused */
	heal(): Promise<void>;
	refuse(): Promise<void>;
	restore(): Promise<void>;
	reset(scope?: FaultScope): Promise<void>;
	delayHeaders(ms: number, scope?: FaultScope): Promise<void>;
	status(code: number, body: string, contentType: string, headers?: Record<string, string>, scope?: FaultScope): Promise<void>;
	hostile(scope?: FaultScope): Promise<void>;
	/** true while the listener is closed */
	readonly refused: boolean;
	close(): Promise<void>;
}

type Rule = {fault: Fault; scope: FaultScope; left: number};
type Upstream = UpstreamAnswer;

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'proxy-connection', 'upgrade']);

export async function startFaultServer(options: FaultServerOptions = {}): Promise<FaultServer> {
	const ownUpstream = options.upstreamServer === undefined;
	// no live agent activity unless asked: screens under test stay still between polls
	const upstream = options.upstreamServer ?? (await startStandInServer({rateLimit: false, live: false, ...options.upstream}));
	const upstreamUrl = new URL(upstream.url);
	const agent = new Agent({keepAlive: true, maxSockets: 16});
	const requests: FaultRequest[] = [];
	const sockets = new Set<Socket>();
	const timers = new Set<NodeJS.Timeout>();
	let rules: Rule[] = [];
	let refused = false;
	let closed = false;

	const fetchUpstream = (req: IncomingMessage, body: Buffer, hostile: boolean) =>
		new Promise<Upstream>((resolve, reject) => {
			const rawUrl = req.url ?? '/';
			const path = hostile && safeDecode(rawUrl).includes(HOSTILE_MARKERS.oscTitle) ? unhostileUrl(rawUrl) : rawUrl;
			const headers = {...req.headers, host: upstreamUrl.host};
			const out = httpRequest(
				{host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path, headers, agent},
				res => {
					const chunks: Buffer[] = [];
					res.on('data', (chunk: Buffer) => chunks.push(chunk));
					res.on('end', () => resolve({status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks)}));
					res.on('error', reject);
				},
			);
			out.on('error', reject);
			out.end(body.length > 0 ? body : undefined);
		});

	const reply = (res: ServerResponse, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer | string) => {
		if (res.destroyed) return;
		const out: Record<string, string | string[] | number> = {};
		for (const [name, value] of Object.entries(headers)) {
			if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) out[name] = value;
		}
		out['content-length'] = Buffer.byteLength(body);
		res.writeHead(status, out);
		res.end(body);
	};

	const sendHuge = (res: ServerResponse, bytes: number) => {
		const head = '{"items":[],"next_page_id":null,"padding":"';
		const tail = '"}';
		let left = Math.max(0, bytes - head.length - tail.length);
		res.writeHead(200, {'content-type': 'application/json', 'content-length': head.length + left + tail.length});
		res.write(head);
		const chunk = Buffer.alloc(1 << 20, 'a');
		const pump = () => {
			while (left > 0 && !res.destroyed) {
				const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
				left -= piece.length;
				if (!res.write(piece)) {
					res.once('drain', pump);
					return;
				}
			}
			if (!res.destroyed) res.end(tail);
		};
		pump();
	};

	const withJson = (answer: Upstream, change: (value: unknown) => unknown): Upstream => {
		const type = String(answer.headers['content-type'] ?? '');
		if (!/json/i.test(type)) return answer;
		try {
			const value = JSON.parse(answer.body.toString('utf8')) as unknown;
			return {...answer, body: Buffer.from(JSON.stringify(change(value)), 'utf8')};
		} catch {
			return answer;
		}
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const method = (req.method ?? 'GET').toUpperCase();
		const rule = rules.find(r => r.fault.kind !== 'refuse' && r.left > 0 && inScope(r.scope, method, url.pathname));
		if (rule) rule.left--;
		const fault = rule?.fault ?? null;
		const record: FaultRequest = {method, path: url.pathname, query: url.search.replace(/^\?/, ''), at: Date.now(), fault: fault?.kind ?? null};
		requests.push(record);
		const body = await readBody(req);
		if (!fault) {
			const answer = await fetchUpstream(req, body, rules.some(r => r.fault.kind === 'hostile'));
			return reply(res, answer.status, answer.headers, answer.body);
		}
		switch (fault.kind) {
			case 'reset':
				req.socket.destroy();
				return;
			case 'delayHeaders': {
				const gone = await wait(fault.ms, res);
				if (gone) return;
				const answer = await fetchUpstream(req, body, false);
				return reply(res, answer.status, answer.headers, answer.body);
			}
			case 'status':
				return reply(res, fault.status, {'content-type': fault.contentType, server: 'uvicorn', ...fault.headers}, fault.body);
			case 'huge':
				return sendHuge(res, fault.bytes);
			case 'truncate': {
				const answer = await fetchUpstream(req, body, false);
				const text = answer.body.toString('utf8');
				// a valid prefix: at least one byte, never the whole answer
				const cut = Math.max(1, Math.min(text.length - 1, Math.floor(text.length / 2)));
				return reply(res, answer.status, answer.headers, text.slice(0, cut));
			}
			case 'schema': {
				const answer = withJson(await fetchUpstream(req, body, false), value => breakSchema(value).value);
				return reply(res, answer.status, answer.headers, answer.body);
			}
			case 'hostile': {
				const answer = withJson(await fetchUpstream(req, body, true), hostileJson);
				return reply(res, answer.status, answer.headers, answer.body);
			}
			case 'custom':
				return fault.handle({
					req,
					res,
					url,
					record,
					upstream: () => fetchUpstream(req, body, false),
					reply: (status, headers, answer) => reply(res, status, headers, answer),
					wait: ms => wait(ms, res),
				});
			default:
				return;
		}
	};

	/** Resolves true when the client went away during the wait (or the server closed). */
	const wait = (ms: number, res: ServerResponse) =>
		new Promise<boolean>(resolve => {
			const timer = setTimeout(() => {
				timers.delete(timer);
				res.off('close', onClose);
				resolve(res.destroyed || closed);
			}, ms);
			const onClose = () => {
				clearTimeout(timer);
				timers.delete(timer);
				resolve(true);
			};
			timers.add(timer);
			res.once('close', onClose);
		});

	const server = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (res.headersSent) res.destroy();
			else reply(res, 502, {'content-type': 'text/plain'}, 'fault server: upstream failed');
		});
	});
	server.keepAliveTimeout = 30_000;
	server.on('connection', socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	const listen = (port: number) =>
		new Promise<number>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, '127.0.0.1', () => {
				server.off('error', reject);
				const address = server.address();
				resolve(typeof address === 'object' && address ? address.port : port);
			});
		});

	const stopListening = () =>
		new Promise<void>(resolve => {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			server.close(() => resolve());
			for (const socket of sockets) socket.destroy();
			sockets.clear();
		});

	const port = await listen(options.port ?? 0);

	const refuse = async () => {
		if (refused || closed) return;
		refused = true;
		await stopListening();
	};
	const restore = async () => {
		if (!refused || closed) return;
		await listen(port);
		refused = false;
	};
	const set = async (fault: Fault, scope: FaultScope = {}) => {
		rules = [{fault, scope, left: scope.times ?? Number.POSITIVE_INFINITY}];
		if (fault.kind === 'refuse') await refuse();
		else await restore();
	};
	const add = async (fault: Fault, scope: FaultScope = {}) => {
		rules = [...rules, {fault, scope, left: scope.times ?? Number.POSITIVE_INFINITY}];
		if (fault.kind === 'refuse') await refuse();
	};

	return {
		url: `http://127.0.0.1:${port}`,
		port,
		upstream,
		get requests() {
			return requests;
		},
		clearRequests() {
			requests.length = 0;
		},
		set,
		add,
		async heal() {
			rules = [];
			await restore();
		},
		refuse: () => set({kind: 'refuse'}),
		async restore() {
			rules = rules.filter(r => r.fault.kind !== 'refuse');
			await restore();
		},
		reset: scope => set({kind: 'reset'}, scope),
		delayHeaders: (ms, scope) => set({kind: 'delayHeaders', ms}, scope),
		status: (code, body, contentType, headers, scope) =>
			set({kind: 'status', status: code, body, contentType, ...(headers ? {headers} : {})}, scope),
		hostile: scope => set({kind: 'hostile'}, scope),
		get refused() {
			return refused;
		},
		async close() {
			if (closed) return;
			closed = true;
			if (!refused) await stopListening();
			agent.destroy();
			if (ownUpstream) await upstream.close();
		},
	};
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise(resolve => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', () => resolve(Buffer.alloc(0)));
	});
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
