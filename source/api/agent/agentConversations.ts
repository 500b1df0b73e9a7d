/**
 * The conversations of a direct agent server (shared/openhands-agent-server.md 4): search, batch
 * get, count and start. Deleting and everything under one conversation is ./agentRoutes.ts.
 */
import {z} from 'zod';
import {getBatch} from '../paging/batch.js';
import type {CallOptions, ConversationQuery, Created} from '../types.js';
import {errorFromResponse} from '../transport/errorFromResponse.js';
import {noSettingsRoute} from './agentSettings.js';
import {policyFromSettings} from '../confirmationPolicy.js';
import {makeError} from '../errorText.js';
import type {Http} from '../transport/http.js';
import {clampLimit} from '../paging/pageQuery.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';
import {agentConversationPageSchema, agentConversationSchema} from '../schemas/agentConversation.js';
import {type AppConversation, type NewConversation, type Page, countSchema} from '../schemas/index.js';

const BASE = '/api/conversations';

/**
 * `GET /api/conversations/search` (4.1): newest created first (the server's default, as app servers
 * list). The server has no title or time filter: `updatedAtGte` (the background check for what
 * changed) asks `UPDATED_AT_DESC` and keeps what changed since, ending the paging at the first older
 * item; `titleContains` is applied to each page as it comes.
 */
export async function searchAgentConversations(http: Http, query?: ConversationQuery, options?: CallOptions): Promise<Page<AppConversation>> {
	const since = query?.updatedAtGte?.getTime();
	const page = await http.json(
		{
			method: 'GET',
			path: `${BASE}/search`,
			query: {
				page_id: query?.pageId ?? undefined,
				limit: clampLimit(query?.limit) ?? 100,
				sort_order: since === undefined ? undefined : 'UPDATED_AT_DESC',
			},
			signal: options?.signal,
			deadlineMs: options?.deadlineMs,
		},
		agentConversationPageSchema,
	);
	if (since === undefined && !query?.titleContains) return page;
	const title = query?.titleContains?.toLowerCase();
	const items = page.items.filter(c => (since === undefined || c.updated_at >= since) && (!title || (c.title ?? '').toLowerCase().includes(title)));
	const older = since !== undefined && page.items.some(c => c.updated_at < since);
	return {...page, items, next_page_id: older ? null : page.next_page_id};
}

/** `GET /api/conversations?ids=…` (4.1): null for unknown ids, in request order; fewer than 100 a call. */
export function getAgentConversations(http: Http, ids: readonly string[], options?: CallOptions): Promise<(AppConversation | null)[]> {
	return getBatch(http, {path: BASE, param: 'ids', chunkSize: 99, item: agentConversationSchema}, ids, options);
}

/** `GET /api/conversations/count`: a bare integer. */
export function countAgentConversations(http: Http, options?: CallOptions): Promise<number> {
	return http.json({method: 'GET', path: `${BASE}/count`, signal: options?.signal, deadlineMs: options?.deadlineMs}, countSchema);
}

const savedSchema = z.looseObject({
	agent_settings: z.record(z.string(), z.unknown()),
	conversation_settings: z
		.looseObject({
			confirmation_mode: z.boolean().nullable().optional().catch(null),
			security_analyzer: z.string().nullable().optional().catch(null),
			max_iterations: z.number().int().positive().nullable().optional().catch(null),
		})
		.nullable()
		.optional()
		.catch(null),
});

/**
 * `POST /api/conversations` with the server's saved settings. The agent server does not fill a new
 * conversation from its own `/api/settings` (doc 4.3): they are read with
 * `X-Expose-Secrets: encrypted` and sent back with `secrets_encrypted: true`, as Agent Canvas does,
 * so the key stays encrypted on the wire and in this process (which never keeps or shows it). The
 * initial message always starts the agent. 201 (or 200 for an id that exists) with the conversation.
 */
export async function createAgentConversation(http: Http, request: NewConversation, options?: CallOptions): Promise<Created> {
	const workingDir = request.workingDir?.trim();
	if (!workingDir) {
		throw makeError({operation: `POST ${BASE}`, host: 'the agent server'}, {kind: 'validation', message: 'an agent server needs a working directory for a new conversation'});
	}
	const raw = await http.send({method: 'GET', path: '/api/settings', headers: {'x-expose-secrets': 'encrypted'}, signal: options?.signal, deadlineMs: options?.deadlineMs});
	const none = noSettingsRoute(raw, ' to start a conversation with');
	if (none) throw none;
	if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
	const saved = parseWith(raw.ctx, savedSchema, parseJsonBody(raw.ctx, raw), raw.status);
	const agentSettings: Record<string, unknown> = {...saved.agent_settings};
	if (request.llmModel) {
		const llm = agentSettings['llm'];
		agentSettings['llm'] = {...(llm && typeof llm === 'object' ? llm : {}), model: request.llmModel};
	}
	const conversation = saved.conversation_settings ?? null;
	const text = request.initialMessage.trim();
	const body: Record<string, unknown> = {
		agent_settings: agentSettings,
		secrets_encrypted: true,
		workspace: {working_dir: workingDir},
		confirmation_policy: policyFromSettings(conversation?.confirmation_mode, conversation?.security_analyzer),
		stuck_detection: true,
		autotitle: true,
		...(conversation?.security_analyzer === 'llm' ? {security_analyzer: {kind: 'LLMSecurityAnalyzer'}} : {}),
		...(conversation?.max_iterations ? {max_iterations: conversation.max_iterations} : {}),
		...(text ? {initial_message: {role: 'user', content: [{type: 'text', text}], run: true}} : {}),
	};
	const created = await http.json({method: 'POST', path: BASE, body, signal: options?.signal, deadlineMs: options?.deadlineMs}, agentConversationSchema);
	return {kind: 'conversation', conversation: created};
}

