import {randomBytes} from 'node:crypto';
import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import {type WebSocket, WebSocketServer} from 'ws';
import type {ContentItem, EventRecord} from '../events/model.js';
import {toJson} from '../json.js';
import type {Faults} from './faults.js';
import {inbound} from './socketInbound.js';
import {type Handshake, readHandshake} from './socketHandshake.js';
import type {Subscriber} from './state.js';
import type {Features} from './version.js';
import {naiveLocal, type Zone} from './zone.js';

/**
 * The events websocket (§6) on the `ws` library's server side. A backend says which conversations
 * exist and how their events read; this module does the rest as `sockets.py` does: the three ways to
 * authenticate and their failures, the subscriber cap, the `full_state` frame, the replay, inbound
 * messages, pings. Used by the agent-server stand-in and by the app-server stand-in's agent listener.
 */
export type SocketConversation = {
	/** the server's own subscribers on this conversation (one, two while it has no title) */
	serverSubscribers(): number;
	subscriberCount(): number;
	subscribe(subscriber: Subscriber): void;
	unsubscribe(subscriber: Subscriber): void;
	/** the `full_state` frame as it would be sent now */
	fullState(): Record<string, unknown>;
	events(): readonly EventRecord[];
	frame(record: EventRecord): Record<string, unknown>;
	/** a user message from the socket: stored and run */
	say(content: ContentItem[]): void;
	/** the error frame for a bad inbound frame */
	errorFrame(code: string, detail: string): Record<string, unknown>;
};

export type SocketBackend = {
	readonly features: Features;
	readonly zone: Zone;
	/** false when no key is configured (everything is open) */
	guarded(hex: string): boolean;
	keyValid(key: string, hex: string): boolean;
	find(hex: string): SocketConversation | undefined;
	record?(req: IncomingMessage, url: URL): void;
};

export type SocketOptions = {pingIntervalMs: number; authTimeoutMs: number; maxSubscribers: number};

const BARE_403 = 'HTTP/1.1 403 \r\ncontent-length: 0\r\n\r\n';
const PROXY_404 = 'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 22\r\nserver: uvicorn\r\nvary: Origin\r\nconnection: close\r\n\r\n{"detail":"Not Found"}';

export class EventSockets {
	private readonly wss = new WebSocketServer({noServer: true, autoPong: false, perMessageDeflate: false, maxPayload: 1 << 20});
	private readonly open = new Set<WebSocket>();

	constructor(
		private readonly backend: SocketBackend,
		private readonly faults: Faults,
		private readonly options: SocketOptions,
	) {}

	upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		this.backend.record?.(req, url);
		if (this.faults.cutting()) return void socket.destroy();
		if (this.faults.refuseUpgrades) return void socket.end(PROXY_404);
		const handshake = readHandshake(url, req.headers, this.backend.features, this.backend.zone);
		if (!handshake) return void socket.end(BARE_403);
		const {backend} = this;
		const guarded = backend.guarded(handshake.hex);
		// a key in the query or header is checked before the socket is accepted: a wrong one refuses it (§2.3)
		if (guarded && handshake.key !== undefined && !backend.keyValid(handshake.key, handshake.hex)) return void socket.end(BARE_403);
		if (guarded && handshake.key === undefined && !backend.features.wsFrameAuth) return void socket.end(BARE_403);
		this.wss.handleUpgrade(req, socket, head, ws => {
			this.open.add(ws);
			ws.on('close', () => this.open.delete(ws));
			ws.on('error', () => ws.terminate());
			this.keepAlive(ws);
			if (guarded && handshake.key === undefined) this.awaitAuth(ws, handshake);
			else this.start(ws, handshake);
		});
	}

	/** First-message auth (v1.19): one `{"type":"auth","session_api_key"}` frame within the timeout, else 4001. */
	private awaitAuth(ws: WebSocket, handshake: Handshake): void {
		const fail = () => ws.close(4001, 'Authentication failed');
		const timer = setTimeout(fail, this.options.authTimeoutMs);
		ws.once('message', (data, binary) => {
			clearTimeout(timer);
			let frame: unknown;
			try {
				frame = binary ? undefined : JSON.parse(data.toString());
			} catch {
				frame = undefined;
			}
			const f = frame as Record<string, unknown> | undefined;
			if (!f || typeof f !== 'object' || Array.isArray(f) || f['type'] !== 'auth' || typeof f['session_api_key'] !== 'string') return fail();
			if (!this.backend.keyValid(f['session_api_key'], handshake.hex)) return fail();
			this.start(ws, handshake);
		});
		ws.once('close', () => clearTimeout(timer));
	}

	/** After auth: the conversation, the cap, subscribe, `full_state` to this socket, the replay, then messages. */
	private start(ws: WebSocket, handshake: Handshake): void {
		const conversation = this.backend.find(handshake.hex);
		if (!conversation) return ws.close(4004, 'Conversation not found');
		const {features} = this.backend;
		if (features.subscriberCap && conversation.subscriberCount() + conversation.serverSubscribers() >= this.options.maxSubscribers) {
			return ws.close(1013, 'Too many connections for this conversation');
		}
		const send = (text: string) => {
			if (!this.faults.silent && ws.readyState === ws.OPEN) ws.send(text);
		};
		const subscriber: Subscriber = {send};
		conversation.subscribe(subscriber);
		ws.once('close', () => conversation.unsubscribe(subscriber));
		send(toJson(conversation.fullState()));
		void this.replay(ws, conversation, handshake, send);
		ws.on('message', (data, binary) => {
			const reply = inbound(data.toString(), binary, content => conversation.say(content));
			if (reply && features.wsErrorEvent) send(toJson(conversation.errorFrame(reply.code, reply.detail)));
		});
	}

	/**
	 * The history the client asked for, in storage order, read from the live log 100 events a page with
	 * a turn of the event loop between pages: the socket is subscribed already, so an event created
	 * meanwhile is sent live and then again when the replay reaches it, as on the real server (§6.2).
	 */
	private async replay(ws: WebSocket, conversation: SocketConversation, handshake: Handshake, send: (text: string) => void): Promise<void> {
		const {replay} = handshake;
		if (!replay || (replay.mode === 'since' && replay.from === null)) return;
		const {zone} = this.backend;
		const from = replay.mode === 'since' ? replay.from! : null;
		const log = conversation.events();
		for (let i = 0; i < log.length; i += 100) {
			if (i > 0) await new Promise(resolve => setImmediate(resolve));
			if (ws.readyState !== ws.OPEN) return;
			for (const record of log.slice(i, i + 100)) {
				if (from === null || naiveLocal(zone, record.us) >= from) send(toJson(conversation.frame(record)));
			}
		}
	}

	/**
	 * Client pings are answered with the same payload (unless silent). Server pings (uvicorn >= 0.46):
	 * every interval, and a close 1011 when the last one's pong has not come by the next (§6.3).
	 */
	private keepAlive(ws: WebSocket): void {
		ws.on('ping', data => {
			if (!this.faults.silent && ws.readyState === ws.OPEN) ws.pong(data);
		});
		const every = this.options.pingIntervalMs;
		if (!every) return;
		let waiting = false;
		ws.on('pong', () => (waiting = false));
		const timer = setInterval(() => {
			if (this.faults.silent) return;
			if (waiting) {
				clearInterval(timer);
				return ws.close(1011, 'keepalive ping timeout');
			}
			waiting = true;
			ws.ping(randomBytes(4));
		}, every);
		timer.unref?.();
		ws.once('close', () => clearInterval(timer));
	}

	count(): number {
		return this.open.size;
	}

	/** Every socket cut without a close frame (a network drop); upgrades cut the same way for `refuseMs`. */
	drop(refuseMs = 0): void {
		this.faults.cutUntil = Math.max(this.faults.cutUntil, Date.now() + refuseMs);
		for (const ws of this.open) ws.terminate();
	}

	close(): void {
		for (const ws of this.open) ws.terminate();
		this.open.clear();
		this.wss.close();
	}
}
