/**
 * A real HTTP proxy on 127.0.0.1 for tests: `CONNECT host:port` opens a tunnel (node:http's
 * 'connect' event), and an absolute-URI request (`GET http://host/path`) is forwarded, as squid or
 * tinyproxy do. It records what it saw, including every byte that went through a tunnel, so a test
 * can show that a key sent over https never reached the proxy in clear.
 */
import {createServer, request as httpRequest, type IncomingHttpHeaders, type Server} from 'node:http';
import {connect, type AddressInfo, type Socket} from 'node:net';

export type ProxySeen =
	| {kind: 'connect'; target: string; headers: IncomingHttpHeaders}
	| {kind: 'forward'; method: string; url: string; headers: IncomingHttpHeaders};

export type ConnectProxy = {
	url: string;
	port: number;
	seen: ProxySeen[];
	/** all bytes the client sent through tunnels, as latin1 */
	tunnelled(): string;
	/** answer CONNECT with 407 unless this Proxy-Authorization arrives */
	requireAuth(value: string | null): void;
	close(): Promise<void>;
};

export async function startConnectProxy(): Promise<ConnectProxy> {
	const seen: ProxySeen[] = [];
	const tunnelBytes: Buffer[] = [];
	const sockets = new Set<Socket>();
	let auth: string | null = null;

	const server: Server = createServer((req, res) => {
		seen.push({kind: 'forward', method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers});
		let target: URL;
		try {
			target = new URL(req.url ?? '');
		} catch {
			res.writeHead(400).end();
			return;
		}
		const headers = {...req.headers};
		delete headers['proxy-connection'];
		delete headers['proxy-authorization'];
		const upstream = httpRequest(
			{host: target.hostname, port: target.port, method: req.method, path: `${target.pathname}${target.search}`, headers},
			answer => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => res.writeHead(502).end());
		req.pipe(upstream);
	});

	server.on('connect', (req, client: Socket, head: Buffer) => {
		seen.push({kind: 'connect', target: req.url ?? '', headers: req.headers});
		sockets.add(client);
		client.on('close', () => sockets.delete(client));
		if (auth !== null && req.headers['proxy-authorization'] !== auth) {
			client.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n');
			return;
		}
		const [host, port] = (req.url ?? '').split(':');
		const upstream = connect(Number(port), host!, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head.length) {
				tunnelBytes.push(head);
				upstream.write(head);
			}
			client.on('data', (chunk: Buffer) => tunnelBytes.push(chunk));
			client.pipe(upstream);
			upstream.pipe(client);
		});
		sockets.add(upstream);
		upstream.on('close', () => sockets.delete(upstream));
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});

	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		seen,
		tunnelled: () => Buffer.concat(tunnelBytes).toString('latin1'),
		requireAuth(value) {
			auth = value;
		},
		async close() {
			for (const socket of sockets) socket.destroy();
			server.closeAllConnections();
			await new Promise<void>(resolve => server.close(() => resolve()));
		},
	};
}
