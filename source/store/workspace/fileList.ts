/**
 * The files of a workspace folder (issue 28 item 4, the app's `F`): no agent-server route lists a
 * folder's files (/work/realserver FINDINGS §2), so ohtui asks through the bash route
 * (./scripts.ts LIST_SCRIPT): git's file list where the folder is in a repository (tracked and
 * untracked, ignored ones left out, paths from the folder), else the folder's own entries
 * (folders end in `/`). Names are as the server sent them: clean them before drawing.
 */
import type {Workspace} from '../../api/agent/workspace.js';
import {type CommandEnd, runCommand} from './commandRun.js';
import {LIST_SCRIPT} from './scripts.js';

export type FileList = {kind: 'git' | 'dir'; files: string[]; truncated: boolean} | {kind: 'failed'; end: CommandEnd; message: string};

/** Names kept at most (a monorepo lists hundreds of thousands). */
export const MAX_FILES = 50_000;

export async function listFiles(workspace: Workspace, options: {signal?: AbortSignal; timeoutS?: number} = {}): Promise<FileList> {
	let out = '';
	let err = '';
	let truncated = false;
	const end = await runCommand(
		workspace,
		{command: LIST_SCRIPT, timeoutS: options.timeoutS ?? 60},
		{
			stdout: text => {
				// enough for MAX_FILES names; the rest is not kept
				if (out.length < MAX_FILES * 200) out += text;
				else truncated = true;
			},
			stderr: text => void (err = (err + text).slice(-2000)),
		},
		{signal: options.signal},
	);
	if (end.kind !== 'exited' || end.code !== 0) return {kind: 'failed', end, message: err.trim().split('\n').at(-1) ?? ''};
	const newline = out.indexOf('\n');
	const kind = out.slice(0, newline) === '#git' ? 'git' : 'dir';
	const names = out.slice(newline + 1).split(kind === 'git' ? '\0' : '\n').filter(Boolean);
	if (names.length > MAX_FILES) truncated = true;
	return {kind, files: names.slice(0, MAX_FILES), truncated};
}
