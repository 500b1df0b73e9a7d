import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import type {Faults} from '../agentServer/faults.js';
import type {BashSocketBackend, BashSockets} from './bashSocket.js';

/** `/sockets/bash-events`, whatever the query. */
export function isBashSocket(req: IncomingMessage): boolean {
	return new URL(req.url ?? '/', 'http://127.0.0.1').pathname === '/sockets/bash-events';
}

/**
 * The bash events socket of a stand-in agent server (./bashSocket.ts), loaded with its first
 * handshake as the events socket is (../agentServer/lazySockets.ts); the same faults apply to both.
 */
export function lazyBashSockets(backend: () => BashSocketBackend, faults: Faults) {
	let made: Promise<BashSockets> | null = null;
	return {
		upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
			socket.on('error', () => socket.destroy());
			made ??= import('./bashSocket.js').then(m => new m.BashSockets(backend(), faults));
			void made.then(s => s.upgrade(req, socket, head));
		},
		async close(): Promise<void> {
			if (made) (await made).close();
		},
	};
}
