import {afterEach} from 'vitest';
import {type AgentServerOptions, type AgentServerStandIn, startAgentServerStandIn} from '../../../source/server/index.js';
import {type Got, readGot} from '../helpers.js';

const open: AgentServerStandIn[] = [];

afterEach(async () => {
	await Promise.all(open.splice(0).map(server => server.close()));
});

/** A stand-in agent server closed after the test; no live story unless asked (tests drive it). */
export async function startAgent(options: AgentServerOptions = {}): Promise<AgentServerStandIn> {
	const server = await startAgentServerStandIn({live: false, utcOffsetMinutes: 0, ...options});
	open.push(server);
	return server;
}

export type CallOptions = {method?: string; key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string>};

/** One request over real HTTP; the key goes in `X-Session-API-Key` when given. */
export async function call(server: AgentServerStandIn, path: string, options: CallOptions = {}): Promise<Got> {
	const headers: Record<string, string> = {...options.headers};
	if (options.key) headers['X-Session-API-Key'] = options.key;
	let body: string | undefined;
	if (options.raw !== undefined) body = options.raw;
	else if (options.body !== undefined) body = JSON.stringify(options.body);
	if (body !== undefined) headers['content-type'] = 'application/json';
	return readGot(await fetch(server.url + path, {method: options.method ?? 'GET', headers, body}));
}

export type Info = {id: string; title: string | null; execution_status: string; [key: string]: any};

export async function conversations(server: AgentServerStandIn, key?: string): Promise<Info[]> {
	return (await call(server, '/api/conversations/search', {key})).json.items;
}

export async function byTitle(server: AgentServerStandIn, start: string, key?: string): Promise<Info> {
	const found = (await conversations(server, key)).find(c => c.title?.startsWith(start));
	if (!found) throw new Error(`no conversation titled ${start}…`);
	return found;
}

/** Every event of a conversation, oldest first, through id pages. */
export async function allEvents(server: AgentServerStandIn, id: string, key?: string): Promise<any[]> {
	const items: any[] = [];
	let page: string | null = null;
	do {
		const got = await call(server, `/api/conversations/${id}/events/search?limit=100${page ? `&page_id=${page}` : ''}`, {key});
		items.push(...got.json.items);
		page = got.json.next_page_id;
	} while (page !== null);
	return items;
}

/** Waits (real time, 10 ms steps, up to `ms`) until `read` gives a value `done` accepts. */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)?.slice(0, 300)}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

export const NAIVE_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
export const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UNKNOWN = '0123456789abcdef0123456789abcdef';
export const UNKNOWN_DASHED = '01234567-89ab-cdef-0123-456789abcdef';
