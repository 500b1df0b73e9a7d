/**
 * Failures of the workspace routes (files, archive, trajectory, bash), in words a person can act on.
 * The details are the real server's (/work/realserver FINDINGS §3-§5): `File not found`, `Path is
 * not a file`, `Not a git repository: …`, FastAPI's bare `Not Found` for a route this version lacks,
 * a 500 whose exception says the path is a folder.
 */
import {agentServerError} from './agentErrors.js';
import type {AgentEndpoint} from './agentRoutes.js';
import {bodyDetail, type RawResponse, tryJson} from '../transport/errorFromResponse.js';
import {type ErrorContext, makeError} from '../errorText.js';
import {type ApiError, isApiError} from '../errors.js';
import {unreachableAgent} from './agentErrors.js';

export type WorkspaceCall = 'download' | 'upload' | 'archive' | 'trajectory' | 'bash';

const WHAT: Record<WorkspaceCall, string> = {
	download: 'file download',
	upload: 'file upload',
	archive: 'patch (GET /api/file/archive, SDK 1.30 and later)',
	trajectory: 'trajectory download',
	bash: 'bash routes',
};

/** A non-2xx answer of a workspace route; `path`: the file or folder asked about, for the message. */
export function workspaceError(ep: AgentEndpoint, ctx: ErrorContext, raw: RawResponse, call: WorkspaceCall, path = ''): ApiError {
	const detail = bodyDetail(raw, ctx) ?? '';
	const {status} = raw;
	if (status === 404) {
		if (/^file not found$/i.test(detail)) return makeError(ctx, {kind: 'not_found', status, message: `no such file on the agent server: ${path}`});
		if (/^directory not found$/i.test(detail)) return makeError(ctx, {kind: 'not_found', status, message: `no such folder on the agent server: ${path}`});
		if (/^conversation not found/i.test(detail)) return makeError(ctx, {kind: 'not_found', status, message: 'the agent server does not know this conversation (404)'});
		return makeError(ctx, {kind: 'unsupported', status, message: `the agent server at ${ep.where} has no ${WHAT[call]}`});
	}
	if (status === 400) {
		if (/^path is not a file$/i.test(detail)) return makeError(ctx, {kind: 'validation', status, message: `${path} is a folder on the agent server, not a file`});
		if (/^not a git repository/i.test(detail)) return makeError(ctx, {kind: 'validation', status, message: `${path} is not in a git repository on the agent server`});
		return makeError(ctx, {kind: 'validation', status, message: `the agent server refused (400)${detail ? `: ${detail}` : ''}`});
	}
	if (status === 500) {
		const json = tryJson(raw) as {exception?: unknown} | undefined;
		const exception = typeof json?.exception === 'string' ? json.exception : '';
		if (/Is a directory/.test(exception)) return makeError(ctx, {kind: 'validation', status, message: `${path} is a folder on the agent server: give the file's path`});
	}
	return agentServerError(ctx, raw, 'read', ep.where, ep.direct);
}

/** A transport failure to a sandbox's agent server, said about it (as the other agent calls are). */
export function reachError(ep: AgentEndpoint, error: unknown, operation: string): unknown {
	if (!isApiError(error) || ep.direct) return error;
	return unreachableAgent(error, {operation, host: ep.where, apiKey: ep.key || null}, ep.where, ep.hostname);
}
