/**
 * A small agent server (SDK 1.43.1 shapes, shared/openhands-agent-server.md) on 127.0.0.1 for the
 * client and store tests until the stand-in (`source/server/agentServer/`) serves them: public
 * `/server_info`, the key check (401 `Unauthorized`; no key configured: everything open), settings
 * (redacted, or encrypted with `X-Expose-Secrets: encrypted`), profiles, conversations (search,
 * batch, count, get, start, delete), events (storage order, page ids are event ids), the controls,
 * the confirmation policy and git changes/diffs. Unknown paths: 404 `{"detail":"Not Found"}`.
 */
import {randomUUID} from 'node:crypto';
import {type IncomingMessage, type Server, type ServerResponse, createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {type RawEvent, isoformat} from './eventData.js';

export type AgentConversationFixture = {
	id: string;
	title: string | null;
	status: string;
	workingDir: string;
	model: string;
	policy: Record<string, unknown>;
	createdAt: string;
	updatedAt: string;
	events: RawEvent[];
	/** `usage_to_metrics` entries: cost and prompt/completion tokens */
	usage: Record<string, {cost: number; prompt: number; completion: number}>;
	/** path → [original, modified] */
	git: Record<string, [string | null, string | null]>;
};

export type AgentSeen = {method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: string};

export type AgentFixture = {
	url: string;
	seen: AgentSeen[];
	conversations: Map<string, AgentConversationFixture>;
	version: string;
	/** the SESSION_API_KEY; null: no auth */
	key: string | null;
	/** what `GET /api/settings` answers (redacted form) */
	settings: Record<string, unknown>;
	/** what `POST /api/conversations` answers instead of starting one (a 500 of the real server) */
	createFailure: {status: number; body: unknown} | null;
	lines(): string[];
	add(partial: Partial<AgentConversationFixture> & {id?: string}): AgentConversationFixture;
	close(): Promise<void>;
};

const dashed = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const hexOf = (id: string) => id.replaceAll('-', '').toLowerCase();

function send(res: ServerResponse, status: number, body: unknown): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text), vary: 'Origin', server: 'uvicorn'});
	res.end(text);
}

export function defaultAgentSettings(): Record<string, unknown> {
	return {
		agent_settings: {
			schema_version: 5,
			agent_kind: 'openhands',
			agent: 'CodeActAgent',
			llm: {model: 'openai/gpt-4o', api_key: '**********', base_url: null, usage_id: 'default'},
			tools: null,
			enable_sub_agents: false,
			tool_concurrency_limit: 1,
			mcp_config: {fetch: {command: 'uvx', args: ['mcp-server-fetch'], transport: 'stdio'}},
			condenser: {enabled: true, max_size: 240, condenser_kind: 'llm_summarizing'},
			verification: {critic_enabled: false},
		},
		conversation_settings: {schema_version: 1, max_iterations: 500, confirmation_mode: true, security_analyzer: 'llm'},
		llm_api_key_is_set: true,
		active_profile: 'fast',
		active_agent_profile_id: null,
		misc_settings: {app_preferences: {language: 'en', git_user_name: 'octo'}},
	};
}

/** ConversationInfo as 1.43.1 serializes it (with nulls; only the keys ohtui reads and a few more). */
export function conversationInfo(c: AgentConversationFixture): Record<string, unknown> {
	const usage = Object.fromEntries(
		Object.entries(c.usage).map(([name, u]) => [
			name,
			{model_name: c.model, accumulated_cost: u.cost, max_budget_per_task: null, accumulated_token_usage: {model: c.model, prompt_tokens: u.prompt, completion_tokens: u.completion, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, context_window: 0, per_turn_token: 0, response_id: ''}},
		]),
	);
	return {
		id: dashed(c.id),
		workspace: {working_dir: c.workingDir, kind: 'LocalWorkspace'},
		persistence_dir: `workspace/conversations/${c.id}`,
		max_iterations: 500,
		stuck_detection: true,
		execution_status: c.status,
		confirmation_policy: c.policy,
		security_analyzer: null,
		stats: {usage_to_metrics: usage},
		title: c.title,
		metrics: null,
		created_at: c.createdAt,
		updated_at: c.updatedAt,
		parent_conversation_id: null,
		sub_conversation_ids: [],
		tags: {},
		agent: {kind: 'Agent', llm: {model: c.model, api_key: null}},
	};
}

