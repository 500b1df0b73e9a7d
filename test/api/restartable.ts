import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {type Flavour, type GenerationServerOptions, startGenerationServer} from './generationServers.js';
import type {TestServer} from './testServer.js';

/** A server on a fixed port that can be stopped and started again as another generation. */
export async function restartable(options: Omit<GenerationServerOptions, 'flavour'> = {}): Promise<{port: number; start(flavour: Flavour): Promise<void>; stop(): Promise<void>}> {
	let server: Server | null = null;
	let generationServer: TestServer | null = null;
	const probe = createServer();
	await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
	const {port} = probe.address() as AddressInfo;
	await new Promise<void>(resolve => probe.close(() => resolve()));
	return {
		port,
		async start(flavour) {
			// a proxy in front on the fixed port, forwarding to a generation server on a random one
			generationServer = await startGenerationServer({...options, flavour});
			const target = generationServer;
			server = createServer((req, res) => {
				const headers: Record<string, string> = {accept: 'application/json'};
				for (const name of ['x-session-api-key', 'authorization']) {
					const value = req.headers[name];
					if (typeof value === 'string') headers[name] = value;
				}
				void fetch(`${target.url}${req.url ?? '/'}`, {headers}).then(async answer => {
					const text = await answer.text();
					res.writeHead(answer.status, {'content-type': answer.headers.get('content-type') ?? 'text/plain'});
					res.end(text);
				});
			});
			await new Promise<void>(resolve => server!.listen(port, '127.0.0.1', resolve));
		},
		async stop() {
			server?.closeAllConnections();
			await new Promise<void>(resolve => (server ? server.close(() => resolve()) : resolve()));
			await generationServer?.close();
			server = null;
		},
	};
}

