import {batchReply} from '../batch.js';
import {internalError, json, missing, notFound, type Reply, success, unprocessable} from '../errors.js';
import {memoryPage, QueryReader} from '../query.js';
import {type Ctx, route} from '../router.js';
import {findSpec, pauseSandbox, resumeSandbox, startSandbox} from '../sandboxOps.js';
import {sandboxView} from '../views.js';

/** `GET /api/v1/sandboxes/search` (2.7): newest first, in-memory paging. */
function search(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const pageId = q.str('page_id');
	const limit = q.int('limit', 100, 0, ctx.state.current ? 100 : undefined);
	if (q.errors.length > 0) return unprocessable(q.errors);
	// legacy: `lte=100` is not enforced by FastAPI; the handler's assert makes it a plain 500 (1.6)
	if (limit > 100) return internalError();
	return json(200, memoryPage(ctx.state.sandboxes, pageId, limit, s => sandboxView(ctx.state, s)));
}

/**
 * `GET /api/v1/sandboxes?id=` (2.7): query name `id`; legacy: 100 or more ids trip an assert → 500;
 * current: more than 100 → 400 (newer doc 8.1).
 */
function batch(ctx: Ctx): Reply {
	return batchReply(ctx, {
		param: 'id',
		uuids: false,
		maxIds: 99,
		current: {maxIds: 100, tooMany: n => `Cannot request more than 100 sandboxes at once, got ${n}`},
		view: id => {
			const sandbox = ctx.state.sandboxById.get(id);
			return sandbox ? sandboxView(ctx.state, sandbox) : null;
		},
	});
}

/** `POST /api/v1/sandboxes?sandbox_spec_id=`: docker answers with the just-created container, STARTING. */
function start(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const spec = findSpec(ctx.state, q.str('sandbox_spec_id'));
	// ValueError('Sandbox Spec not found') is uncaught → plain-text 500 (2.7)
	if (!spec) return internalError();
	const sandbox = startSandbox(ctx.state, spec);
	return json(200, sandboxView(ctx.state, sandbox, 'STARTING'));
}

function pause(ctx: Ctx): Reply {
	const sandbox = ctx.state.sandboxById.get(ctx.params['sandbox_id']!);
	if (!sandbox) return notFound();
	pauseSandbox(ctx.state, sandbox);
	return success();
}

function resume(ctx: Ctx): Reply {
	const sandbox = ctx.state.sandboxById.get(ctx.params['sandbox_id']!);
	if (!sandbox) return notFound();
	resumeSandbox(ctx.state, sandbox);
	return success();
}

/**
 * Legacy wire quirk (2.7): the path segment is ignored and the id comes from query `sandbox_id`.
 * Current snapshots disagree on whether that was fixed (newer doc 7.3); this stand-in takes both:
 * `?sandbox_id=` when given, else the path segment.
 */
function remove(ctx: Ctx): Reply {
	const q = new QueryReader(ctx.query);
	const id = q.str('sandbox_id') ?? (ctx.state.current ? ctx.params['id']! : null);
	if (id === null) return unprocessable([missing(['query', 'sandbox_id'])]);
	return ctx.state.removeSandbox(id) ? success() : notFound();
}

export const sandboxRoutes = [
	route('GET', '/api/v1/sandboxes/search', search),
	route('GET', '/api/v1/sandboxes', batch),
	route('POST', '/api/v1/sandboxes', start),
	route('POST', '/api/v1/sandboxes/{sandbox_id}/pause', pause),
	route('POST', '/api/v1/sandboxes/{sandbox_id}/resume', resume),
	route('DELETE', '/api/v1/sandboxes/{id}', remove),
];
