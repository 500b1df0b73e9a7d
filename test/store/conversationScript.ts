/**
 * A node:http server whose conversations a test moves from state to state (the stand-in's agents
 * follow their own plan): conversation search with `updated_at__gte` as the real server reads it
 * (2.2), and empty sandbox and spec lists. It records each request with store time.
 */
import {createClient} from '../../source/api/createClient.js';
import type {OpenHandsClient} from '../../source/api/client.js';
import {createStore, type PollingStore} from '../../source/store/createStore.js';
import type {StoreOptions} from '../../source/store/types.js';
import {sendJson, startTestServer, type TestServer} from '../api/testServer.js';
import {ManualClock} from './manualClock.js';

export type ScriptedConversation = {id: string; title: string; status: string | null; updatedAt: number; sandboxId?: string};

export type Script = {
	clock: ManualClock;
	server: TestServer;
	client: OpenHandsClient;
	store: PollingStore;
	conversations: ScriptedConversation[];
	/** `path?query` and store time of each request */
	seen: {line: string; at: number}[];
	/** moves a conversation to a new agent state, stamping `updated_at` with store time */
	move(id: string, status: string | null): void;
	advance(ms: number): Promise<void>;
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

export async function script(initial: Omit<ScriptedConversation, 'updatedAt'>[], options: StoreOptions = {}): Promise<Script> {
	const clock = new ManualClock();
	const server = await startTestServer();
	const conversations: ScriptedConversation[] = initial.map((c, i) => ({...c, updatedAt: clock.now() - 600_000 + i}));
	const seen: Script['seen'] = [];
	server.handle((request, res) => {
		seen.push({line: `${request.method} ${request.path}${request.query.toString() ? `?${request.query}` : ''}`, at: clock.now()});
		if (request.path === '/api/v1/app-conversations/search') {
			const since = request.query.get('updated_at__gte');
			const from = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since);
			sendJson(res, 200, {items: conversations.filter(c => c.updatedAt >= from).map(wire), next_page_id: null});
			return;
		}
		if (request.path === '/api/v1/sandboxes/search' || request.path === '/api/v1/sandbox-specs/search') {
			sendJson(res, 200, {items: [], next_page_id: null});
			return;
		}
		sendJson(res, 404, {detail: 'Settings not found'});
	});
	const client = createClient({baseUrl: server.url});
	const store = createStore(client, {scheduler: clock, random: () => 0.5, ...options});
	const settle = () => store.whenSettled();
	return {
		clock,
		server,
		client,
		store,
		conversations,
		seen,
		move(id, status) {
			const c = conversations.find(x => x.id === id)!;
			c.status = status;
			c.updatedAt = clock.now();
		},
		advance: ms => clock.advance(ms, settle),
		async close() {
			store.dispose();
			await client.close();
			await server.close();
		},
	};
}
