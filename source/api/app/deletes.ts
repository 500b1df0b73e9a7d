import {z} from 'zod';
import type {CallOptions} from '../types.js';
import type {ApiContext} from '../context.js';
import {errorFromResponse} from '../transport/errorFromResponse.js';
import {makeError} from '../errorText.js';
import {parseJsonBody, parseWith} from '../transport/parseBody.js';
import {successSchema} from '../schemas/index.js';

/**
 * Deleting a conversation (shared/openhands-api-newer.md 7.1). Current servers: `DELETE
 * /api/v1/app-conversations/{id}` → `{"success":true}`; its sandbox is deleted later by the server,
 * only when no other conversation uses it. Legacy servers have no V1 route: `DELETE
 * /api/conversations/{id}` answers a bare `true`, or `false` when the conversation is unknown.
 */
export async function deleteConversation(ctx: ApiContext, id: string, options?: CallOptions): Promise<void> {
	const server = await ctx.server(options?.signal);
	const path =
		server.generation === 'current'
			? `/api/v1/app-conversations/${encodeURIComponent(id)}`
			: `/api/conversations/${encodeURIComponent(id)}`;
	const raw = await ctx.http.send({method: 'DELETE', path, signal: options?.signal, deadlineMs: options?.deadlineMs});
	if (raw.status < 200 || raw.status >= 300) throw errorFromResponse(raw.ctx, raw);
	const answer = parseWith(raw.ctx, z.union([z.boolean(), successSchema]), parseJsonBody(raw.ctx, raw), raw.status);
	const deleted = typeof answer === 'boolean' ? answer : answer.success;
	if (!deleted) {
		throw makeError(raw.ctx, {kind: 'not_found', status: raw.status, message: 'the server does not know this conversation (nothing deleted)'});
	}
}

/**
 * `DELETE /api/v1/sandboxes/{id}?sandbox_id={id}` (7.3): the handler of older servers reads
 * `sandbox_id` from the query (the path's `{id}` is ignored, a missing query is a 422); fixed servers
 * take the path and ignore the query. Sending both works on either.
 */
export async function deleteSandbox(ctx: ApiContext, id: string, options?: CallOptions): Promise<void> {
	const path = `/api/v1/sandboxes/${encodeURIComponent(id)}`;
	const result = await ctx.http.json({method: 'DELETE', path, query: {sandbox_id: id}, signal: options?.signal, deadlineMs: options?.deadlineMs}, successSchema);
	if (!result.success) {
		throw makeError(
			{operation: `DELETE ${path}`, host: '', apiKey: null},
			{kind: 'server', status: 200, message: 'the server did not delete the sandbox (success=false)'},
		);
	}
}
