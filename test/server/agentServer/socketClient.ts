import WebSocket from 'ws';

/** A test's view of one events socket (the `ws` client): every frame kept, waits on what comes. */
export type Client = {
	ws: WebSocket;
	frames: any[];
	/** resolves with the handshake's HTTP status when it was refused (no 101) */
	refused: Promise<{status: number; headers: Record<string, string | string[] | undefined>; body: string}>;
	opened: Promise<void>;
	closed: Promise<{code: number; reason: string}>;
	/** the first frame at or after index `from` that `match` accepts */
	next(match: (frame: any) => boolean, ms?: number, from?: number): Promise<any>;
	send(value: unknown): void;
};

export function connect(url: string, options: {headers?: Record<string, string>} = {}): Client {
	const ws = new WebSocket(url, {headers: options.headers});
	const frames: any[] = [];
	const waiters = new Set<() => void>();
	ws.on('message', data => {
		frames.push(JSON.parse(data.toString()));
		for (const wake of waiters) wake();
	});
	const refused = new Promise<{status: number; headers: Record<string, string | string[] | undefined>; body: string}>(resolve => {
		ws.on('unexpected-response', (_req, res) => {
			let body = '';
			res.on('data', chunk => (body += chunk));
			res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}));
		});
	});
	ws.on('error', () => {});
	const opened = new Promise<void>(resolve => ws.once('open', () => resolve()));
	const closed = new Promise<{code: number; reason: string}>(resolve => ws.once('close', (code, reason) => resolve({code, reason: reason.toString()})));
	return {
		ws,
		frames,
		refused,
		opened,
		closed,
		next(match, ms = 5000, from = 0) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = frames.slice(from).find(match);
					if (found === undefined) return false;
					waiters.delete(check as () => void);
					clearTimeout(timer);
					resolve(found);
					return true;
				};
				const timer = setTimeout(() => {
					waiters.delete(check as () => void);
					reject(new Error(`no such frame in ${ms} ms; got ${frames.map(f => f.kind + (f.key ? `:${f.key}` : '')).join(', ')}`));
				}, ms);
				if (!check()) waiters.add(check as () => void);
			});
		},
		send(value) {
			ws.send(typeof value === 'string' ? value : JSON.stringify(value));
		},
	};
}

export const socketUrl = (base: string, id: string, query = '') => `${base.replace(/^http/, 'ws')}/sockets/events/${id}${query ? `?${query}` : ''}`;

export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
