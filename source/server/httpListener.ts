import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import type {Duplex} from 'node:stream';
import {internalError, type Reply} from './errors.js';

/** A node:http listener on 127.0.0.1; `close` also ends kept-alive and hanging connections. */
export type Listening = {url: string; port: number; close(): Promise<void>};

const MAX_BODY = 1 << 20;

/**
 * Listens on 127.0.0.1 (`port` 0: any free one). A handler that throws before answering gets a
 * plain 500, as Starlette's ServerErrorMiddleware gives.
 */
export async function listenLocal(
	handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
	port = 0,
	/** websocket handshakes (without it Node treats them as plain requests) */
	upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<Listening> {
	const sockets = new Set<Socket>();
	const server = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent) sendReply(res, internalError());
		});
	});
	if (upgrade) server.on('upgrade', upgrade);
	server.on('connection', socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const address = server.address();
	const bound = typeof address === 'object' && address ? address.port : 0;
	return {
		url: `http://127.0.0.1:${bound}`,
		port: bound,
		close: () =>
			new Promise<void>(resolve => {
				server.close(() => resolve());
				for (const socket of sockets) socket.destroy();
				sockets.clear();
			}),
	};
}

/** Reads the whole body as UTF-8: null when there is none, undefined when it is over 1 MiB. */
export async function readBody(req: IncomingMessage): Promise<string | null | undefined> {
	const raw = await readRawBody(req, MAX_BODY);
	return raw === undefined ? undefined : raw === null ? null : raw.toString('utf8');
}

/** The whole body as bytes (an upload): null when there is none, undefined when it is over `max`. */
export function readRawBody(req: IncomingMessage, max = MAX_BODY): Promise<Buffer | null | undefined> {
	return new Promise(resolve => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= max) chunks.push(chunk);
		});
		req.on('end', () => resolve(size > max ? undefined : size === 0 ? null : Buffer.concat(chunks)));
		req.on('error', () => resolve(null));
	});
}

export const tooLarge = (): Reply => ({...internalError(), status: 413, body: 'Request Entity Too Large'});

/**
 * Writes a Reply as uvicorn would. `extraHeaders` go before the reply's own (the app server's
 * cache-control headers, which a reply with `cache: false` leaves out); `headOnly` sends no body.
 */
export function sendReply(res: ServerResponse, reply: Reply, options: {extraHeaders?: Record<string, string>; headOnly?: boolean} = {}): void {
	if (res.destroyed) return;
	res.writeHead(reply.status, {
		'content-type': reply.contentType,
		'content-length': Buffer.byteLength(reply.body),
		server: 'uvicorn',
		...options.extraHeaders,
		...reply.headers,
	});
	res.end(options.headOnly ? undefined : reply.body);
}
