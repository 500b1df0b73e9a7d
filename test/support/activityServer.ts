/**
 * A small fixture OpenHands server for the activity work (issue 10), on 127.0.0.1: conversations,
 * sandboxes (resume/pause), both generations' event searches with their quirks, current send-message
 * with its status table, the agent server (a second listener: events, pause, run, confirmation,
 * behind the sandbox's session key) and the delete routes (shared/openhands-api-newer.md 4-7).
 * Time is the test's: events get the timestamps the test gives.
 */
import {randomUUID} from 'node:crypto';
import {type IncomingMessage, type Server, type ServerResponse, createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {performance} from 'node:perf_hooks';
import {type AgentSockets, attachAgentSockets} from './agentSockets.js';
import {type RawEvent, type SearchAnswer, currentSearch, legacySearch, messageEvent, stateEvent} from './eventData.js';

export type Generation = 'legacy' | 'current';

export type SeenRequest = {
	on: 'app' | 'agent';
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	body: string;
	/** performance.now() when the request's body had arrived */
	at: number;
};

export type FixtureSandbox = {id: string; status: string; key: string; deleted?: boolean};
export type FixtureConversation = {id: string; sandboxId: string; title: string; execution: string; events: RawEvent[]; deleted?: boolean};

export type ActivityServer = {
	url: string;
	agentUrl: string;
	generation: Generation;
	seen: SeenRequest[];
	sandboxes: Map<string, FixtureSandbox>;
	conversations: Map<string, FixtureConversation>;
	/** the time events created by the server get (send-message, pause, …) */
	now: () => number;
	setNow(ms: number): void;
	/** `METHOD /path?query` of what the app server (or the agent server, prefixed `agent`) saw */
	lines(): string[];
	/** a sandbox resumed here reports STARTING for this many batch gets, then RUNNING (default 1) */
	resumeSteps: number;
	/** answers every event search with this status until cleared (null) */
	failEvents: number | null;
	/** current app servers before OpenHands#14399: a plain-text 500 to any search with `timestamp__gte`/`__lt` */
	boundsFail: boolean;
	/** requests this matches are seen but never answered (a server that blocks); null: none */
	hold: ((request: SeenRequest) => boolean) | null;
	/** the agent server's events websocket (test/support/agentSockets.ts) */
	sockets: AgentSockets;
	/** answers a request its own way first: an answer, or `drop` (the connection closes, no answer) */
	intercept: ((request: SeenRequest) => SearchAnswer | 'drop' | null) | null;
	/** stops the agent server's listener (its port then refuses connections) */
	closeAgent(): Promise<void>;
	close(): Promise<void>;
};

const dashed = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function send(res: ServerResponse, answer: SearchAnswer): void {
	const text = answer.json === undefined ? (answer.text ?? '') : JSON.stringify(answer.json);
	const type = answer.json === undefined ? 'text/plain; charset=utf-8' : 'application/json';
	res.writeHead(answer.status, {'content-type': type, 'content-length': Buffer.byteLength(text)});
	res.end(text);
}

const json = (status: number, body: unknown): SearchAnswer => ({status, json: body});

async function listen(handler: (request: SeenRequest, res: ServerResponse) => void, on: SeenRequest['on']): Promise<Server> {
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			handler({on, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now()}, res);
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return server;
}

export async function startActivityServer(generation: Generation, start = Date.UTC(2025, 10, 15, 9, 0, 0)): Promise<ActivityServer> {
	const seen: SeenRequest[] = [];
	const sandboxes = new Map<string, FixtureSandbox>();
	const conversations = new Map<string, FixtureConversation>();
	const starting = new Map<string, number>();
	let now = start;
	let agentUrl = '';

	const conversationJson = (c: FixtureConversation) => {
		const sandbox = sandboxes.get(c.sandboxId);
		const live = sandbox?.status === 'RUNNING';
		return {
			id: c.id, created_by_user_id: null, sandbox_id: c.sandboxId, selected_repository: null, selected_branch: null, git_provider: null,
			title: c.title, trigger: null, pr_number: [], llm_model: null, metrics: null, parent_conversation_id: null, sub_conversation_ids: [],
			created_at: '2025-11-15T08:00:00Z', updated_at: '2025-11-15T08:00:00Z',
			sandbox_status: sandbox && !sandbox.deleted ? sandbox.status : 'MISSING',
			execution_status: live ? c.execution : null,
			conversation_url: live ? `${agentUrl}/api/conversations/${c.id}` : null,
			session_api_key: live ? sandbox.key : null,
		};
	};
	const sandboxJson = (s: FixtureSandbox) => ({
		id: s.id, created_by_user_id: null, sandbox_spec_id: 'spec', status: s.status,
		session_api_key: s.status === 'RUNNING' ? s.key : null, exposed_urls: null, created_at: '2025-11-15T08:00:00Z',
	});
	const live = () => [...conversations.values()].filter(c => !c.deleted);
	const findConversation = (id: string) => live().find(c => c.id === id.replaceAll('-', ''));

	function appRoute(r: SeenRequest): SearchAnswer {
		const {method, path, query} = r;
		if (method === 'GET' && path === '/api/v1/settings') {
			return generation === 'current' ? json(404, {error: 'Settings not found'}) : json(404, {detail: 'Not Found'});
		}
		if (method === 'GET' && path === '/api/settings') {
			return generation === 'legacy' ? json(404, {error: 'Settings not found'}) : json(404, {detail: 'Not Found'});
		}
		if (method === 'GET' && path === '/api/v1/app-conversations/search') return json(200, {items: live().map(conversationJson), next_page_id: null});
		if (method === 'GET' && path === '/api/v1/app-conversations') {
			return json(200, query.getAll('ids').map(id => {
				const c = findConversation(id);
				return c ? conversationJson(c) : null;
			}));
		}
		if (method === 'GET' && path === '/api/v1/sandboxes') {
			return json(200, query.getAll('id').map(id => {
				const s = sandboxes.get(id);
				if (!s || s.deleted) return null;
				const left = starting.get(id);
				if (left !== undefined) {
					if (left <= 0) {
						starting.delete(id);
						s.status = 'RUNNING';
					} else starting.set(id, left - 1);
				}
				return sandboxJson(s);
			}));
		}
		const action = /^\/api\/v1\/sandboxes\/([^/]+)\/(pause|resume)$/.exec(path);
		if (method === 'POST' && action) {
			const s = sandboxes.get(action[1]!);
			if (!s || s.deleted) return json(404, {detail: 'Not Found'});
			if (action[2] === 'pause') s.status = 'PAUSED';
			else {
				s.status = 'STARTING';
				starting.set(s.id, fixture.resumeSteps);
			}
			return json(200, {success: true});
		}
		if (fixture.failEvents !== null && path.endsWith('/events/search')) return {status: fixture.failEvents, text: 'Internal Server Error'};
		if (fixture.boundsFail && path.endsWith('/events/search') && (query.has('timestamp__gte') || query.has('timestamp__lt'))) {
			return {status: 500, text: 'Internal Server Error'};
		}
		if (method === 'GET' && generation === 'legacy' && path === '/api/v1/events/search') {
			const id = (query.get('conversation_id__eq') ?? '').replaceAll('-', '');
			return legacySearch(conversations.get(id)?.events ?? [], query);
		}
		const events = /^\/api\/v1\/conversation\/([^/]+)\/events\/search$/.exec(path);
		if (method === 'GET' && generation === 'current' && events) {
			const id = events[1]!.replaceAll('-', '');
			if (!/^[0-9a-f]{32}$/.test(id)) return {status: 500, text: 'Internal Server Error'};
			return currentSearch(conversations.get(id)?.events ?? [], query);
		}
		// one event by id (4.1, 4.2): an array, null for a miss; legacy finds it across conversations
		const byId = /^\/api\/v1\/conversation\/([^/]+)\/events$/.exec(path);
		if (method === 'GET' && ((generation === 'current' && byId) || (generation === 'legacy' && path === '/api/v1/events'))) {
			const pool = byId ? (conversations.get(byId[1]!.replaceAll('-', ''))?.events ?? []) : [...conversations.values()].flatMap(c => c.events);
			return json(200, query.getAll('id').map(id => pool.find(e => e.id === id) ?? null));
		}
		const sendMessage = /^\/api\/v1\/app-conversations\/([^/]+)\/send-message$/.exec(path);
		if (method === 'POST' && generation === 'current' && sendMessage) return appSendMessage(sendMessage[1]!, r.body);
		return deleteRoute(r) ?? json(404, {detail: 'Not Found'});
	}

	/** 5.1: the status table, then the message recorded as the agent server would record it */
	function appSendMessage(rawId: string, body: string): SearchAnswer {
		const c = findConversation(rawId);
		if (!c) return json(404, {detail: `Conversation ${dashed(rawId.replaceAll('-', ''))} not found`});
		const s = sandboxes.get(c.sandboxId);
		if (!s || s.deleted) return json(404, {detail: `Sandbox not found for conversation ${dashed(c.id)}`});
		if (s.status === 'MISSING') return json(410, {detail: 'Conversation is archived. The sandbox no longer exists.'});
		if (s.status === 'ERROR') return json(503, {detail: 'Sandbox is in an error state and cannot accept messages.'});
		if (s.status !== 'RUNNING') return json(409, {detail: `Sandbox is ${s.status}. Use POST /api/v1/sandboxes/${s.id}/resume to resume it first.`});
		const parsed = JSON.parse(body || '{}') as {content?: {text?: string}[]; run?: boolean};
		if (!Array.isArray(parsed.content) || parsed.content.length === 0) return json(422, {detail: [{loc: ['body', 'content'], msg: 'List should have at least 1 item'}]});
		record(c, parsed.content[0]?.text ?? '', parsed.run ?? true);
		return json(200, {success: true, sandbox_status: 'RUNNING', message: null});
	}

	function record(c: FixtureConversation, text: string, run: boolean): void {
		c.events.push(messageEvent(now, text));
		if (run && c.execution !== 'running') {
			c.execution = 'running';
			c.events.push(stateEvent(now, 'running'));
		}
	}

	function deleteRoute(r: SeenRequest): SearchAnswer | null {
		if (r.method !== 'DELETE') return null;
		const v1 = /^\/api\/v1\/app-conversations\/([^/]+)$/.exec(r.path);
		if (v1 && generation === 'current') {
			if (!/^[0-9a-f-]{32,36}$/i.test(v1[1]!)) return json(400, {detail: 'Invalid conversation ID format'});
			const c = findConversation(v1[1]!);
			if (!c) return json(404, {detail: 'Conversation not found'});
			c.deleted = true;
			return json(200, {success: true});
		}
		const v0 = /^\/api\/conversations\/([^/]+)$/.exec(r.path);
		if (v0 && generation === 'legacy') {
			const c = findConversation(v0[1]!);
			if (c) c.deleted = true;
			return json(200, Boolean(c));
		}
		const sandbox = /^\/api\/v1\/sandboxes\/([^/]+)$/.exec(r.path);
		if (sandbox) {
			// legacy: the handler reads `sandbox_id` from the query (7.3); current here: the path
			const id = generation === 'legacy' ? r.query.get('sandbox_id') : sandbox[1]!;
			if (id === null) return json(422, {detail: [{type: 'missing', loc: ['query', 'sandbox_id'], msg: 'Field required'}]});
			const s = sandboxes.get(id);
			if (!s || s.deleted) return json(404, {detail: 'Not Found'});
			s.deleted = true;
			return json(200, {success: true});
		}
		return null;
	}

	/** sdk@v1.1.0 conversation_router.py / event_router.py (section 6) */
	function agentRoute(r: SeenRequest): SearchAnswer {
		if (r.method === 'GET' && r.path === '/server_info' && sockets.serverInfo) return json(200, {uptime: 1.0, idle_time: 1.0, title: 'OpenHands Agent Server', version: sockets.version});
		const m = /^\/api\/conversations\/([^/]+)(\/events|\/pause|\/run|\/events\/respond_to_confirmation)$/.exec(r.path);
		const key = r.headers['x-session-api-key'];
		const sandbox = [...sandboxes.values()].find(s => s.key === key && s.status === 'RUNNING' && !s.deleted);
		if (!sandbox) return json(401, {detail: 'Unauthorized'});
		if (!m || r.method !== 'POST') return json(404, {detail: 'Not Found'});
		const id = m[1]!;
		const c = live().find(x => x.id === id.replaceAll('-', '') && x.sandboxId === sandbox.id);
		const body = JSON.parse(r.body || '{}') as {content?: {text?: string}[]; run?: boolean; accept?: boolean; reason?: string};
		switch (m[2]) {
			case '/events':
				if (!c) return json(404, {detail: `Conversation not found: ${dashed(id)}`});
				record(c, body.content?.[0]?.text ?? '', body.run ?? false);
				return json(200, {success: true});
			case '/pause':
				if (!c) return json(400, {detail: 'Bad Request'});
				c.execution = 'paused';
				c.events.push({kind: 'PauseEvent', id: randomUUID(), timestamp: stateEvent(now, 'paused').timestamp, source: 'user'}, stateEvent(now, 'paused'));
				return json(200, {success: true});
			case '/run':
				if (!c) return json(404, {detail: 'Not Found'});
				if (c.execution === 'running') return json(409, {detail: 'Conversation already running. Wait for completion or pause first.'});
				c.execution = 'running';
				c.events.push(stateEvent(now, 'running'));
				return json(200, {success: true});
			default:
				if (!c) return json(404, {detail: `Conversation not found: ${dashed(id)}`});
				if (!body.accept) {
					c.events.push({kind: 'UserRejectObservation', id: randomUUID(), timestamp: stateEvent(now, 'x').timestamp, source: 'environment', tool_name: 'terminal', tool_call_id: 'call', rejection_reason: body.reason ?? 'User rejected the action.', action_id: 'a'});
				}
				c.execution = 'running';
				c.events.push(stateEvent(now, 'running'));
				return json(200, {success: true});
		}
	}

	const answer = (r: SeenRequest, res: ServerResponse, route: (r: SeenRequest) => SearchAnswer) => {
		seen.push(r);
		if (fixture.hold?.(r)) return;
		const own = fixture.intercept?.(r) ?? null;
		if (own === 'drop') res.socket?.destroy();
		else send(res, own ?? route(r));
	};
	const app = await listen((r, res) => answer(r, res, appRoute), 'app');
	const agent = await listen((r, res) => answer(r, res, agentRoute), 'agent');
	agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
	const sockets = attachAgentSockets(agent, id => {
		const c = findConversation(id);
		const s = c && sandboxes.get(c.sandboxId);
		if (!c || !s || s.deleted || s.status !== 'RUNNING') return undefined;
		return {events: c.events, key: s.key, status: c.execution};
	});

	const fixture: ActivityServer = {
		url: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
		agentUrl,
		generation,
		seen,
		sandboxes,
		conversations,
		now: () => now,
		setNow(ms) {
			now = ms;
		},
		lines: () => seen.map(r => `${r.on === 'agent' ? 'agent ' : ''}${r.method} ${r.path}${r.query.size > 0 ? `?${r.query}` : ''}`),
		resumeSteps: 1,
		failEvents: null,
		boundsFail: false,
		hold: null,
		sockets,
		intercept: null,
		async closeAgent() {
			if (!agent.listening) return;
			await sockets.close();
			agent.closeAllConnections();
			await new Promise<void>(resolve => agent.close(() => resolve()));
		},
		async close() {
			await fixture.closeAgent();
			app.closeAllConnections();
			await new Promise<void>(resolve => app.close(() => resolve()));
		},
	};
	return fixture;
}
