import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import type {Faults} from './faults.js';
import type {EventSockets, SocketBackend, SocketOptions} from './socketServer.js';
import type {SocketHooks} from './types.js';

/**
 * The events websocket side of a stand-in agent server (the agent-server stand-in, the app-server
 * stand-in's agent listener): `ws` (./socketServer.ts) is loaded with the first handshake, so a
 * REST-only client never pays for it; and the socket faults tests switch on. `refuse`: a handshake
 * cut at once (the listener's sandbox that is not running).
 */
export function lazySockets(backend: () => SocketBackend, faults: Faults, options: SocketOptions, refuse: (req: IncomingMessage) => boolean = () => false) {
	let sockets: Promise<EventSockets> | null = null;
	const ready = () => (sockets ??= import('./socketServer.js').then(m => new m.EventSockets(backend(), faults, options)));
	const hooks: Omit<SocketHooks, 'socketCount'> = {
		dropSockets(dropOptions = {}) {
			faults.cutUntil = Math.max(faults.cutUntil, Date.now() + (dropOptions.refuseMs ?? 0));
			if (sockets) void sockets.then(s => s.drop(dropOptions.refuseMs ?? 0));
		},
		setRefuseUpgrades: on => void (faults.refuseUpgrades = on),
		setSilent: on => void (faults.silent = on),
		setDown(on) {
			faults.down = on;
			if (on && sockets) void sockets.then(s => s.drop());
		},
	};
	return {
		upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
			socket.on('error', () => socket.destroy());
			if (refuse(req)) return void socket.destroy();
			void ready().then(s => s.upgrade(req, socket, head));
		},
		async close(): Promise<void> {
			if (sockets) (await sockets).close();
		},
		hooks,
	};
}
