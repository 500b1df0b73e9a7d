/**
 * The batch-get endpoints (`GET /api/v1/sandboxes?id=`, `/sandbox-specs?id=`, `/app-conversations?ids=`,
 * `/start-tasks?ids=`): a missing parameter is 422 and an unknown id is `null` in its position, never a
 * 404 (sections 2.4-2.8). Too many ids: legacy handlers assert on the count (plain-text 500); current
 * ones answer 400 with a detail (shared/openhands-api-newer.md 8.1) — except sandbox specs, still 500.
 */
import {internalError, json, type Reply, unprocessable} from './errors.js';
import {QueryReader} from './query.js';
import type {Ctx} from './router.js';

export type BatchSpec = {
	/** `id` for sandboxes and specs, `ids` for conversations and start tasks (checklist item 7) */
	param: 'id' | 'ids';
	/** conversation and task ids are UUIDs: dashed or hex in, validated like pydantic */
	uuids: boolean;
	/** legacy: sandboxes, conversations, tasks `len < 100`; specs `len <= 100` */
	maxIds: number;
	/** the current generation's cap: the largest count allowed and the 400 detail above it */
	current?: {maxIds: number; tooMany: (count: number) => string};
	/** the wire view of one id, or null when unknown */
	view: (id: string) => unknown;
};

export const badRequest = (detail: string): Reply => json(400, {detail});

export function batchReply(ctx: Ctx, {param, uuids, maxIds, current, view}: BatchSpec): Reply {
	const q = new QueryReader(ctx.query);
	const ids = uuids ? q.uuidList(param, true) : q.strList(param, true);
	if (q.errors.length > 0 || !ids) return unprocessable(q.errors);
	if (current && ctx.state.current) {
		if (ids.length > current.maxIds) return badRequest(current.tooMany(ids.length));
	} else if (ids.length > maxIds) {
		return internalError();
	}
	return json(
		200,
		ids.map(id => (id === null ? null : view(id))),
	);
}
