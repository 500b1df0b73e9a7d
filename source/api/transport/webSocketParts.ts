/**
 * undici's WebSocket, taken from its own modules like the rest of undici (./undiciParts.ts), and
 * loaded with import() by ./eventSocket.ts only when the first socket opens: the handshake is a
 * fetch, so this module pulls in undici's fetch, which a session that never opens a socket does
 * not need to parse or keep in memory.
 *
 * Why undici's and not Node's global WebSocket: Node 20 has none without a flag; where Node has one
 * it is Node's own copy of undici (a different version on every Node line), which cannot take this
 * bundle's dispatcher, and the dispatcher is what carries the proxy from the environment, an added
 * CA, the size limit and the handshake's status (below). One client on every Node line.
 */
import type {IncomingHttpHeaders} from 'node:http';
import type {Duplex} from 'node:stream';
import type {Dispatcher, WebSocket as WebSocketClass} from 'undici';
import websocket from 'undici/lib/web/websocket/websocket.js';
import DecoratorHandlerModule from 'undici/lib/handler/decorator-handler.js';

type Parts = {WebSocket: typeof WebSocketClass; ping(socket: WebSocketClass, payload?: Buffer): void};

const parts = websocket as Parts;
export const WebSocket = parts.WebSocket;
export type WebSocket = WebSocketClass;
/** sends a ping control frame (undici exports it beside the class; the browser API has none) */
export const ping = parts.ping;

type Handler = Dispatcher.DispatchHandler;
type DecoratorHandler = new (handler: Handler) => Handler;
const Decorator = DecoratorHandlerModule as unknown as DecoratorHandler;

/**
 * Records the HTTP status the server answered the upgrade with. A browser's WebSocket says only
 * "error, 1006" for both a refused handshake (an agent server answers a wrong key or a bad
 * parameter with a bare 403, shared/openhands-agent-server.md 2.3, 6.1) and a server that is down;
 * the two call for different things (poll and stop asking, or reconnect soon). The upgraded TCP
 * socket comes with it: undici's close waits for the peer's close frame, which a half-dead
 * connection never sends, so ending the socket is ours to do.
 */
export function recordHandshake(dispatcher: Dispatcher, onStatus: (status: number, socket: Duplex | null) => void): Dispatcher {
	return dispatcher.compose(dispatch => (options, handler) => {
		const recording = new (class extends Decorator {
			override onRequestUpgrade(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, socket: Duplex): void {
				onStatus(status, socket);
				super.onRequestUpgrade?.(controller, status, headers, socket);
			}

			override onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders, message?: string): void {
				onStatus(status, null);
				super.onResponseStart?.(controller, status, headers, message);
			}
		})(handler);
		return dispatch(options, recording);
	});
}
