import {json, missing, type Reply, unprocessable} from '../errors.js';
import {asRoute, detail, serverError} from './routes.js';
import type {Features} from './version.js';
import type {GitFailure, Workspaces} from './workspaces.js';

/**
 * `GET /api/git/changes?path=<repo>` and `/api/git/diff?path=<file>` (§8.1; `git_router.py`): a path in
 * no repository is `[]` / both sides null; a file that does not exist is the `GitPathError` 400.
 * 1.1.0 had the path forms `/api/git/changes/{path}` and `/api/git/diff/{path}` instead, which catch
 * no git error: each is an unhandled 500 (§9; `sdk@f45c900e: git_router.py`).
 *
 * Shared by the agent-server stand-in and the app-server stand-in's agent listener (one agent
 * server per sandbox, ../agent/listener.ts): each gives its working trees and its version.
 */
export type GitRequest = {workspaces: () => Workspaces; query: URLSearchParams; params: Record<string, string>; features: Features};
export type GitRoute = {template: string | RegExp; answer: (request: GitRequest) => Reply; when: (f: Features) => boolean};

const SHA = /^[0-9a-fA-F]{7,40}$/;

/** The answer for what git could not do; `none`: the query routes' answer for no repository. */
function failed(request: GitRequest, failure: GitFailure, none: unknown): Reply {
	if (!request.features.gitQuery) return serverError(request.features, failure.message);
	return failure.failure === 'repository' ? json(200, none) : detail(400, failure.message);
}

function changesOf(request: GitRequest, path: string): Reply {
	const changes = request.workspaces().changes(path);
	return 'failure' in changes ? failed(request, changes, []) : json(200, changes);
}

function diffOf(request: GitRequest, path: string): Reply {
	const diff = request.workspaces().diff(path);
	return 'failure' in diff ? failed(request, diff, {original: null, modified: null}) : json(200, diff);
}

function changes(request: GitRequest): Reply {
	const path = request.query.get('path');
	return path === null ? unprocessable([missing(['query', 'path'])]) : changesOf(request, path);
}

function diff(request: GitRequest): Reply {
	const {query} = request;
	const path = query.get('path');
	const commit = query.get('commit');
	if (path === null) return unprocessable([missing(['query', 'path'])]);
	if (commit !== null && !SHA.test(commit)) {
		return unprocessable([{type: 'string_pattern_mismatch', loc: ['query', 'commit'], msg: `String should match pattern '${SHA.source}'`, input: commit, ctx: {pattern: SHA.source}}]);
	}
	if (commit !== null && query.get('ref') !== null) return detail(400, "'ref' and 'commit' are mutually exclusive");
	return diffOf(request, path);
}

/** `{path:path}`: the rest of the URL, relative to the server's cwd unless it starts with a slash (`//abs`). */
const pathParam = (request: GitRequest) => request.params['path']!;

export const GIT_ROUTES: readonly GitRoute[] = [
	{template: '/api/git/changes', answer: changes, when: f => f.gitQuery},
	{template: '/api/git/diff', answer: diff, when: f => f.gitQuery},
	{template: /^\/api\/git\/changes\/(.+)$/, answer: r => changesOf(r, pathParam(r)), when: f => !f.gitQuery},
	{template: /^\/api\/git\/diff\/(.+)$/, answer: r => diffOf(r, pathParam(r)), when: f => !f.gitQuery},
];

export const gitRoutes = GIT_ROUTES.map(route =>
	asRoute('GET', route.template, ctx => route.answer({workspaces: () => ctx.state.workspaces, query: ctx.query, params: ctx.params, features: ctx.state.features}), route.when),
);
