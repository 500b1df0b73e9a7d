/**
 * Where a workspace's patch comes from (issue 28 item 1), best first:
 *
 * 1. the agent server's own, `GET /api/file/archive` (SDK 1.30 and later): what git writes, exact
 *    (CR bytes, binary files, renames, final newlines). Without `--ref` the server compares with the
 *    branch on origin; in a repository without origin it would compare with the empty tree (every
 *    file new): then it is asked again against HEAD, as `git diff HEAD` would show it.
 * 2. git through the bash route (./scripts.ts), for a server without that route: the same patch.
 * 3. the last resort, when neither answers: the added files from their exact bytes (./newFilePatch.ts),
 *    and nothing for the changed and deleted ones, named in `left`: the server's texts lose line
 *    endings, leading blank lines and final newlines, and a patch built from them could apply wrongly.
 */
import type {PatchStream, Workspace} from '../../api/agent/workspace.js';
import {isApiError} from '../../api/errors.js';
import {base64Decoder, byteQueue} from './byteQueue.js';
import {runCommand} from './commandRun.js';
import {newFilePatch} from './newFilePatch.js';
import {patchScript} from './scripts.js';

export type PatchFrom = 'archive' | 'git' | 'added-only';

export type PatchSource = {
	from: PatchFrom;
	body: AsyncIterable<Buffer>;
	/** the commit the patch applies on, when the server said */
	base: string | null;
	/** files changed in the workspace but not in this patch (the last resort), as the server lists them */
	left: string[];
	/** why the last resort was taken (the server's words, cleaned by the caller) */
	why: string | null;
	cancel(): void;
};

/** A failure that is the user's to fix (a ref that does not resolve, a folder that is no repository): no fallback. */
export class PatchRefused extends Error {
	override readonly name = 'PatchRefused';
}

/** New files larger than this are left out of the last resort (they are read whole to be encoded). */
const MAX_NEW_FILE = 256 * 1024 * 1024;

function fromArchive(stream: PatchStream): PatchSource {
	return {from: 'archive', body: stream.body, base: stream.baseCommit, left: [], why: null, cancel: () => stream.cancel()};
}

async function viaArchive(workspace: Workspace, ref: string | null, signal?: AbortSignal): Promise<PatchSource | null> {
	const first = await workspace.patch(ref, signal);
	if (!first) return null;
	// no origin: the server's automatic base is the empty tree although the repository has commits
	if (ref === null && first.baseCommit === null && first.headCommit !== null) {
		first.cancel();
		const head = await workspace.patch('HEAD', signal);
		if (head) return fromArchive(head);
	}
	return fromArchive(first);
}

/** git through the bash route; null with the reason when it could not be run. */
async function viaGit(workspace: Workspace, ref: string | null, signal?: AbortSignal): Promise<PatchSource | {why: string}> {
	const queue = byteQueue();
	const decoder = base64Decoder(bytes => queue.push(bytes));
	let errors = '';
	let base: string | null = null;
	const stopped = new AbortController();
	const onAbort = () => stopped.abort();
	signal?.addEventListener('abort', onAbort, {once: true});
	const run = runCommand(
		workspace,
		{command: patchScript(ref), timeoutS: 600},
		{
			stdout: text => decoder.push(text),
			stderr: text => {
				errors = (errors + text).slice(-4000);
				base ??= /^base ([0-9a-f]{40})$/m.exec(errors)?.[1] ?? null;
			},
		},
		{signal: stopped.signal},
	);
	// the patch is known good only once git's exit code is: its bytes wait until then
	let end;
	try {
		end = await run;
	} catch (error) {
		if (isApiError(error) && (error.kind === 'unsupported' || error.kind === 'not_found' || error.kind === 'server')) return {why: error.message};
		throw error;
	} finally {
		signal?.removeEventListener('abort', onAbort);
	}
	if (end.kind === 'exited' && end.code === 0) {
		decoder.end();
		queue.end();
		return {from: 'git', body: queue.body, base, left: [], why: null, cancel: () => queue.end()};
	}
	if (end.kind === 'exited' && end.code === 3) throw new PatchRefused(`no such ref on the agent server: ${ref ?? ''}`);
	if (end.kind === 'exited' && end.code === 128) throw new PatchRefused(`${workspace.folder} is not a git repository on the agent server`);
	if (end.kind === 'stopped') throw Object.assign(new Error('stopped'), {stopped: true});
	const said = errors.trim().split('\n').at(-1) ?? '';
	return {why: end.kind === 'exited' ? `git through the bash route exited ${end.code}${said ? `: ${said}` : ''}` : `git through the bash route: ${end.kind}`};
}

/** The added files from their bytes; the others named in `left`. */
async function addedOnly(workspace: Workspace, ref: string | null, why: string, signal?: AbortSignal): Promise<PatchSource> {
	const changes = await workspace.changes(ref, {signal});
	const added = changes.filter(c => c.status === 'ADDED').map(c => c.path);
	const left = changes.filter(c => c.status !== 'ADDED').map(c => c.path);
	let cancelled = false;
	async function* body(): AsyncGenerator<Buffer> {
		for (const path of added) {
			if (cancelled) return;
			const file = await workspace.download(path, signal);
			const chunks: Buffer[] = [];
			let size = 0;
			for await (const chunk of file.body) {
				size += chunk.length;
				if (size > MAX_NEW_FILE) {
					file.cancel();
					left.push(path);
					break;
				}
				chunks.push(chunk);
			}
			if (size <= MAX_NEW_FILE) yield newFilePatch(path, Buffer.concat(chunks));
		}
	}
	return {from: 'added-only', body: body(), base: null, left, why, cancel: () => void (cancelled = true)};
}

export async function openPatch(workspace: Workspace, ref: string | null, signal?: AbortSignal): Promise<PatchSource> {
	const archived = await viaArchive(workspace, ref, signal);
	if (archived) return archived;
	const git = await viaGit(workspace, ref, signal);
	if ('body' in git) return git;
	return addedOnly(workspace, ref, git.why, signal);
}
