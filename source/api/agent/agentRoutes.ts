/**
 * The agent server's conversation routes (shared/openhands-agent-server.md 4-8), once, over an
 * endpoint: the direct agent-server backend (the user's key, the client's own origin) and app servers
 * through a conversation's `conversation_url` + `session_api_key` (./agentServer.ts) both call these
 * (issue 16 decision 2). No request here follows a redirect (./http.ts) or goes to another origin
 * than the endpoint's.
 */
import {z} from 'zod';
import {type AgentCall, agentServerError, unreachableAgent} from './agentErrors.js';
import type {AgentCommand, CallOptions, EventQuery, GitChange, GitDiff} from '../types.js';
import {tryJson} from '../transport/errorFromResponse.js';
import {naiveUtc, rawEventPageSchema, readEvents} from '../paging/eventPage.js';
import {type ErrorContext, makeError} from '../errorText.js';
import {isApiError} from '../errors.js';
import type {Http, HttpResponse, RequestSpec} from '../transport/http.js';
import {clampLimit} from '../paging/pageQuery.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';
import {agentConversationSchema} from '../schemas/agentConversation.js';
import type {AppConversation, ConfirmationPolicy, ConversationEvent, EventPage} from '../schemas/index.js';

export type AgentEndpoint = {
	http: Http;
	/** `/api/conversations/<id>` under the transport's base URL */
	path: string;
	/** for messages: `localhost:34521` */
	where: string;
	hostname: string;
	/** the key that goes with it ('' when none: an agent server without keys takes any request) */
	key: string;
	/** the user's own agent server (its key, its errors in plain words); false: a sandbox's, through an app server */
	direct: boolean;
};

/** `{"success": true}`; a 2xx body we cannot read is still a 2xx (the server took the request). */
const successSchema = z.looseObject({success: z.boolean(), message: z.string().nullable().optional()});

export function checkSuccess(ctx: ErrorContext, json: unknown, fallback: string): void {
	const parsed = successSchema.safeParse(json);
	if (!parsed.success || parsed.data.success) return;
	throw makeError(ctx, {kind: 'server', message: parsed.data.message ? `refused: ${parsed.data.message}` : fallback});
}

/** One request to the endpoint's server; an unreachable sandbox's server is said in its words. */
async function send(ep: AgentEndpoint, spec: RequestSpec, call: AgentCall): Promise<HttpResponse> {
	const errorCtx: ErrorContext = {operation: `${spec.method} ${spec.path}`, host: ep.where, apiKey: ep.key || null};
	let raw: HttpResponse;
	try {
		raw = await ep.http.send(spec);
	} catch (error) {
		if (!isApiError(error) || ep.direct) throw error;
		throw unreachableAgent(error, errorCtx, ep.where, ep.hostname);
	}
	if (raw.status < 200 || raw.status >= 300) throw agentServerError(raw.ctx, raw, call, ep.where, ep.direct);
	return raw;
}

async function post(ep: AgentEndpoint, call: AgentCall, suffix: string, body: unknown, options?: CallOptions, method: 'POST' | 'DELETE' = 'POST'): Promise<void> {
	const spec: RequestSpec = {method, path: `${ep.path}${suffix}`, ...(body === undefined ? {} : {body}), signal: options?.signal, deadlineMs: options?.deadlineMs};
	const raw = await send(ep, spec, call);
	checkSuccess(raw.ctx, tryJson(raw), 'the agent server answered success=false');
}

/**
 * `POST …/events` with `run: true` (the route's default is false: the message would be stored and
 * the agent would not pick it up; doc 7.1).
 */
export function sendToAgent(ep: AgentEndpoint, text: string, options?: CallOptions): Promise<void> {
	return post(ep, 'send', '/events', {role: 'user', content: [{type: 'text', text}], run: true}, options);
}

const ROUTES: Record<AgentCommand, string> = {
	pause: '/pause',
	run: '/run',
	interrupt: '/interrupt',
	accept: '/events/respond_to_confirmation',
	reject: '/events/respond_to_confirmation',
};

/** Pause / run / interrupt the agent, accept / reject its pending actions (doc 7.2, 7.3). */
export function commandAgent(ep: AgentEndpoint, command: AgentCommand, reason?: string, options?: CallOptions): Promise<void> {
	const text = reason?.trim();
	// the server's own default reason when none is given ("User rejected the action.")
	const body = command === 'accept' ? {accept: true} : command === 'reject' ? {accept: false, ...(text ? {reason: text} : {})} : undefined;
	return post(ep, command, ROUTES[command], body, options);
}

/** `POST …/confirmation_policy {"policy": {...}}` (doc 7.4). */
export function setConfirmationPolicy(ep: AgentEndpoint, policy: ConfirmationPolicy, options?: CallOptions): Promise<void> {
	return post(ep, 'policy', '/confirmation_policy', {policy}, options);
}

/** `GET /api/conversations/{id}`: the conversation as its agent server sees it (4.1). */
export async function readAgentConversation(ep: AgentEndpoint, options?: CallOptions): Promise<AppConversation> {
	const raw = await send(ep, {method: 'GET', path: ep.path, signal: options?.signal, deadlineMs: options?.deadlineMs}, 'read');
	return parseWith(raw.ctx, agentConversationSchema, parseJsonBody(raw.ctx, raw), raw.status);
}

