/**
 * `/sockets/bash-events` (`sockets.py` `bash_events_socket`; shared/openhands-agent-server.md §6.7;
 * /work/realserver FINDINGS §5): server-wide, authenticated like the events socket (query key, the
 * `X-Session-API-Key` header since 1.12, a first `{"type":"auth"}` frame since 1.19; a wrong key
 * refuses the upgrade with a bare 403), replay only with `resend_mode=all` (`resend_all` before
 * 1.15; any other mode is a bare 403), then every new BashCommand / BashOutput as one text frame
 * with nulls. An inbound `{command, cwd?, timeout?}` starts a command; a bad one gets a `BashError`
 * frame and the socket stays open. A 1 MiB output is one frame.
 */
import {randomUUID} from 'node:crypto';
import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import {type WebSocket, WebSocketServer} from 'ws';
import type {Faults} from '../agentServer/faults.js';
import {jsonDecodeText} from '../agentServer/pyErrors.js';
import type {Features} from '../agentServer/version.js';
import {toJson} from '../json.js';
import type {BashService} from './bash.js';
import {readBashRequest} from './bashRoutes.js';

export type BashSocketBackend = {
	features: Features;
	/** false when no key is configured (everything is open) */
	guarded: boolean;
	/** the service a key opens (the listener: that sandbox's agent server); null for a wrong key */
	serviceFor(key: string | undefined): BashService | null;
	record?(req: IncomingMessage, url: URL): void;
};

const BARE_403 = 'HTTP/1.1 403 \r\ncontent-length: 0\r\n\r\n';
const PROXY_404 = 'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 22\r\nserver: uvicorn\r\nvary: Origin\r\nconnection: close\r\n\r\n{"detail":"Not Found"}';
const MAX_SUBSCRIBERS = 50;

function errorFrame(code: string, detail: string): string {
	const now = new Date().toISOString().replace('Z', '000Z');
	return toJson({id: randomUUID().replaceAll('-', ''), timestamp: now, code, detail, kind: 'BashError'});
}

export class BashSockets {
	private readonly wss = new WebSocketServer({noServer: true, perMessageDeflate: false, maxPayload: 1 << 20});
	private readonly open = new Set<WebSocket>();

	constructor(
		private readonly backend: BashSocketBackend,
		private readonly faults: Faults,
	) {}

	upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		this.backend.record?.(req, url);
		if (this.faults.cutting()) return void socket.destroy();
		if (this.faults.refuseUpgrades) return void socket.end(PROXY_404);
		const {features, guarded} = this.backend;
		const header = req.headers['x-session-api-key'];
		const key = url.searchParams.get('session_api_key') ?? (features.wsHeaderAuth ? (Array.isArray(header) ? header[0] : header) : undefined);
		// `resend_mode` is `Literal["all"]` since 1.15 (anything else fails validation: a bare 403); before, unknown
		const mode = features.resendMode ? url.searchParams.get('resend_mode') : null;
		if (mode !== null && mode !== 'all') return void socket.end(BARE_403);
		const replay = mode === 'all' || /^(1|on|t|true|y|yes)$/i.test(url.searchParams.get('resend_all') ?? '');
		const service = guarded && key === undefined ? null : this.backend.serviceFor(key);
		if (guarded && key !== undefined && !service) return void socket.end(BARE_403);
		if (guarded && key === undefined && !features.wsFrameAuth) return void socket.end(BARE_403);
		this.wss.handleUpgrade(req, socket, head, ws => {
			this.open.add(ws);
			ws.on('close', () => this.open.delete(ws));
			ws.on('error', () => ws.terminate());
			ws.on('ping', data => ws.readyState === ws.OPEN && ws.pong(data));
			if (service) return this.start(ws, service, replay);
			// first-message auth (v1.19): one auth frame within 10 s, else 4001
			const timer = setTimeout(() => ws.close(4001, 'Authentication failed'), 10_000);
			ws.once('message', data => {
				clearTimeout(timer);
				let frame: Record<string, unknown> | null = null;
				try {
					frame = JSON.parse(data.toString()) as Record<string, unknown>;
				} catch {
					frame = null;
				}
				const found = frame?.['type'] === 'auth' && typeof frame['session_api_key'] === 'string' ? this.backend.serviceFor(frame['session_api_key']) : null;
				if (!found) return ws.close(4001, 'Authentication failed');
				this.start(ws, found, replay);
			});
			ws.once('close', () => clearTimeout(timer));
		});
	}

	private start(ws: WebSocket, service: BashService, replay: boolean): void {
		if (this.backend.features.subscriberCap && service.subscriberCount() >= MAX_SUBSCRIBERS) return ws.close(1013, 'Too many bash event connections');
		const send = (text: string) => {
			if (!this.faults.silent && ws.readyState === ws.OPEN) ws.send(text);
		};
		const unsubscribe = service.subscribe(send);
		ws.once('close', unsubscribe);
		if (replay) for (const stored of [...service.events]) send(toJson(stored.event));
		ws.on('message', (data, binary) => {
			const text = binary ? '' : data.toString();
			let body: unknown;
			try {
				body = JSON.parse(text);
			} catch {
				if (this.backend.features.wsErrorEvent) send(errorFrame('JSONDecodeError', jsonDecodeText(text)));
				return;
			}
			const b = body as Record<string, unknown> | null;
			if (b && typeof b === 'object' && b['type'] === 'auth') return;
			const read = readBashRequest(body);
			if ('errors' in read) {
				if (this.backend.features.wsErrorEvent) send(errorFrame('ValidationError', `${read.errors.length} validation error for ExecuteBashRequest\n${read.errors.map(e => `${e.loc.slice(1).join('.')}\n  ${e.msg}`).join('\n')}`));
				return;
			}
			service.start(read);
		});
	}

	close(): void {
		for (const ws of this.open) ws.terminate();
		this.open.clear();
		this.wss.close();
	}
}
