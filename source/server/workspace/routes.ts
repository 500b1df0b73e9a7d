/**
 * What the workspace routes of both stand-in agent servers get (the agent-server stand-in, and the
 * app-server stand-in's agent listener, one agent server per sandbox): the working trees, the bash
 * service, the request, the version's features, and the conversations' persisted files.
 */
import {randomBytes} from 'node:crypto';
import type {Workspaces} from '../agentServer/workspaces.js';
import type {Features} from '../agentServer/version.js';
import {json, type Reply} from '../errors.js';
import type {BashService} from './bash.js';
import type {ZipEntry} from './zip.js';

export type WorkspaceRequest = {
	workspaces: () => Workspaces;
	bash: () => BashService;
	query: URLSearchParams;
	params: Record<string, string>;
	features: Features;
	/** the body as text (JSON routes) and as bytes (the upload) */
	body: string | null;
	raw: Buffer | null;
	contentType: string | undefined;
	/** `download-trajectory`: a conversation's persisted files (32-hex id), null when it is unknown */
	trajectory: (hex: string) => ZipEntry[] | null;
	now: () => number;
};

export type WorkspaceRoute = {
	method: 'GET' | 'POST' | 'DELETE';
	/** a `{name}` template, or a pattern whose one group is the `{path:path}` rest */
	template: string | RegExp;
	answer: (request: WorkspaceRequest) => Reply | Promise<Reply>;
	when?: (f: Features) => boolean;
};

export const detail = (status: number, text: unknown): Reply => json(status, {detail: text});

/** An HTTPException(500) or an unhandled error: FastAPI's handler answers with the exception text (+ `error_id` after 1.1.0). */
export function serverFailure(features: Features, exception: string): Reply {
	const body: Record<string, string> = {detail: 'Internal Server Error', exception};
	if (features.errorId) body['error_id'] = randomBytes(16).toString('hex');
	return json(500, body);
}

/** A `{path:path}` parameter: an absolute path arrives as `//abs` and FastAPI passes `/abs` on. */
export const pathParam = (request: WorkspaceRequest): string => request.params['path'] ?? '';
