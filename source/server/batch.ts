/**
 * The batch-get endpoints (`GET /api/v1/sandboxes?id=`, `/sandbox-specs?id=`, `/app-conversations?ids=`,
 * `/start-tasks?ids=`): a missing parameter is 422, too many ids a plain-text 500 (the handlers
 * assert on the count), and an unknown id is `null` in its position, never a 404 (sections 2.4-2.8).
 */
import {internalError, json, type Reply, unprocessable} from './errors.js';
import {QueryReader} from './query.js';
import type {Ctx} from './router.js';

export type BatchSpec = {
	/** `id` for sandboxes and specs, `ids` for conversations and start tasks (checklist item 7) */
	param: 'id' | 'ids';
	/** conversation and task ids are UUIDs: dashed or hex in, validated like pydantic */
	uuids: boolean;
	/** sandboxes, conversations, tasks: `len < 100`; specs: `len <= 100` */
	maxIds: number;
	/** the wire view of one id, or null when unknown */
	view: (id: string) => unknown;
};

export function batchReply(ctx: Ctx, {param, uuids, maxIds, view}: BatchSpec): Reply {
	const q = new QueryReader(ctx.query);
	const ids = uuids ? q.uuidList(param, true) : q.strList(param, true);
	if (q.errors.length > 0 || !ids) return unprocessable(q.errors);
	if (ids.length > maxIds) return internalError();
	return json(
		200,
		ids.map(id => (id === null ? null : view(id))),
	);
}
