import type {EventRecord} from '../events/model.js';
import {WORKING_DIR} from '../events/topics.js';

/**
 * The git working trees behind the conversations' working directories, for `/api/git/changes` and
 * `/api/git/diff` (§8.1): what changed against the branch's base, with both sides' contents. A real
 * server runs git; this one keeps, per repository root, the files it knows and how each changed.
 */
export type GitStatus = 'ADDED' | 'UPDATED' | 'DELETED' | 'MOVED';
type Tracked = {status: GitStatus | null; original: string; modified: string | null};

/** Where a relative `path` is resolved (the server process's cwd, `get_git_diff`). */
export const SERVER_CWD = '/home/dev';

export type Diff = {original: string | null; modified: string | null};
export type GitChange = {status: GitStatus; path: string};
/**
 * What git could not do, in the SDK's words: `repository` (GitRepositoryError: no repository
 * there; 1.13+ answer [] / null sides for it) or `path` (GitPathError: no such file).
 */
export type GitFailure = {failure: 'repository' | 'path'; message: string};

export class Workspaces {
	/** `cwd`: where a relative path is resolved */
	constructor(private readonly cwd = SERVER_CWD) {}

	private readonly repos = new Map<string, Map<string, Tracked>>();
	/** directories that exist but are no repository (a scratch folder) */
	private readonly plain = new Set<string>();

	/** `_ensure_workspace_is_git_repo`: a conversation's working directory becomes a repository unless declared plain. */
	addRepo(root: string): void {
		if (!this.plain.has(root) && !this.repos.has(root)) this.repos.set(root, new Map());
	}

	addPlain(dir: string): void {
		this.plain.add(dir);
	}

	/** A file present at the base and now: unchanged until an edit says otherwise. */
	known(root: string, rel: string, text: string): void {
		const files = this.repos.get(root);
		if (files && !files.has(rel)) files.set(rel, {status: null, original: text, modified: text});
	}

	added(root: string, rel: string, text: string): void {
		this.repos.get(root)?.set(rel, {status: 'ADDED', original: '', modified: text});
	}

	deleted(root: string, rel: string, text: string): void {
		this.repos.get(root)?.set(rel, {status: 'DELETED', original: text, modified: null});
	}

	/** An edit the agent made: the file is UPDATED against what it was at the base (or ADDED when new). */
	edited(root: string, rel: string, before: string | null, after: string): void {
		const files = this.repos.get(root);
		if (!files) return;
		const was = files.get(rel);
		const original = was ? was.original : (before ?? '');
		const added = was ? was.status === 'ADDED' : before === null;
		files.set(rel, {status: added ? 'ADDED' : original === after ? null : 'UPDATED', original, modified: after});
	}

	/** Files the agent's tools touched, from an observation of the conversation working in `root`. */
	observe(root: string, record: EventRecord): void {
		if (record.body.kind !== 'ObservationEvent' || record.body.result.tool !== 'file_editor') return;
		const result = record.body.result;
		if (!result.path.startsWith(`${WORKING_DIR}/`)) return;
		const rel = result.path.slice(WORKING_DIR.length + 1);
		if (result.command !== 'view' && result.newContent !== null) this.edited(root, rel, result.prevExist ? result.oldContent : null, result.newContent);
	}

	/**
	 * `get_git_changes`: the repository at `path`, and the repositories in its direct subfolders
	 * (a glob of `.git` one folder deep), each under its folder's name, all sorted by path; the
	 * outer repository's own entries inside those folders are left out.
	 */
	changes(path: string): GitChange[] | GitFailure {
		const absolute = this.absolute(path);
		const repo = this.repoOf(absolute);
		if (!repo) return {failure: 'repository', message: this.plainDir(absolute) ? `Not a git repository: ${absolute}` : `Directory does not exist: ${absolute}`};
		const nested = [...this.repos.keys()].filter(root => root.startsWith(`${absolute}/`) && !root.slice(absolute.length + 1).includes('/'));
		const prefixes = nested.map(root => `${root.slice(absolute.length + 1)}/`);
		const own = listed(repo.files).filter(c => !prefixes.some(prefix => c.path.startsWith(prefix)));
		const inner = nested.flatMap((root, i) => listed(this.repos.get(root)!).map(c => ({status: c.status, path: `${prefixes[i]}${c.path}`})));
		return [...own, ...inner].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	}

	/**
	 * `get_git_diff`: whole contents of both sides. A file that does not exist (a deleted one
	 * included) is a GitPathError; a file in no repository a GitRepositoryError.
	 */
	diff(path: string): Diff | GitFailure {
		const absolute = this.absolute(path);
		const repo = this.repoOf(absolute);
		if (!repo) {
			return this.plainDir(absolute)
				? {failure: 'repository', message: `File is not in a git repository: ${absolute}`}
				: {failure: 'path', message: `File does not exist: ${absolute}`};
		}
		const rel = absolute.slice(repo.root.length + 1);
		const tracked = repo.files.get(rel);
		if (!tracked || tracked.modified === null) return {failure: 'path', message: `File does not exist: ${absolute}`};
		return {original: tracked.original, modified: tracked.modified};
	}

	private absolute(path: string): string {
		return normalize(path.startsWith('/') ? path : `${this.cwd}/${path}`);
	}

	private plainDir(absolute: string): boolean {
		return [...this.plain].some(dir => absolute === dir || absolute.startsWith(`${dir}/`));
	}

	private repoOf(path: string): {root: string; files: Map<string, Tracked>} | null {
		const absolute = normalize(path);
		let best: string | null = null;
		for (const root of this.repos.keys()) {
			if ((absolute === root || absolute.startsWith(`${root}/`)) && (!best || root.length > best.length)) best = root;
		}
		return best === null ? null : {root: best, files: this.repos.get(best)!};
	}
}

function listed(files: Map<string, Tracked>): GitChange[] {
	return [...files].filter((entry): entry is [string, Tracked & {status: GitStatus}] => entry[1].status !== null).map(([rel, t]) => ({status: t.status, path: rel}));
}

/** `Path.resolve()` without a file system: `.`/`..` segments and duplicate or trailing slashes. */
function normalize(path: string): string {
	const out: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') out.pop();
		else out.push(part);
	}
	return `/${out.join('/')}`;
}
