import {type IncomingMessage, type Server, type ServerResponse, createServer} from 'node:http';
import type {AddressInfo} from 'node:net';

export type SeenRequest = {
	method: string;
	/** path without the query string */
	path: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	body: string;
};

export type Handler = (request: SeenRequest, res: ServerResponse, raw: IncomingMessage) => void;

/** A node:http server on 127.0.0.1 whose answer each test sets; it records what it saw. */
export type TestServer = {
	url: string;
	port: number;
	seen: SeenRequest[];
	handle(handler: Handler): void;
	close(): Promise<void>;
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers});
	res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
	res.writeHead(status, {'content-type': type, 'content-length': Buffer.byteLength(text)});
	res.end(text);
}

export async function startTestServer(): Promise<TestServer> {
	let handler: Handler = (_request, res) => sendJson(res, 404, {detail: 'Not Found'});
	const seen: SeenRequest[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const request: SeenRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: url.searchParams,
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			seen.push(request);
			handler(request, res, req);
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		seen,
		handle(next) {
			handler = next;
		},
		async close() {
			server.closeAllConnections();
			await new Promise<void>(resolve => server.close(() => resolve()));
		},
	};
}

/** A port nothing listens on: listen, note the port, close. */
export async function deadPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise<void>(resolve => server.close(() => resolve()));
	return port;
}
