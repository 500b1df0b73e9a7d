import {batchReply} from '../batch.js';
import {internalError, json, type Reply, unprocessable} from '../errors.js';
import {memoryPage, QueryReader} from '../query.js';
import {type Ctx, route} from '../router.js';
import {specView} from '../views.js';

/** `GET /api/v1/sandbox-specs/search` (2.8). */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0);
	if (q.errors.length > 0) return unprocessable(q.errors);
	if (limit > 100) return internalError();
	return json(200, memoryPage(ctx.state.specs, pageId, limit, specView));
}

/** `GET /api/v1/sandbox-specs?id=` (2.8): here the assert is `len(id) <= 100`, so 101+ → 500. */
function batch(ctx: Ctx): Reply {
	return batchReply(ctx, {
		param: 'id',
		uuids: false,
		maxIds: 100,
		view: id => {
			const spec = ctx.state.specs.find(s => s.id === id);
			return spec ? specView(spec) : null;
		},
	});
}

export const specRoutes = [
	route('GET', '/api/v1/sandbox-specs/search', search),
	route('GET', '/api/v1/sandbox-specs', batch),
];
