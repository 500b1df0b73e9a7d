import type {CallOptions, ConversationQuery, StartTaskQuery} from '../types.js';
import {getBatch} from '../paging/batch.js';
import type {ApiContext} from '../context.js';
import type {Http} from '../transport/http.js';
import {PageGuard} from '../paging/pageGuard.js';
import {clampLimit, pageParams} from '../paging/pageQuery.js';
import {
	type AppConversation,
	type NewConversation,
	type Page,
	type StartTask,
	conversationPageSchema,
	conversationSchema,
	countSchema,
	startTaskPageSchema,
	startTaskSchema,
} from '../schemas/index.js';

const BASE = '/api/v1/app-conversations';

export function searchConversations(
	http: Http,
	query?: ConversationQuery,
	options?: CallOptions,
): Promise<Page<AppConversation>> {
	return http.json(
		{
			method: 'GET',
			path: `${BASE}/search`,
			query: {
				...pageParams(query),
				title__contains: query?.titleContains || undefined,
				sandbox_id__eq: query?.sandboxIdEq || undefined,
				updated_at__gte: query?.updatedAtGte ? query.updatedAtGte.toISOString() : undefined,
			},
			signal: options?.signal,
			deadlineMs: options?.deadlineMs,
		},
		conversationPageSchema,
	);
}

/** Pages read by `conversationsInSandbox`: a sandbox shared by more than 500 conversations is not a case to page through. */
const SANDBOX_PAGES = 5;

/** `sandbox_id__eq` on current servers (newer doc 8.2); null on legacy ones, which cannot filter by sandbox. */
export async function conversationsInSandbox(
	ctx: ApiContext,
	sandboxId: string,
	options?: CallOptions,
): Promise<AppConversation[] | null> {
	const server = await ctx.server(options?.signal);
	if (server.generation !== 'current') return null;
	const out: AppConversation[] = [];
	const guard = new PageGuard();
	let pageId: string | null = null;
	for (let page = 0; page < SANDBOX_PAGES; page++) {
		const answer: Page<AppConversation> = await searchConversations(ctx.http, {sandboxIdEq: sandboxId, pageId, limit: 100}, options);
		const result: Page<AppConversation> = guard.take('sandbox', pageId, answer, {emptyEnds: true}).page;
		// a legacy-like server that ignored the filter must not make strangers look like siblings
		out.push(...result.items.filter(c => c.sandbox_id === sandboxId));
		pageId = result.next_page_id;
		if (pageId === null) break;
	}
	return out;
}

/** `?ids=a&ids=b`; the handler asserts `len(ids) < 100` (2.4), so at most 99 per call. */
export function getConversations(
	http: Http,
	ids: readonly string[],
	options?: CallOptions,
): Promise<(AppConversation | null)[]> {
	return getBatch(http, {path: BASE, param: 'ids', chunkSize: 99, item: conversationSchema}, ids, options);
}

export function countConversations(
	http: Http,
	query?: {titleContains?: string},
	options?: CallOptions,
): Promise<number> {
	return http.json(
		{method: 'GET', path: `${BASE}/count`, query: {title__contains: query?.titleContains || undefined}, signal: options?.signal, deadlineMs: options?.deadlineMs},
		countSchema,
	);
}

/** The wire body `AppConversationStartRequest` (3.8); unset fields are left out (all are optional). */
export function startRequestBody(request: NewConversation): Record<string, unknown> {
	const body: Record<string, unknown> = {};
	const text = request.initialMessage;
	if (text.trim() !== '') {
		// `run: true`: the agent server passes `initial_message.run` to send_message, and with the
		// default `false` the message is queued but the agent stays idle until something else starts it
		// (the web UI's V1 flow does not send it; 8.3 echoes `"run": false`). Someone typing a task
		// into this UI expects the agent to start working on it.
		body['initial_message'] = {role: 'user', content: [{type: 'text', text}], run: true};
	}
	if (request.repository) body['selected_repository'] = request.repository;
	if (request.branch) body['selected_branch'] = request.branch;
	if (request.gitProvider) body['git_provider'] = request.gitProvider;
	if (request.sandboxId) body['sandbox_id'] = request.sandboxId;
	if (request.llmModel) body['llm_model'] = request.llmModel;
	body['trigger'] = 'openhands_api';
	return body;
}

/** `POST /api/v1/app-conversations`: answers the first start task (`WORKING`); poll it with getStartTasks. */
export function createConversation(http: Http, request: NewConversation, options?: CallOptions): Promise<StartTask> {
	return http.json({method: 'POST', path: BASE, body: startRequestBody(request), signal: options?.signal, deadlineMs: options?.deadlineMs}, startTaskSchema);
}

/** `GET …/start-tasks?ids=`; same `< 100` assert as the conversation batch (2.6). */
export function getStartTasks(http: Http, ids: readonly string[], options?: CallOptions): Promise<(StartTask | null)[]> {
	return getBatch(http, {path: `${BASE}/start-tasks`, param: 'ids', chunkSize: 99, item: startTaskSchema}, ids, options);
}

export function searchStartTasks(http: Http, query?: StartTaskQuery, options?: CallOptions): Promise<Page<StartTask>> {
	return http.json(
		{
			method: 'GET',
			path: `${BASE}/start-tasks/search`,
			query: {
				page_id: query?.pageId ?? undefined,
				limit: clampLimit(query?.limit),
				conversation_id__eq: query?.conversationIdEq || undefined,
				created_at__gte: query?.createdAtGte ? query.createdAtGte.toISOString() : undefined,
				sort_order: query?.sortOrder,
			},
			signal: options?.signal,
			deadlineMs: options?.deadlineMs,
		},
		startTaskPageSchema,
	);
}
