import {batchReply} from '../batch.js';
import {internalError, json, type Reply, unprocessable} from '../errors.js';
import {QueryReader, sqlPage} from '../query.js';
import {type Ctx, route} from '../router.js';
import type {StartTaskRecord} from '../state.js';
import {taskView} from '../views.js';

const SORT_ORDERS = ['CREATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT', 'UPDATED_AT_DESC'] as const;

/** Tasks read back from SQLite: naive timestamps (1.3). */
const view = (ctx: Ctx) => (task: StartTaskRecord) => taskView(ctx.state, task, true);

function filtered(ctx: Ctx, q: QueryReader): StartTaskRecord[] {
	const conversationId = q.uuid('conversation_id__eq');
	const createdGte = q.datetime('created_at__gte');
	let tasks = ctx.state.tasks;
	if (conversationId !== null) tasks = tasks.filter(t => t.appConversationId === conversationId);
	if (createdGte !== null) tasks = tasks.filter(t => t.createdUs >= createdGte);
	return tasks;
}

/** `GET .../start-tasks/search` (2.6). */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	let tasks = filtered(ctx, q);
	const order = q.enumOf('sort_order', SORT_ORDERS, 'CREATED_AT_DESC');
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0, ctx.state.current ? 100 : undefined);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (limit > 100) return internalError();
	if (order === 'CREATED_AT') tasks = [...tasks].reverse();
	else if (order === 'UPDATED_AT') tasks = [...tasks].sort((a, b) => a.updatedUs - b.updatedUs);
	else if (order === 'UPDATED_AT_DESC') tasks = [...tasks].sort((a, b) => b.updatedUs - a.updatedUs);
	return json(200, sqlPage(tasks, pageId, limit, view(ctx)));
}

function count(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const tasks = filtered(ctx, q);
	if (q.errors.length > 0) return unprocessable(q.errors);
	return json(200, tasks.length);
}

/** `GET .../start-tasks?ids=` (2.6): legacy `len(ids) >= 100` → 500; current `> 100` → 400 (newer doc 8.1). */
function batch(ctx: Ctx): Reply {
	return batchReply(ctx, {
		param: 'ids',
		uuids: true,
		maxIds: 99,
		current: {maxIds: 100, tooMany: n => `Cannot request more than 100 start tasks at once, got ${n}`},
		view: id => {
			const task = ctx.state.taskById.get(id);
			return task ? view(ctx)(task) : null;
		},
	});
}

export const startTaskRoutes = [
	route('GET', '/api/v1/app-conversations/start-tasks/search', search),
	route('GET', '/api/v1/app-conversations/start-tasks/count', count),
	route('GET', '/api/v1/app-conversations/start-tasks', batch),
];