/** `DELETE /api/conversations/{id}` → `{"success":true}`; an unknown id is a bare 400, not a 404 (4.4). */
export async function deleteAgentConversation(ep: AgentEndpoint, options?: CallOptions): Promise<void> {
	try {
		await post(ep, 'delete', '', undefined, options, 'DELETE');
	} catch (error) {
		if (isApiError(error) && error.status === 400) {
			throw makeError({operation: `DELETE ${ep.path}`, host: ep.where, apiKey: ep.key || null}, {kind: 'not_found', status: 400, message: 'the agent server does not know this conversation (nothing deleted)'});
		}
		throw error;
	}
}

/**
 * `GET …/events/search` (doc 5.1): `page_id` is an event id, the first item of the page (inclusive),
 * and items come in storage order (forwards for `TIMESTAMP`, backwards for `TIMESTAMP_DESC`). A query
 * anchored at an event held (`anchorEventId`) pages from it and sends no time bound: a `stats` update
 * is stored after events newer than its own timestamp (6.2), and a time bound would skip it.
 * Without an anchor, the bounds are the naive strings the server compares (what it sent, to the ms).
 */
export async function searchAgentEvents(ep: AgentEndpoint, query: EventQuery = {}, options?: CallOptions): Promise<EventPage> {
	const pageId = query.pageId || query.anchorEventId || undefined;
	const spec: RequestSpec = {
		method: 'GET',
		path: `${ep.path}/events/search`,
		query: {
			page_id: pageId,
			sort_order: query.sortOrder,
			limit: clampLimit(query.limit) ?? 100,
			timestamp__gte: !pageId && query.timestampGte ? naiveUtc(query.timestampGte.getTime()) : undefined,
			timestamp__lt: !pageId && query.timestampLt ? naiveUtc(query.timestampLt.getTime()) : undefined,
		},
		signal: options?.signal,
		deadlineMs: options?.deadlineMs,
	};
	const raw = await send(ep, spec, 'read');
	const page = parseWith(raw.ctx, rawEventPageSchema, parseJsonBody(raw.ctx, raw), raw.status);
	return {...readEvents(page.items), next_page_id: page.next_page_id};
}

/**
 * `GET …/events/{event_id}` (doc 5.2): the event with its nulls; an id the log does not hold is a
 * 500 (a KeyError the server does not catch), read as not there.
 */
export async function getAgentEvent(ep: AgentEndpoint, eventId: string, options?: CallOptions): Promise<ConversationEvent | null> {
	const spec: RequestSpec = {method: 'GET', path: `${ep.path}/events/${encodeURIComponent(eventId)}`, signal: options?.signal, deadlineMs: options?.deadlineMs};
	try {
		const raw = await send(ep, spec, 'read');
		return readEvents([parseJsonBody(raw.ctx, raw)]).items[0] ?? null;
	} catch (error) {
		if (isApiError(error) && (error.status === 500 || error.status === 404)) return null;
		throw error;
	}
}

const changesSchema = z.array(z.looseObject({status: z.string().catch('UPDATED'), path: z.string()}));
const diffSchema = z.looseObject({original: z.string().nullable().catch(null).default(null), modified: z.string().nullable().catch(null).default(null)});

/**
 * A git route of the endpoint's server (doc 8.1): `?path=` since about 1.13; v1.1.0 has only the
 * path form, whose `{path:path}` parameter keeps the leading slash of an absolute path (**derived**:
 * FastAPI passes `//workspace/…` through as `/workspace/…`).
 */
function gitSpec(route: 'changes' | 'diff', target: string, query: boolean, options?: CallOptions, ref?: string | null): RequestSpec {
	const base = {method: 'GET' as const, signal: options?.signal, deadlineMs: options?.deadlineMs};
	if (query) return {...base, path: `/api/git/${route}`, query: {path: target, ref: ref ?? undefined}};
	return {...base, path: `/api/git/${route}/${target.split('/').map(encodeURIComponent).join('/')}`};
}

/**
 * The changed files of a working directory (`[]` for a directory that is not a git repository),
 * against `ref` where given (the query forms only; 1.1.0's path form compares with its own base).
 */
export async function gitChanges(ep: AgentEndpoint, workingDir: string, query: boolean, options?: CallOptions, ref?: string | null): Promise<GitChange[]> {
	const raw = await send(ep, gitSpec('changes', workingDir, query, options, ref), 'git');
	return parseWith(raw.ctx, changesSchema, parseJsonBody(raw.ctx, raw), raw.status).map(c => ({path: c.path, status: c.status}));
}

/** One file's whole original and modified texts (null: absent on that side, or no repository). */
export async function gitDiff(ep: AgentEndpoint, filePath: string, query: boolean, options?: CallOptions): Promise<GitDiff> {
	const raw = await send(ep, gitSpec('diff', filePath, query, options), 'git');
	const diff = parseWith(raw.ctx, diffSchema, parseJsonBody(raw.ctx, raw), raw.status);
	return {original: diff.original, modified: diff.modified};
}
