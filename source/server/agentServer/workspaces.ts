import type {EventRecord} from '../events/model.js';
import {WORKING_DIR} from '../events/topics.js';
import {type FileChange, gitPatch} from '../workspace/gitPatch.js';
import {modifiedText, originalText} from '../workspace/gitTexts.js';

/**
 * The files behind the conversations' working directories: per git repository the commit its
 * branch stands on (`base`, what `git show HEAD:path` gives) and the working tree (`tree`), as
 * bytes; other files (an upload to /tmp, a scratch folder) loose. From these come the git routes'
 * answers (§8.1, with the real texts' quirks: ../workspace/gitTexts.ts), the archive's patch
 * (../workspace/gitPatch.ts), the file routes and the canned shell (../workspace/shell.ts). A real
 * server runs git; this one compares the two maps.
 */
export type GitStatus = 'ADDED' | 'UPDATED' | 'DELETED' | 'MOVED';

/** Where a relative `path` is resolved (the server process's cwd, `get_git_diff`). */
export const SERVER_CWD = '/home/dev';

export type Diff = {original: string | null; modified: string | null};
export type GitChange = {status: GitStatus; path: string};
/**
 * What git could not do, in the SDK's words: `repository` (GitRepositoryError: no repository
 * there; 1.13+ answer [] / null sides for it) or `path` (GitPathError: no such file).
 */
export type GitFailure = {failure: 'repository' | 'path'; message: string};

export type Repo = {
	root: string;
	base: Map<string, Buffer>;
	tree: Map<string, Buffer>;
	/** a clone with `origin` (the archive's automatic base is its branch there, = HEAD); else a local repository (the empty tree) */
	origin: boolean;
};

const bytes = (content: string | Buffer): Buffer => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content);

export class Workspaces {
	/** `cwd`: where a relative path is resolved */
	constructor(private readonly cwd = SERVER_CWD) {}

	private readonly repos = new Map<string, Repo>();
	/** directories that exist but are no repository (a scratch folder) */
	private readonly plain = new Set<string>();
	/** files outside every repository, by absolute path */
	private readonly loose = new Map<string, Buffer>();
	/** told of every write (the app-server stand-in keeps its sandboxes' uploads across requests) */
	onWrite: ((path: string, content: Buffer) => void) | null = null;

	/** `_ensure_workspace_is_git_repo`: a conversation's working directory becomes a repository unless declared plain. */
	addRepo(root: string, origin = true): void {
		if (!this.plain.has(root) && !this.repos.has(root)) this.repos.set(root, {root, base: new Map(), tree: new Map(), origin});
	}

	addPlain(dir: string): void {
		this.plain.add(dir);
	}

	/** A file present at the base and now: unchanged until an edit says otherwise. */
	known(root: string, rel: string, content: string | Buffer): void {
		const repo = this.repos.get(root);
		if (!repo || repo.base.has(rel) || repo.tree.has(rel)) return;
		repo.base.set(rel, bytes(content));
		repo.tree.set(rel, bytes(content));
	}

	added(root: string, rel: string, content: string | Buffer): void {
		const repo = this.repos.get(root);
		if (!repo) return;
		repo.base.delete(rel);
		repo.tree.set(rel, bytes(content));
	}

	deleted(root: string, rel: string, content: string | Buffer): void {
		const repo = this.repos.get(root);
		if (!repo) return;
		repo.base.set(rel, bytes(content));
		repo.tree.delete(rel);
	}

	/** Both sides as given (null: absent there): a changed binary file, a file with CRLF line endings… */
	changed(root: string, rel: string, before: string | Buffer | null, after: string | Buffer | null): void {
		const repo = this.repos.get(root);
		if (!repo) return;
		if (before === null) repo.base.delete(rel);
		else repo.base.set(rel, bytes(before));
		if (after === null) repo.tree.delete(rel);
		else repo.tree.set(rel, bytes(after));
	}

	/** `git mv`: the same bytes under a new name (git finds the rename; the changes route lists DELETED + ADDED). */
	moved(root: string, from: string, to: string, content: string | Buffer): void {
		this.deleted(root, from, content);
		this.added(root, to, content);
	}