export async function startAgentFixture(options: {key?: string | null; version?: string} = {}): Promise<AgentFixture> {
	const seen: AgentSeen[] = [];
	const conversations = new Map<string, AgentConversationFixture>();
	const fixture = {version: options.version ?? '1.43.1', key: options.key ?? null, settings: defaultAgentSettings(), createFailure: null as AgentFixture['createFailure']};
	const now = () => isoformat(Date.now());

	const push = (c: AgentConversationFixture, event: Record<string, unknown>) => {
		c.events.push({id: randomUUID(), timestamp: now(), source: 'environment', ...event} as RawEvent);
		c.updatedAt = new Date().toISOString().replace(/Z$/, '000Z');
	};

	function handle(request: AgentSeen, res: ServerResponse): void {
		const {method, path, query} = request;
		if (path === '/server_info' || path === '/') {
			return send(res, 200, {uptime: 812.0, idle_time: 3.0, title: 'OpenHands Agent Server', version: fixture.version, sdk_version: fixture.version, docs: '/docs', redoc: '/redoc'});
		}
		if (path === '/alive' || path === '/health') return send(res, 200, {status: 'ok'});
		const known = /^\/api\/(settings|profiles|git\/(changes|diff)|conversations(\/search|\/count|\/[0-9a-f-]{32,36}(\/.*)?)?)$/.test(path);
		if (!known) return send(res, 404, {detail: 'Not Found'});
		if (fixture.key && request.headers['x-session-api-key'] !== fixture.key) return send(res, 401, {detail: 'Unauthorized'});
		if (path === '/api/settings') {
			const expose = request.headers['x-expose-secrets'];
			if (expose === undefined) return send(res, 200, fixture.settings);
			if (expose !== 'encrypted') return send(res, 400, {detail: 'Invalid X-Expose-Secrets header'});
			const agent = fixture.settings['agent_settings'] as Record<string, unknown>;
			return send(res, 200, {...fixture.settings, agent_settings: {...agent, llm: {...(agent['llm'] as object), api_key: 'gAAAAA-encrypted-key'}}});
		}
		if (path === '/api/profiles') return send(res, 200, {profiles: [{name: 'fast', model: 'openai/gpt-4o-mini', base_url: null, provider_connection_id: null, provider_connection_broken: false, api_key_set: true}], active_profile: 'fast'});
		if (path === '/api/conversations/search') {
			const all = [...conversations.values()].reverse();
			if (query.get('sort_order') === 'UPDATED_AT_DESC') all.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
			const limit = Number(query.get('limit') ?? 100);
			if (limit > 100) return send(res, 500, {detail: 'Internal Server Error', exception: '', error_id: 'a'.repeat(32)});
			const start = Math.max(0, all.findIndex(c => c.id === query.get('page_id')));
			const page = all.slice(start, start + limit);
			const next = all[start + limit];
			return send(res, 200, {items: page.map(conversationInfo), next_page_id: next ? next.id : null});
		}
		if (path === '/api/conversations/count') return send(res, 200, conversations.size);
		if (path === '/api/conversations' && method === 'GET') {
			return send(res, 200, query.getAll('ids').map(id => (conversations.has(hexOf(id)) ? conversationInfo(conversations.get(hexOf(id))!) : null)));
		}
		if (path === '/api/conversations' && method === 'POST') {
			if (fixture.createFailure) return send(res, fixture.createFailure.status, fixture.createFailure.body);
			const body = JSON.parse(request.body) as Record<string, unknown>;
			const workspace = body['workspace'] as {working_dir?: string} | undefined;
			if (!workspace?.working_dir || !body['agent_settings']) return send(res, 422, {detail: [{type: 'missing', loc: ['body', 'workspace'], msg: 'Field required'}]});
			const llm = (body['agent_settings'] as {llm?: {model?: string}}).llm;
			const made = add({workingDir: workspace.working_dir, model: llm?.model ?? 'gpt-5.5', policy: (body['confirmation_policy'] as Record<string, unknown>) ?? {kind: 'NeverConfirm'}, status: body['initial_message'] ? 'running' : 'idle'});
			return send(res, 201, conversationInfo(made));
		}
		if (path === '/api/git/changes') {
			const dir = query.get('path') ?? '';
			const c = [...conversations.values()].find(x => x.workingDir === dir);
			return send(res, 200, c ? Object.entries(c.git).map(([file, [a, b]]) => ({status: a === null ? 'ADDED' : b === null ? 'DELETED' : 'UPDATED', path: file})) : []);
		}
		if (path === '/api/git/diff') {
			const file = query.get('path') ?? '';
			for (const c of conversations.values()) {
				const rel = file.startsWith(`${c.workingDir}/`) ? file.slice(c.workingDir.length + 1) : null;
				if (rel && c.git[rel]) return send(res, 200, {original: c.git[rel][0], modified: c.git[rel][1]});
			}
			return send(res, 200, {original: null, modified: null});
		}
		const match = /^\/api\/conversations\/([0-9a-f-]{32,36})(\/.*)?$/.exec(path)!;
		const c = conversations.get(hexOf(match[1]!));
		const rest = match[2] ?? '';
		const missing = () => send(res, 404, {detail: `Conversation not found: ${dashed(hexOf(match[1]!))}`});
		if (rest === '' && method === 'GET') return c ? send(res, 200, conversationInfo(c)) : send(res, 404, {detail: 'Not Found'});
		if (rest === '' && method === 'DELETE') {
			if (!c) return send(res, 400, {detail: 'Bad Request'});
			conversations.delete(c.id);
			return send(res, 200, {success: true});
		}
		if (rest === '/events/search') {
			if (!c) return missing();
			const desc = query.get('sort_order') === 'TIMESTAMP_DESC';
			const order = desc ? [...c.events].reverse() : c.events;
			const limit = Number(query.get('limit') ?? 100);
			const at = order.findIndex(e => e.id === query.get('page_id'));
			const start = at < 0 ? 0 : at;
			const gte = query.get('timestamp__gte');
			const lt = query.get('timestamp__lt');
			const matching = order.slice(start).filter(e => (!gte || e.timestamp >= gte) && (!lt || e.timestamp < lt));
			return send(res, 200, {items: matching.slice(0, limit), next_page_id: matching[limit]?.id ?? null});
		}
		if (method !== 'POST') return send(res, 405, {detail: 'Method Not Allowed'});
		if (rest === '/pause' || rest === '/interrupt') {
			if (!c) return send(res, 400, {detail: 'Bad Request'});
			push(c, {source: 'user', kind: rest === '/pause' ? 'PauseEvent' : 'InterruptEvent'});
			c.status = 'paused';
			return send(res, 200, {success: true});
		}
		if (rest === '/run') {
			if (!c) return send(res, 404, {detail: 'Not Found'});
			if (c.status === 'running') return send(res, 409, {detail: 'Conversation already running. Wait for completion or pause first.'});
			c.status = 'running';
			return send(res, 200, {success: true});
		}
		if (!c) return missing();
		const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
		if (rest === '/events') {
			const text = ((body['content'] as {text?: string}[] | undefined) ?? []).map(part => part.text ?? '').join('');
			push(c, {source: 'user', kind: 'MessageEvent', llm_message: {role: 'user', content: [{type: 'text', text}]}});
			if (body['run'] === true) c.status = 'running';
			return send(res, 200, {success: true});
		}
		if (rest === '/events/respond_to_confirmation') {
			if (body['accept'] === true) c.status = 'running';
			else push(c, {kind: 'UserRejectObservation', rejection_reason: body['reason'] ?? 'User rejected the action.', tool_name: 'terminal', tool_call_id: 'x', action_id: 'x'});
			if (body['accept'] !== true) c.status = 'idle';
			return send(res, 200, {success: true});
		}
		if (rest === '/confirmation_policy') {
			c.policy = body['policy'] as Record<string, unknown>;
			push(c, {kind: 'ConversationStateUpdateEvent', key: 'confirmation_policy', value: c.policy});
			return send(res, 200, {success: true});
		}
		send(res, 404, {detail: 'Not Found'});
	}

	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const request: AgentSeen = {method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8')};
			seen.push(request);
			handle(request, res);
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;

	function add(partial: Partial<AgentConversationFixture> & {id?: string}): AgentConversationFixture {
		const id = partial.id ?? randomUUID().replaceAll('-', '');
		const stamp = new Date().toISOString().replace(/Z$/, '000Z');
		const made: AgentConversationFixture = {
			id,
			title: null,
			status: 'idle',
			workingDir: '/work/project',
			model: 'openai/gpt-4o',
			policy: {kind: 'NeverConfirm'},
			createdAt: stamp,
			updatedAt: stamp,
			events: [],
			usage: {},
			git: {},
			...partial,
		};
		conversations.set(id, made);
		return made;
	}

	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		conversations,
		get version() {
			return fixture.version;
		},
		set version(value: string) {
			fixture.version = value;
		},
		get key() {
			return fixture.key;
		},
		set key(value: string | null) {
			fixture.key = value;
		},
		get settings() {
			return fixture.settings;
		},
		set settings(value: Record<string, unknown>) {
			fixture.settings = value;
		},
		get createFailure() {
			return fixture.createFailure;
		},
		set createFailure(value: AgentFixture['createFailure']) {
			fixture.createFailure = value;
		},
		lines: () => seen.map(r => `${r.method} ${r.path}${[...r.query].length ? `?${r.query.toString()}` : ''}`),
		add,
		async close() {
			server.closeAllConnections();
			await new Promise<void>(resolve => server.close(() => resolve()));
		},
	};
}
