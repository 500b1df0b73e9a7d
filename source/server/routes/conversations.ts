import {batchReply} from '../batch.js';
import {internalError, json, type Reply, unprocessable} from '../errors.js';
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
};

function readFilters(q: QueryReader): Filters {
	return {
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
	const filters = readFilters(q);
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0);
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
	const match = matcher(readFilters(q));
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
	return batchReply(ctx, {
		param: 'ids',
		uuids: true,
		maxIds: 99,
		view: id => {
			const conversation = ctx.state.conversationById.get(id);
			return conversation ? conversationView(ctx.state, conversation, true) : null;
		},
	});
}

/** `POST /api/v1/app-conversations` (2.5): returns the WORKING task; the flow continues in the background. */
function start(ctx: Ctx): Reply {
	const parsed = parseStartRequest(ctx.body, ctx.headers['content-type']);
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
	return json(200, taskView(task, false));
}

export const conversationRoutes = [
	route('GET', '/api/v1/app-conversations/search', search),
	route('GET', '/api/v1/app-conversations/count', count),
	route('GET', '/api/v1/app-conversations', batch),
	route('POST', '/api/v1/app-conversations', start),
];
