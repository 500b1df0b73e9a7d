import type {StandInServer} from '../../source/server/index.js';
import {get, type Got, readGot} from './helpers.js';

/** A request to the stand-in's agent-server listener, with the session key when given. */
export async function agent(
	server: StandInServer,
	path: string,
	options: {method?: string; key?: string | null; body?: unknown; raw?: string} = {},
): Promise<Got> {
	const headers: Record<string, string> = {};
	if (options.key) headers['X-Session-API-Key'] = options.key;
	let body: string | undefined;
	if (options.raw !== undefined) body = options.raw;
	else if (options.body !== undefined) body = JSON.stringify(options.body);
	if (body !== undefined) headers['content-type'] = 'application/json';
	return readGot(await fetch(server.agentUrl + path, {method: options.method ?? 'GET', headers, body}));
}

export type Conversation = {
	id: string;
	title: string;
	sandbox_id: string;
	sandbox_status: string;
	execution_status: string | null;
	conversation_url: string | null;
	session_api_key: string | null;
};

/** Every conversation, sub-conversations included, from the app server. */
export async function conversations(server: StandInServer): Promise<Conversation[]> {
	return (await get(server, '/api/v1/app-conversations/search?include_sub_conversations=true')).json.items;
}

export async function byTitle(server: StandInServer, start: string): Promise<Conversation> {
	const found = (await conversations(server)).find(c => c.title.startsWith(start));
	if (!found) throw new Error(`no conversation titled ${start}…`);
	return found;
}

/** All of a conversation's events through the current app-server route (offset pages). */
export async function currentEvents(server: StandInServer, id: string): Promise<any[]> {
	const items: any[] = [];
	let page: string | null = '0';
	while (page !== null) {
		const got = await get(server, `/api/v1/conversation/${id}/events/search?limit=100&page_id=${page}`);
		items.push(...got.json.items);
		page = got.json.next_page_id;
	}
	return items;
}

/** All of a conversation's events through the agent server (id pages). */
export async function agentEvents(server: StandInServer, c: Conversation): Promise<any[]> {
	const items: any[] = [];
	let page: string | null = null;
	do {
		const got = await agent(server, `/api/conversations/${c.id}/events/search?limit=100${page ? `&page_id=${page}` : ''}`, {key: c.session_api_key});
		items.push(...got.json.items);
		page = got.json.next_page_id;
	} while (page !== null);
	return items;
}

export const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const NAIVE_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?$/;

export const dashedOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const text = (value: string) => ({role: 'user', content: [{type: 'text', text: value}]});
