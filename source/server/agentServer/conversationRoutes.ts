import {json, type Reply, success, unprocessable} from '../errors.js';
import {dashedUuid, newHexId} from '../ids.js';
import {isObject, readJsonObject} from '../jsonBody.js';
import {QueryReader} from '../query.js';
import {NEVER_CONFIRM} from './conversation.js';
import {conversationInfo} from './conversationView.js';
import {readCreateRequest} from './createRequest.js';
import {say} from './drive.js';
import {asRoute, type Ctx, conversationId, detail, serverError, withConversation} from './routes.js';
import {newRecord} from './seed.js';
import type {Entry} from './state.js';

/** Conversation routes under `/api/conversations` (§4; `conversation_router.py`). */

const STATUSES = ['idle', 'running', 'paused', 'waiting_for_confirmation', 'finished', 'error', 'stuck', 'deleting'] as const;
const SORTS = ['CREATED_AT', 'UPDATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT_DESC'] as const;

const info = (ctx: Ctx, entry: Entry) => conversationInfo(entry.c, ctx.state.features);

/** `status`: an execution status or absent (a 422 for anything else) */
function readStatus(q: QueryReader): string | null {
	return q.str('status') === null ? null : q.enumOf('status', STATUSES, 'idle');
}

function filtered(ctx: Ctx, status: string | null): Entry[] {
	const all = [...ctx.state.entries.values()];
	return status === null ? all : all.filter(e => (e.c.executionStatus ?? 'idle') === status);
}

/**
 * `GET /search`: sorted in memory on every call (CREATED_AT_DESC by default); `page_id` is the hex id of
 * the next page's first item, an unknown one starts again from the top; `lte=100` is not enforced by
 * FastAPI, so 101 trips the handler's assert: a 500 (§4.1).
 */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0);
	const status = readStatus(q);
	const sort = q.enumOf('sort_order', SORTS, 'CREATED_AT_DESC');
	q.bool('include_skills', false);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (limit > 100) return serverError(ctx.state.features);
	const byUpdate = sort.startsWith('UPDATED');
	const key = (e: Entry) => (byUpdate ? e.c.updatedUs : e.c.createdUs);
	const items = filtered(ctx, status).sort((a, b) => key(a) - key(b));
	if (sort.endsWith('_DESC')) items.reverse();
	let start = pageId ? items.findIndex(e => e.c.id === pageId) : 0;
	if (start < 0) start = 0;
	const page = items.slice(start, start + limit);
	const next = items[start + limit];
	return json(200, {items: page.map(e => info(ctx, e)), next_page_id: next ? next.c.id : null});
}

function count(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const status = readStatus(q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	return json(200, filtered(ctx, status).length);
}

/** `GET /api/conversations?ids=…`: request order, null for unknown ids; 100 or more trips an assert (500). */
function batch(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const ids = q.uuidList('ids', true);
	if (q.errors.length > 0 || !ids) return unprocessable(q.errors);
	if (ids.length >= 100) return serverError(ctx.state.features);
	return json(
		200,
		ids.map(hex => {
			const entry = hex ? ctx.state.entries.get(hex) : undefined;
			return entry ? info(ctx, entry) : null;
		}),
	);
}

const getOne = (ctx: Ctx) => withConversation(ctx, () => detail(404, 'Not Found'), entry => json(200, info(ctx, entry)));

/**
 * `POST /api/conversations`: 201 with the new conversation, 200 with the existing one when its
 * `conversation_id` is taken; the `initial_message` always runs the agent, whatever its `run` says (§4.3).
 */
function create(ctx: Ctx): Reply {
	const request = readCreateRequest(ctx.body);
	if ('errors' in request) return unprocessable(request.errors);
	const existing = request.conversationId ? ctx.state.entries.get(request.conversationId) : undefined;
	if (existing) return json(200, info(ctx, existing));
	// no agent profiles are saved on this server
	if (request.agentProfileId) return detail(404, `Agent profile not found: ${dashedUuid(request.agentProfileId)}`);
	const nowUs = ctx.state.nowUs();
	const c = newRecord(request.conversationId ?? newHexId(), null, request.model ?? 'default', 'idle', nowUs, nowUs, request.workingDir);
	Object.assign(c, {
		policy: request.policy ?? NEVER_CONFIRM,
		maxIterations: request.maxIterations,
		stuckDetection: request.stuckDetection,
		autotitle: request.autotitle,
		usageId: request.usageId,
		tags: request.tags,
	});
	const first = request.initialMessage?.find(item => item.type === 'text');
	const entry = ctx.state.add(c, first?.type === 'text' ? first.text : null);
	if (request.initialMessage) say(ctx.state, entry, request.initialMessage, true);
	return json(201, info(ctx, entry));
}

/** `DELETE`: unknown is a 400, not a 404 (§4.4). */
function remove(ctx: Ctx): Reply {
	const id = conversationId(ctx);
	if ('reply' in id) return id.reply;
	return ctx.state.remove(id.hex) ? success() : detail(400, 'Bad Request');
}

/** `PATCH {"title", "tags"}`: unknown answers 200 `{"success": false}` (§4.4). */
function update(ctx: Ctx): Reply {
	const id = conversationId(ctx);
	if ('reply' in id) return id.reply;
	const read = readJsonObject(ctx.body);
	if ('errors' in read) return unprocessable(read.errors);
	const {title, tags} = read.body;
	if (title !== undefined && title !== null && typeof title !== 'string') {
		return unprocessable([{type: 'string_type', loc: ['body', 'title'], msg: 'Input should be a valid string', input: title}]);
	}
	const entry = ctx.state.entries.get(id.hex);
	if (!entry) return json(200, {success: false});
	if (typeof title === 'string') entry.c.title = title;
	if (isObject(tags)) entry.c.tags = Object.fromEntries(Object.entries(tags).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
	return success();
}

/** The last finish message or agent reply, '' before there is one. */
function finalResponse(ctx: Ctx): Reply {
	return withConversation(ctx, () => detail(404, 'Not Found'), entry => {
		for (let i = entry.agent.log.events.length - 1; i >= 0; i--) {
			const body = entry.agent.log.events[i]!.body;
			if (body.kind === 'ActionEvent' && body.call.tool === 'finish') return json(200, {response: body.call.message});
			if (body.kind === 'MessageEvent' && body.role === 'assistant') return json(200, {response: body.content.map(c => (c.type === 'text' ? c.text : '')).join('')});
		}
		return json(200, {response: ''});
	});
}

export const conversationRoutes = [
	asRoute('GET', '/api/conversations/search', search),
	asRoute('GET', '/api/conversations/count', count),
	asRoute('GET', '/api/conversations', batch),
	asRoute('POST', '/api/conversations', create),
	asRoute('GET', '/api/conversations/{conversation_id}', getOne),
	asRoute('DELETE', '/api/conversations/{conversation_id}', remove),
	asRoute('PATCH', '/api/conversations/{conversation_id}', update),
	asRoute('GET', '/api/conversations/{conversation_id}/agent_final_response', finalResponse),
];
