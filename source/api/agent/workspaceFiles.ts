/**
 * The file routes of a conversation's agent server (agent-server doc 8.2; /work/realserver FINDINGS
 * §3, §4), streamed both ways (../transport/httpStream.ts):
 *
 * - download: `GET /api/file/download?path=ABS` since 1.13.1, `/api/file/download/{path}` before
 *   (an absolute path is sent as `//abs`, which FastAPI's `{path:path}` passes on as `/abs`);
 * - upload: `POST /api/file/upload?path=ABS` (or the path form), multipart field `file`;
 * - the workspace's git patch: `GET /api/file/archive?path=DIR&use_default_excludes=false` since 1.30
 *   (the default excludes would drop `dist/`, `build/`, `*.pyc`… that `git/changes` lists);
 * - the trajectory: `GET /api/file/download-trajectory/{id}`, a ZIP.
 */
import {randomBytes} from 'node:crypto';
import type {AgentEndpoint} from './agentRoutes.js';
import {reachError, type WorkspaceCall, workspaceError} from './workspaceErrors.js';
import {versionAtLeast} from './agentServerInfo.js';
import {checkSuccess} from './agentRoutes.js';
import {tryJson} from '../transport/errorFromResponse.js';
import {isApiError} from '../errors.js';
import type {StreamResponse, StreamSpec, Upload} from '../transport/http.js';

/** `?path=` forms of the file routes (1.13.1); the path forms went in 1.20. */
export const FILE_QUERY_SINCE = '1.13.1';
/** `GET /api/file/archive` (1.30.0). */
export const ARCHIVE_SINCE = '1.30.0';

export type FileStream = {
	/** bytes in all, when the server said */
	size: number | null;
	modified: Date | null;
	body: AsyncIterable<Buffer>;
	cancel(): void;
};

export type PatchStream = FileStream & {
	/** the commit the patch applies on (`x-archive-base-commit`); null for the empty tree */
	baseCommit: string | null;
	/** the repository has commits (`x-archive-head-commit`) */
	headCommit: string | null;
};

const fileQuery = (version: string | null) => versionAtLeast(version, FILE_QUERY_SINCE) ?? true;

function fileSpec(route: 'download' | 'upload', path: string, version: string | null): Pick<StreamSpec, 'path' | 'query'> {
	if (fileQuery(version)) return {path: `/api/file/${route}`, query: {path}};
	return {path: `/api/file/${route}/${path.split('/').map(encodeURIComponent).join('/')}`};
}

async function open(ep: AgentEndpoint, spec: StreamSpec, call: WorkspaceCall, about: string): Promise<StreamResponse> {
	try {
		return await ep.http.stream({...spec, refused: (ctx, raw) => workspaceError(ep, ctx, raw, call, about)});
	} catch (error) {
		throw reachError(ep, error, `${spec.method} ${spec.path}`);
	}
}

function header(answer: StreamResponse, name: string): string | null {
	const value = answer.headers[name];
	return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

function fileStream(answer: StreamResponse): FileStream {
	const length = Number(header(answer, 'content-length'));
	const modified = header(answer, 'last-modified');
	const at = modified ? new Date(modified) : null;
	return {size: Number.isFinite(length) && header(answer, 'content-length') !== null ? length : null, modified: at && !Number.isNaN(at.getTime()) ? at : null, body: answer.body, cancel: () => answer.cancel()};
}

export async function downloadFile(ep: AgentEndpoint, path: string, version: string | null, signal?: AbortSignal): Promise<FileStream> {
	return fileStream(await open(ep, {method: 'GET', ...fileSpec('download', path, version), signal}, 'download', path));
}

/** A multipart body around the file's bytes, streamed: field `file`, as the route reads it. */
function multipart(name: string, upload: Upload): Upload {
	const boundary = `----ohtui${randomBytes(12).toString('hex')}`;
	const safe = name.replace(/["\r\n\\]/g, '_');
	const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${safe}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	async function* body(): AsyncGenerator<Buffer> {
		yield head;
		yield* upload.body;
		yield tail;
	}
	return {contentType: `multipart/form-data; boundary=${boundary}`, length: upload.length === null ? null : head.length + upload.length + tail.length, body: body()};
}

export async function uploadFile(ep: AgentEndpoint, path: string, upload: Upload, version: string | null, signal?: AbortSignal): Promise<void> {
	const name = path.split('/').at(-1) || 'file';
	const answer = await open(ep, {method: 'POST', ...fileSpec('upload', path, version), upload: multipart(name, upload), signal, accept: 'application/json'}, 'upload', path);
	const chunks: Buffer[] = [];
	for await (const chunk of answer.body) chunks.push(chunk);
	checkSuccess(answer.ctx, tryJson({status: answer.status, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8')}), 'the agent server did not store the file');
}

/**
 * The working tree's patch against `baseRef` (null: the server's own choice, the branch on origin,
 * else the empty tree). Null when this agent server has no archive route (before 1.30, or a 404).
 */
export async function archivePatch(ep: AgentEndpoint, dir: string, baseRef: string | null, version: string | null, signal?: AbortSignal): Promise<PatchStream | null> {
	if (versionAtLeast(version, ARCHIVE_SINCE) === false) return null;
	let answer: StreamResponse;
	try {
		answer = await open(ep, {method: 'GET', path: '/api/file/archive', query: {path: dir, format: 'git-delta', use_default_excludes: 'false', base_ref: baseRef ?? undefined}, signal}, 'archive', dir);
	} catch (error) {
		if (isApiError(error) && error.kind === 'unsupported') return null;
		throw error;
	}
	return {...fileStream(answer), baseCommit: header(answer, 'x-archive-base-commit'), headCommit: header(answer, 'x-archive-head-commit')};
}

export async function downloadTrajectory(ep: AgentEndpoint, id: string, signal?: AbortSignal): Promise<FileStream> {
	return fileStream(await open(ep, {method: 'GET', path: `/api/file/download-trajectory/${encodeURIComponent(id)}`, signal}, 'trajectory', id));
}
