import {badRequest, batchReply} from '../batch.js';
import {internalError, json, type Reply, unprocessable} from '../errors.js';
import {pyListRepr, pyUuid} from '../ids.js';
import {QueryReader, sqlPage} from '../query.js';
import {type Ctx, route} from '../router.js';
import {parseStartRequest} from '../startRequest.js';
import {createStartTask} from '../startTasks.js';
import type {ConversationRecord} from '../state.js';
import {conversationView, taskView} from '../views.js';

type Filters = {
	title: string | null;
	createdGte: number | null;
	createdLt: number | null;
	updatedGte: number | null;
	updatedLt: number | null;
	sandboxId: string | null;
};

/** `sandbox_id__eq` exists on current servers only (newer doc 8.2); legacy FastAPI ignores unknown params. */
function readFilters(ctx: Ctx, q: QueryReader): Filters {
	return {
		sandboxId: ctx.state.current ? q.str('sandbox_id__eq') : null,
		title: q.str('title__contains'),
		createdGte: q.datetime('created_at__gte'),
		createdLt: q.datetime('created_at__lt'),
		updatedGte: q.datetime('updated_at__gte'),
		updatedLt: q.datetime('updated_at__lt'),
	};
}

const asciiLower = (text: string) => text.replace(/[A-Z]/g, c => c.toLowerCase());

/**
 * SQL `LIKE '%x%'` on SQLite: input not escaped, so `%` and `_` are wildcards, and only ASCII letters
 * compare case-insensitively (2.2).
 */
function likeContains(needle: string): (title: string | null) => boolean {
	const source = [...asciiLower(needle)]
		.map(ch => (ch === '%' ? '[\\s\\S]*' : ch === '_' ? '[\\s\\S]' : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
		.join('');
	const re = new RegExp(`^[\\s\\S]*${source}[\\s\\S]*$`, 'u');
	return title => title !== null && re.test(asciiLower(title));
}

function matcher(f: Filters): ((c: ConversationRecord) => boolean) | null {
	const checks: ((c: ConversationRecord) => boolean)[] = [];
	if (f.sandboxId !== null) checks.push(c => c.sandboxId === f.sandboxId);
	if (f.title !== null) {
		const like = likeContains(f.title);
		checks.push(c => like(c.title));
	}
	if (f.createdGte !== null) checks.push(c => c.createdUs >= f.createdGte!);
	if (f.createdLt !== null) checks.push(c => c.createdUs < f.createdLt!);
	if (f.updatedGte !== null) checks.push(c => c.updatedUs >= f.updatedGte!);
	if (f.updatedLt !== null) checks.push(c => c.updatedUs < f.updatedLt!);
	return checks.length === 0 ? null : c => checks.every(check => check(c));
}

/** `GET /api/v1/app-conversations/search` (2.2): created_at descending, `sub_conversation_ids` always []. */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const filters = readFilters(ctx, q);
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0, ctx.state.current ? 100 : undefined);
	const includeSubs = q.bool('include_sub_conversations', false);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (limit > 100) return internalError();
	const source = includeSubs ? ctx.state.conversations : ctx.state.topLevel;
	const match = matcher(filters);
	const rows = match ? source.filter(match) : source;
	return json(200, sqlPage(rows, pageId, limit, c => conversationView(ctx.state, c, false)));
}

/** `GET .../count` (2.3): a bare integer; sub-conversations are not excluded. */
function count(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const match = matcher(readFilters(ctx, q));
	if (q.errors.length > 0) return unprocessable(q.errors);
	const all = ctx.state.conversations;
	return json(200, match ? all.filter(match).length : all.length);
}

/**
 * `GET /api/v1/app-conversations?ids=` (2.4). The real server requires `ids`; without it this stand-in
 * answers the first search page, since the service description lists conversations here (lead's call).
 */
function batch(ctx: Ctx): Reply {
	if (!ctx.query.has('ids')) return search(ctx);
	const view = (id: string) => {
		const conversation = ctx.state.conversationById.get(id);
		return conversation ? conversationView(ctx.state, conversation, true) : null;
	};
	if (ctx.state.current) return currentBatch(ctx, view);
	return batchReply(ctx, {param: 'ids', uuids: true, maxIds: 99, view});
}

/**
 * Current servers take `ids` as strings: 100 or more → 400, then every id that `UUID()` refuses is
 * listed in one 400 (`SS@0266a792` batch_get_app_conversations; newer doc 8.1).
 */
function currentBatch(ctx: Ctx, view: (id: string) => unknown): Reply {
	const raw = ctx.query.getAll('ids');
	if (raw.length >= 100) return badRequest('Too many ids requested. Maximum is 99.');
	const invalid = raw.filter(id => pyUuid(id) === null);
	if (invalid.length > 0) return badRequest(`Invalid UUID format for ids: ${pyListRepr(invalid)}`);
	return json(
		200,
		raw.map(id => view(pyUuid(id)!)),
	);
}

/** `POST /api/v1/app-conversations` (2.5): returns the WORKING task; the flow continues in the background. */
function start(ctx: Ctx): Reply {
	const parsed = parseStartRequest(ctx.body, ctx.headers['content-type'], ctx.state.generation);
	if ('errors' in parsed) return unprocessable(parsed.errors);
	const request = parsed.request;
	if (request.parent_conversation_id) {
		const parent = ctx.state.conversationById.get(request.parent_conversation_id);
		// ValueError('Parent conversation not found: …') is raised before the first item → plain 500
		if (!parent) return internalError();
		request.sandbox_id ??= parent.sandboxId;
		request.llm_model ??= parent.llmModel;
		request.selected_repository ??= parent.repository;
		request.selected_branch ??= parent.branch;
		request.git_provider ??= parent.gitProvider;
	}
	const task = createStartTask(ctx.state, request);
	return json(200, taskView(ctx.state, task, false));
}

export const conversationRoutes = [
	route('GET', '/api/v1/app-conversations/search', search),
	route('GET', '/api/v1/app-conversations/count', count),
	route('GET', '/api/v1/app-conversations', batch),
	route('POST', '/api/v1/app-conversations', start),
];
