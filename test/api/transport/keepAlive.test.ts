// Issue 21 items 5 and 6 at the client, over real sockets: idle connections go before a server
// that closes them after 5 s (uvicorn's timeout_keep_alive), a `Keep-Alive: timeout=N` is honoured,
// a GET that lands on a connection the server is closing is sent once more on a new one, and a POST
// in the same spot is not repeated: its outcome is unknown (`unanswered`).
import {createServer, type Server, type Socket} from 'node:net';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {createClient, type OpenHandsClient} from '../../../source/api/index.js';
import {apiFailure} from '../apiFailure.js';

const PAGE = JSON.stringify({items: [], next_page_id: null});
const SUCCESS = JSON.stringify({success: true});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const close of closers.splice(0).reverse()) await close();
});

function client(url: string): OpenHandsClient {
	const made = createClient({baseUrl: url, auth: 'session', apiKey: 'k'});
	closers.push(() => made.close());
	return made;
}

/**
 * Answers every request, except the first one that arrives on a kept connection: that connection
 * is closing (the server's idle timer fired as the request arrived): closed, no answer.
 */
async function closingServer(how: 'end' | 'reset'): Promise<{url: string; dropped(): number; requests: string[]}> {
	let dropped = 0;
	const requests: string[] = [];
	const sockets = new Set<Socket>();
	const server: Server = createServer(socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => {});
		let buffer = '';
		let served = 0;
		socket.on('data', chunk => {
			buffer += chunk.toString('latin1');
			for (let end = buffer.indexOf('\r\n\r\n'); end !== -1; end = buffer.indexOf('\r\n\r\n')) {
				const head = buffer.slice(0, end);
				const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
				if (buffer.length < end + 4 + length) return;
				buffer = buffer.slice(end + 4 + length);
				requests.push(head.split(' ').slice(0, 2).join(' '));
				if (served++ > 0 && dropped === 0) {
					dropped++;
					if (how === 'reset') socket.resetAndDestroy();
					else socket.end();
					return;
				}
				const body = head.startsWith('GET') ? PAGE : SUCCESS;
				socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
			}
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	closers.push(async () => {
		for (const socket of sockets) socket.destroy();
		await new Promise<void>(resolve => server.close(() => resolve()));
	});
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dropped: () => dropped, requests};
}

describe('a connection the server closes while idle', () => {
	it.each(['end', 'reset'] as const)('a GET on it is sent again on a new connection (%s)', async how => {
		const server = await closingServer(how);
		const api = client(server.url);
		// polls in a row: undici spreads them over its connections, and each reuse finds one closing
		for (let i = 0; i < 4; i++) await expect(api.searchSandboxes()).resolves.toEqual({items: [], next_page_id: null});
		expect(server.dropped()).toBe(1);
		// the dropped request went out once more
		expect(server.requests.filter(r => r.startsWith('GET'))).toHaveLength(5);
	});

	it('a POST on it is not repeated, and its outcome is unknown rather than failed', async () => {
		const server = await closingServer('end');
		const api = client(server.url);
		await api.searchSandboxes();
		let error = null;
		let posts = 0;
		for (; posts < 4 && !error; posts++) error = await api.pauseSandbox('sb-1').then(() => null, (e: unknown) => e);
		expect(error).toBeInstanceOf(Error);
		const failure = error as {kind: string; unanswered: boolean; message: string};
		expect(failure.kind).toBe('unreachable');
		expect(failure.unanswered).toBe(true);
		expect(failure.message).toMatch(/^connection to 127\.0\.0\.1:\d+ closed before the server answered/);
		expect(server.requests.filter(r => r.startsWith('POST'))).toHaveLength(posts);
	});

	it('a refused connection is not an unknown outcome', async () => {
		const server = await closingServer('end');
		const url = server.url;
		await closers.pop()!();
		const error = await apiFailure(client(url).pauseSandbox('sb-1'));
		expect(error.unanswered).toBe(false);
		expect(error.message).toMatch(/cannot reach .*connection refused/);
	});
});

/**
 * Closes a connection after `idleMs` without a request, as uvicorn does, and like uvicorn (h11)
 * says nothing about it unless `keepAliveHeader` is given (Node's own http server would always
 * send `Keep-Alive: timeout=5`, which undici honours). Notes who closed the first connection first.
 */
async function idleClosingServer(idleMs: number, keepAliveHeader?: string): Promise<{url: string; closedByClient: Promise<boolean>}> {
	let settle!: (byClient: boolean) => void;
	const closedByClient = new Promise<boolean>(resolve => {
		settle = resolve;
	});
	const sockets = new Set<Socket>();
	const server = createServer(socket => {
		sockets.add(socket);
		let idle: NodeJS.Timeout | undefined;
		socket.on('error', () => {});
		// the client's FIN arrives as 'end'; our own idle close comes first otherwise
		socket.on('end', () => settle(true));
		socket.on('close', () => {
			clearTimeout(idle);
			sockets.delete(socket);
		});
		let buffer = '';
		socket.on('data', chunk => {
			buffer += chunk.toString('latin1');
			for (let end = buffer.indexOf('\r\n\r\n'); end !== -1; end = buffer.indexOf('\r\n\r\n')) {
				buffer = buffer.slice(end + 4);
				clearTimeout(idle);
				const extra = keepAliveHeader ? `keep-alive: ${keepAliveHeader}\r\n` : '';
				socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${extra}content-length: ${PAGE.length}\r\n\r\n${PAGE}`);
				idle = setTimeout(() => {
					settle(false);
					socket.end();
				}, idleMs);
			}
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	closers.push(async () => {
		for (const socket of sockets) socket.destroy();
		await new Promise<void>(resolve => server.close(() => resolve()));
	});
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, closedByClient};
}

describe('idle connections are let go before the server closes them', () => {
	it('a server closing after 5 s idle (uvicorn) never closes one of ours first', async () => {
		const server = await idleClosingServer(5000);
		await client(server.url).searchSandboxes();
		expect(await server.closedByClient).toBe(true);
	}, 10_000);

	it('a Keep-Alive: timeout=3 header is honoured (a server closing after 3 s idle)', async () => {
		const server = await idleClosingServer(3000, 'timeout=3');
		await client(server.url).searchSandboxes();
		expect(await server.closedByClient).toBe(true);
	}, 10_000);
});
