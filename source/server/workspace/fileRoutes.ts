/**
 * The file routes of an agent server (`file_router.py`; /work/realserver FINDINGS §3, §4):
 *
 * - `GET /api/file/download?path=ABS`: the file's exact bytes (`application/octet-stream`, a
 *   content-disposition with its name, its length, a last-modified); 404 `File not found`, 400
 *   `Path is not a file` / `Path must be absolute`. No confinement: any absolute path is served.
 * - `POST /api/file/upload?path=ABS`, multipart field `file`: stored exactly, parents made, an
 *   existing file overwritten; no `file` part is FastAPI's 422; a folder is a 500.
 * - Before 1.20 the path forms `/download/{path}` and `/upload/{path}` (1.13.1 to 1.19 both).
 * - `GET /api/file/download-trajectory/{id}`: a stored ZIP of the conversation's persisted files.
 * - `GET /api/file/archive?path=DIR` (1.30+): the working tree's git patch against `base_ref`
 *   (default: the branch on origin, or the empty tree in a repository without origin), with the
 *   `x-archive-*` headers; not a repository is 400 `Not a git repository: …`.
 */
import {basename} from 'node:path';
import {json, missing, type Reply, unprocessable} from '../errors.js';
import {parseUuid} from '../ids.js';
import {normalize} from '../agentServer/workspaces.js';
import {gitPatch} from './gitPatch.js';
import {readFilePart} from './multipart.js';
import {detail, pathParam, serverFailure, type WorkspaceRequest, type WorkspaceRoute} from './routes.js';
import {headCommit} from './shellScripts.js';
import {zipStored} from './zip.js';

/** Starlette's FileResponse headers for a download. */
function fileReply(name: string, data: Buffer, modifiedMs: number): Reply {
	const ascii = /^[\x20-\x7e]*$/.test(name) && !name.includes('"');
	return {
		status: 200,
		body: data,
		contentType: 'application/octet-stream',
		cache: false,
		headers: {
			'content-disposition': ascii ? `attachment; filename="${name}"` : `attachment; filename*=utf-8''${encodeURIComponent(name)}`,
			'last-modified': new Date(modifiedMs).toUTCString(),
			etag: `"${data.length.toString(16)}-${Math.floor(modifiedMs / 1000).toString(16)}"`,
			'accept-ranges': 'bytes',
		},
	};
}

function download(request: WorkspaceRequest, path: string | null): Reply {
	if (path === null) return unprocessable([missing(['query', 'path'])]);
	if (!path.startsWith('/')) return detail(400, 'Path must be absolute');
	const found = request.workspaces().read(path);
	if (found === null) return detail(404, 'File not found');
	if (found === 'dir') return detail(400, 'Path is not a file');
	return fileReply(basename(normalize(path)), found, request.now());
}

function upload(request: WorkspaceRequest, path: string | null): Reply {
	const part = readFilePart(request.raw, request.contentType);
	const errors = [...(path === null ? [missing(['query', 'path'])] : []), ...(part ? [] : [missing(['body', 'file'])])];
	if (errors.length > 0 || path === null || !part) return unprocessable(errors);
	if (!path.startsWith('/')) {
		// 1.1.0 caught its own HTTPException in a catch-all: a 500 that says so
		return request.features.fileQuery ? detail(400, 'Path must be absolute') : serverFailure(request.features, '500: Failed to upload file: 400: Path must be absolute');
	}
	if (!request.workspaces().write(path, Buffer.from(part.data))) return serverFailure(request.features, `500: Failed to upload file: [Errno 21] Is a directory: '${normalize(path)}'`);
	return json(200, {success: true});
}

function trajectory(request: WorkspaceRequest): Reply {
	const raw = request.params['conversation_id']!;
	const id = parseUuid(raw);
	if (!('hex' in id)) {
		return unprocessable([{type: 'uuid_parsing', loc: ['path', 'conversation_id'], msg: `Input should be a valid UUID, ${id.error}`, input: raw, ctx: {error: id.error}}]);
	}
	const files = request.trajectory(id.hex);
	if (!files) return detail(404, 'Conversation not found');
	return fileReply(`${id.hex}.zip`, zipStored(files, new Date(request.now())), request.now());
}

const SAFE = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function archive(request: WorkspaceRequest): Reply {
	const {query} = request;
	const path = query.get('path');
	if (path === null) return unprocessable([missing(['query', 'path'])]);
	const format = query.get('format') ?? 'git-delta';
	if (format !== 'git-delta' && format !== 'tar.gz') {
		return unprocessable([{type: 'literal_error', loc: ['query', 'format'], msg: "Input should be 'git-delta' or 'tar.gz'", input: format, ctx: {expected: "'git-delta' or 'tar.gz'"}}]);
	}
	if (!path.startsWith('/')) return detail(400, 'Path must be absolute');
	const fs = request.workspaces();
	const dir = normalize(path);
	const found = fs.read(dir);
	if (found === null) return detail(404, 'Directory not found');
	if (found !== 'dir') return detail(400, 'Path is not a directory');
	const baseRef = query.get('base_ref');
	if (baseRef?.startsWith('-')) return detail(400, "base_ref must not start with '-'");
	if (format === 'tar.gz') return serverFailure(request.features, 'the stand-in does not make tar.gz archives');
	const repo = fs.repoOf(dir);
	if (!repo) return detail(400, `Not a git repository: Not a git repository: ${dir}`);
	const head = headCommit(repo.root);
	if (baseRef !== null && !['HEAD', 'main', head, ...(repo.origin ? ['origin/main'] : [])].includes(baseRef)) {
		return detail(400, `base_ref '${baseRef}' could not be resolved`);
	}
	// no base_ref: the branch on origin; a repository without origin is diffed against the empty tree
	const empty = baseRef === null && !repo.origin;
	const under = dir === repo.root ? '' : `${dir.slice(repo.root.length + 1)}/`;
	const patch = empty
		? gitPatch([...repo.tree].filter(([rel]) => rel.startsWith(under)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([rel, after]) => ({path: rel, before: null, after})))
		: fs.patch(dir, repo);
	const name = basename(dir) || 'workspace';
	return {
		status: 200,
		body: patch,
		contentType: 'text/x-patch; charset=utf-8',
		cache: false,
		headers: {
			'content-disposition': `attachment; filename="${name}.patch"`,
			...(repo.origin ? {'x-archive-repo-remote': SAFE(`https://github.com/acme/${basename(repo.root)}.git`)} : {}),
			'x-archive-branch': 'main',
			'x-archive-head-commit': head,
			'x-archive-repo-root': SAFE(repo.root),
			...(empty ? {} : {'x-archive-base-commit': head, 'x-archive-base-ref': baseRef ?? 'auto'}),
		},
	};
}

export const FILE_ROUTES: readonly WorkspaceRoute[] = [
	{method: 'GET', template: '/api/file/download', answer: r => download(r, r.query.get('path')), when: f => f.fileQuery},
	{method: 'POST', template: '/api/file/upload', answer: r => upload(r, r.query.get('path')), when: f => f.fileQuery},
	{method: 'GET', template: /^\/api\/file\/download\/(.+)$/, answer: r => download(r, pathParam(r)), when: f => f.filePathForms},
	{method: 'POST', template: /^\/api\/file\/upload\/(.+)$/, answer: r => upload(r, pathParam(r)), when: f => f.filePathForms},
	{method: 'GET', template: '/api/file/download-trajectory/{conversation_id}', answer: trajectory},
	{method: 'GET', template: '/api/file/archive', answer: archive, when: f => f.archive},
];
