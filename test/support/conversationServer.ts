/**
 * A node:http server whose conversations a test moves from state to state (the stand-in's agents
 * follow their own plan): conversation search with `updated_at__gte` as the real server reads it
 * (shared/openhands-api.md 2.2), the batch get, empty sandbox, spec and event lists, settings not
 * found (a legacy server, for the generation probe), 404 elsewhere. It records each
 * request with the time of `now`.
 */
import {sendJson, startTestServer, type TestServer} from '../api/testServer.js';

export type ScriptedConversation = {id: string; title: string; status: string | null; updatedAt: number; sandboxId?: string};

export type ConversationServer = {
	server: TestServer;
	url: string;
	conversations: ScriptedConversation[];
	/** `METHOD path?query` and time of each request */
	seen: {line: string; at: number}[];
	/** moves a conversation to a new agent state, stamping `updated_at` with `now` */
	move(id: string, status: string | null): void;
	close(): Promise<void>;
};

export const hexId = (n: number) => n.toString(16).padStart(32, '0');

function wire(c: ScriptedConversation) {
	return {
		id: c.id,
		created_by_user_id: null,
		sandbox_id: c.sandboxId ?? `sandbox-${c.id.slice(-4)}`,
		selected_repository: null,
		selected_branch: null,
		git_provider: null,
		title: c.title,
		trigger: 'gui',
		pr_number: [],
		llm_model: null,
		metrics: null,
		parent_conversation_id: null,
		sub_conversation_ids: [],
		created_at: new Date(c.updatedAt - 3_600_000).toISOString(),
		updated_at: new Date(c.updatedAt).toISOString(),
		sandbox_status: c.status === null ? 'PAUSED' : 'RUNNING',
		execution_status: c.status,
		conversation_url: null,
		session_api_key: null,
	};
}

const EMPTY_LISTS = /^\/api\/v1\/(?:sandboxes|sandbox-specs|events)\/search$|^\/api\/v1\/conversation\/[^/]+\/events\/search$/;

export async function startConversationServer(
	initial: Omit<ScriptedConversation, 'updatedAt'>[],
	now: () => number = Date.now,
): Promise<ConversationServer> {
	const server = await startTestServer();
	const conversations: ScriptedConversation[] = initial.map((c, i) => ({...c, updatedAt: now() - 600_000 + i}));
	const seen: ConversationServer['seen'] = [];
	server.handle((request, res) => {
		const query = request.query.toString();
		seen.push({line: `${request.method} ${request.path}${query ? `?${query}` : ''}`, at: now()});
		if (request.path === '/api/v1/app-conversations/search') {
			const since = request.query.get('updated_at__gte');
			const from = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since);
			const matching = conversations.filter(c => c.updatedAt >= from);
			const limit = Number(request.query.get('limit') ?? 100);
			sendJson(res, 200, {items: matching.slice(0, limit).map(wire), next_page_id: matching.length > limit ? String(limit) : null});
			return;
		}
		if (request.path === '/api/v1/app-conversations') {
			const ids = request.query.getAll('ids');
			sendJson(res, 200, ids.map(id => conversations.find(c => c.id === id)).map(c => (c ? wire(c) : null)));
			return;
		}
		// a legacy server without settings yet (the probe reads it so: shared/openhands-api-newer.md 1.2)
		if (request.path === '/api/settings') {
			sendJson(res, 404, {detail: 'Settings not found'});
			return;
		}
		if (EMPTY_LISTS.test(request.path)) {
			sendJson(res, 200, {items: [], next_page_id: null});
			return;
		}
		sendJson(res, 404, {detail: 'Not Found'});
	});
	return {
		server,
		url: server.url,
		conversations,
		seen,
		move(id, status) {
			const c = conversations.find(x => x.id === id)!;
			c.status = status;
			c.updatedAt = now();
		},
		close: () => server.close(),
	};
}
