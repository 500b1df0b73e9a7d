import {json, missing, type Reply, unprocessable} from '../errors.js';
import {asRoute, type Ctx, detail} from './routes.js';

/**
 * `GET /api/git/changes?path=<repo>` and `/api/git/diff?path=<file>` (§8.1; `git_router.py`): a path in
 * no repository is `[]` / both sides null; a file that does not exist is the `GitPathError` 400.
 * 1.1.0 had the path forms `/api/git/changes/{path}` and `/api/git/diff/{path}` instead.
 */

const SHA = /^[0-9a-fA-F]{7,40}$/;

function changesOf(ctx: Ctx, path: string): Reply {
	return json(200, ctx.state.workspaces.changes(path) ?? []);
}

function diffOf(ctx: Ctx, path: string): Reply {
	const diff = ctx.state.workspaces.diff(path);
	return 'missing' in diff ? detail(400, `File does not exist: ${diff.missing}`) : json(200, diff);
}

function changes(ctx: Ctx): Reply {
	const path = ctx.query.get('path');
	return path === null ? unprocessable([missing(['query', 'path'])]) : changesOf(ctx, path);
}

function diff(ctx: Ctx): Reply {
	const path = ctx.query.get('path');
	const commit = ctx.query.get('commit');
	if (path === null) return unprocessable([missing(['query', 'path'])]);
	if (commit !== null && !SHA.test(commit)) {
		return unprocessable([{type: 'string_pattern_mismatch', loc: ['query', 'commit'], msg: `String should match pattern '${SHA.source}'`, input: commit, ctx: {pattern: SHA.source}}]);
	}
	if (commit !== null && ctx.query.get('ref') !== null) return detail(400, "'ref' and 'commit' are mutually exclusive");
	return diffOf(ctx, path);
}

/** `{path:path}`: the rest of the URL, relative to the server's cwd unless it starts with a slash (`//abs`). */
const pathParam = (ctx: Ctx) => ctx.params['path']!;

export const gitRoutes = [
	asRoute('GET', '/api/git/changes', changes, f => f.gitQuery),
	asRoute('GET', '/api/git/diff', diff, f => f.gitQuery),
	asRoute('GET', /^\/api\/git\/changes\/(.+)$/, ctx => changesOf(ctx, pathParam(ctx)), f => !f.gitQuery),
	asRoute('GET', /^\/api\/git\/diff\/(.+)$/, ctx => diffOf(ctx, pathParam(ctx)), f => !f.gitQuery),
];
