/**
 * Two whole scripts clients send to the bash routes, answered as a real sh + git would answer them
 * (the stand-in cannot run them):
 *
 * - the workspace's patch for an agent server without `GET /api/file/archive` (before 1.30): a
 *   scratch index, `git add -A`, `git diff --binary --cached BASE`, written out as base64 (the bash
 *   routes decode output as UTF-8 with replacement, so raw bytes would not survive), `base <sha>` on
 *   stderr; recognised by `git diff --binary --cached`, its ref read from `ref='…'`;
 * - a folder's file list: `#git` and `git ls-files -z` output in a repository, else `#dir` and
 *   `ls -A1p`; recognised by `git ls-files -z`.
 */
import type {Workspaces} from '../agentServer/workspaces.js';

/** One piece of a run: output (stdout, stderr) or a pause. */
export type ShellStep = {out?: string; err?: string; sleepMs?: number};
/** What a command does: its steps and its exit code. */
export type ShellRun = {steps: ShellStep[]; exit: number};

/** coreutils' base64: 76 characters a line. */
function base64Lines(bytes: Buffer): string {
	const text = bytes.toString('base64');
	let out = '';
	for (let i = 0; i < text.length; i += 76) out += `${text.slice(i, i + 76)}\n`;
	return out;
}

/** A stable object id for a repository's HEAD (the stand-in keeps no history). */
export function headCommit(root: string): string {
	let h = 0x811c9dc5;
	for (const ch of root) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
	return (h.toString(16).padStart(8, '0').repeat(5)).slice(0, 40);
}

function patchScript(command: string, cwd: string, fs: Workspaces): ShellRun {
	const repo = fs.repoOf(cwd);
	if (!repo) return {steps: [{err: 'fatal: not a git repository (or any of the parent directories): .git\n'}], exit: 128};
	const ref = /\bref='((?:[^']|'\\'')*)'/.exec(command)?.[1]?.replaceAll("'\\''", "'") ?? '';
	const known = ['', 'HEAD', 'main', 'origin/main', headCommit(repo.root)];
	if (!known.includes(ref)) return {steps: [{err: `unknown ref: ${ref}\n`}], exit: 3};
	const base = headCommit(repo.root);
	return {steps: [{err: `base ${base}\n`}, {out: base64Lines(fs.patch(cwd, repo))}], exit: 0};
}

function listScript(cwd: string, fs: Workspaces): ShellRun {
	const repo = fs.repoOf(cwd);
	if (!repo) return {steps: [{out: `#dir\n${fs.list(cwd).map(name => `${name}\n`).join('')}`}], exit: 0};
	const under = cwd === repo.root ? '' : `${cwd.slice(repo.root.length + 1)}/`;
	const files = [...repo.tree.keys()].filter(f => f.startsWith(under)).map(f => f.slice(under.length)).sort();
	return {steps: [{out: `#git\n${files.map(f => `${f}\0`).join('')}`}], exit: 0};
}

export function cannedScript(command: string, cwd: string, fs: Workspaces): ShellRun | null {
	if (command.includes('git diff --binary --cached')) return patchScript(command, cwd, fs);
	if (command.includes('git ls-files -z')) return listScript(cwd, fs);
	return null;
}