	/** An edit the agent made: the file is UPDATED against what it was at the base (or ADDED when new). */
	edited(root: string, rel: string, before: string | null, after: string): void {
		const repo = this.repos.get(root);
		if (!repo) return;
		if (!repo.base.has(rel) && !repo.tree.has(rel) && before !== null) repo.base.set(rel, bytes(before));
		repo.tree.set(rel, bytes(after));
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
	 * outer repository's own entries inside those folders are left out. A move is DELETED + ADDED.
	 */
	changes(path: string): GitChange[] | GitFailure {
		const absolute = this.absolute(path);
		const repo = this.repoOf(absolute);
		if (!repo) return {failure: 'repository', message: this.isPlain(absolute) ? `Not a git repository: ${absolute}` : `Directory does not exist: ${absolute}`};
		const nested = [...this.repos.keys()].filter(root => root.startsWith(`${absolute}/`) && !root.slice(absolute.length + 1).includes('/'));
		const prefixes = nested.map(root => `${root.slice(absolute.length + 1)}/`);
		const own = listed(repo).filter(c => !prefixes.some(prefix => c.path.startsWith(prefix)));
		const inner = nested.flatMap((root, i) => listed(this.repos.get(root)!).map(c => ({status: c.status, path: `${prefixes[i]}${c.path}`})));
		return [...own, ...inner].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	}

	/**
	 * `get_git_diff`: whole texts of both sides as the real server makes them. A file that does not
	 * exist (a deleted one included) is a GitPathError; a file in no repository a GitRepositoryError.
	 */
	diff(path: string): Diff | GitFailure {
		const absolute = this.absolute(path);
		const repo = this.repoOf(absolute);
		if (!repo) {
			return this.isPlain(absolute)
				? {failure: 'repository', message: `File is not in a git repository: ${absolute}`}
				: {failure: 'path', message: `File does not exist: ${absolute}`};
		}
		const rel = absolute.slice(repo.root.length + 1);
		const now = repo.tree.get(rel);
		if (now === undefined) return {failure: 'path', message: `File does not exist: ${absolute}`};
		const then = repo.base.get(rel);
		return {original: then === undefined ? '' : originalText(then), modified: modifiedText(now)};
	}

	/** The repository holding `path` (a file or folder in it), with its root. */
	repoOf(path: string): Repo | null {
		const absolute = normalize(path);
		let best: Repo | null = null;
		for (const repo of this.repos.values()) {
			if ((absolute === repo.root || absolute.startsWith(`${repo.root}/`)) && (!best || repo.root.length > best.root.length)) best = repo;
		}
		return best;
	}

	/** The working tree's patch against the base of the repository at `dir` (only its files under `dir`, `-- .`). */
	patch(dir: string, repo: Repo): Buffer {
		const under = dir === repo.root ? '' : `${dir.slice(repo.root.length + 1)}/`;
		const paths = new Set([...repo.base.keys(), ...repo.tree.keys()].filter(p => p.startsWith(under)));
		const changes: FileChange[] = [];
		for (const path of [...paths].sort()) {
			const before = repo.base.get(path) ?? null;
			const after = repo.tree.get(path) ?? null;
			if (before && after && before.equals(after)) continue;
			changes.push({path, before, after});
		}
		return gitPatch(changes);
	}

	/** A file's bytes now; 'dir' for a folder; null when nothing is there. */
	read(path: string): Buffer | 'dir' | null {
		const absolute = normalize(path);
		const repo = this.repoOf(absolute);
		if (repo && absolute !== repo.root) {
			const found = repo.tree.get(absolute.slice(repo.root.length + 1));
			if (found) return found;
		}
		const loose = this.loose.get(absolute);
		if (loose) return loose;
		return this.isDir(absolute) ? 'dir' : null;
	}

	/** Writes a file (parents are made, as the upload route does); false when `path` is a folder. */
	write(path: string, content: Buffer): boolean {
		const absolute = normalize(path);
		if (this.isDir(absolute)) return false;
		const repo = this.repoOf(absolute);
		if (repo) repo.tree.set(absolute.slice(repo.root.length + 1), content);
		else this.loose.set(absolute, content);
		this.onWrite?.(absolute, content);
		return true;
	}

	/** A folder: a repository or plain folder, the home, or the parent of any file. */
	isDir(path: string): boolean {
		const absolute = normalize(path);
		if (absolute === '/' || absolute === this.cwd || this.repos.has(absolute) || this.plain.has(absolute)) return true;
		const prefix = `${absolute}/`;
		for (const root of [...this.repos.keys(), ...this.plain]) if (root.startsWith(prefix)) return true;
		for (const file of this.loose.keys()) if (file.startsWith(prefix)) return true;
		const repo = this.repoOf(absolute);
		if (!repo) return false;
		const under = `${absolute.slice(repo.root.length + 1)}/`;
		for (const rel of repo.tree.keys()) if (rel.startsWith(under)) return true;
		return false;
	}

	/** The entries of a folder: names, folders with a trailing `/`, sorted. */
	list(dir: string): string[] {
		const absolute = normalize(dir);
		const prefix = absolute === '/' ? '/' : `${absolute}/`;
		const names = new Set<string>();
		const add = (full: string, isFile: boolean) => {
			if (!full.startsWith(prefix)) return;
			const rest = full.slice(prefix.length);
			const slash = rest.indexOf('/');
			names.add(slash < 0 ? (isFile ? rest : `${rest}/`) : `${rest.slice(0, slash)}/`);
		};
		for (const repo of this.repos.values()) {
			add(repo.root, false);
			for (const rel of repo.tree.keys()) add(`${repo.root}/${rel}`, true);
		}
		for (const dirName of this.plain) add(dirName, false);
		for (const file of this.loose.keys()) add(file, true);
		names.delete('');
		return [...names].sort();
	}

	absolute(path: string): string {
		return normalize(path.startsWith('/') ? path : `${this.cwd}/${path}`);
	}

	private isPlain(absolute: string): boolean {
		return [...this.plain].some(dir => absolute === dir || absolute.startsWith(`${dir}/`));
	}
}

function listed(repo: Repo): GitChange[] {
	const out: GitChange[] = [];
	for (const [rel, now] of repo.tree) {
		const then = repo.base.get(rel);
		if (then === undefined) out.push({status: 'ADDED', path: rel});
		else if (!then.equals(now)) out.push({status: 'UPDATED', path: rel});
	}
	for (const rel of repo.base.keys()) if (!repo.tree.has(rel)) out.push({status: 'DELETED', path: rel});
	return out;
}

/** `Path.resolve()` without a file system: `.`/`..` segments and duplicate or trailing slashes. */
export function normalize(path: string): string {
	const out: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') out.pop();
		else out.push(part);
	}
	return `/${out.join('/')}`;
}
