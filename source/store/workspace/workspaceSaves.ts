/**
 * What the app's `w` and `y` take out of a workspace (issue 28 item 4): the patch (all files, or
 * the ones named) written to a local file or held for the clipboard, and one file saved locally.
 * A local file is never written half (./fileWrite.ts) nor over one that exists unless the user
 * said so: `exists` comes back first, before any request, so the UI can ask. A typed `~/` is the
 * home folder; a folder gets the file under its default name; relative paths are from where
 * ohtui was started. The bytes are the workspace's own, unmasked, as `ohtui diff` and `cp` write
 * them into a file.
 */
import {homedir} from 'node:os';
import {basename, join} from 'node:path';
import type {AppConversation} from '../../api/schemas/index.js';
import {patchFileName, safeName} from '../../present/workspaceText.js';
import {errorMessage} from '../oneLine.js';
import type {PatchCopy, SaveResult} from '../workspaceTypes.js';
import {entryAt, writeFileFrom} from './fileWrite.js';
import {patchBytes, savePatch} from './patchCopy.js';
import type {Streamed} from './patchStream.js';
import type {WorkspaceOpener} from './workspaceOpener.js';

/**
 * What `y` copies at most: 100,000 characters of OSC 52's base64 (hterm's and vim-oscyank's bound;
 * tmux passes up to 1 MiB, some terminals far less), i.e. 75,000 bytes of patch.
 */
export const MAX_COPY_BYTES = 75_000;

/** `~/x` from the home folder; a folder gets `name` inside it. */
export function localTarget(typed: string, name: string): {path: string; exists: boolean} {
	const trimmed = typed.trim();
	let path = trimmed === '~' || trimmed.startsWith('~/') ? join(homedir(), trimmed.slice(1)) : trimmed;
	const found = entryAt(path);
	if (found === 'folder') path = join(path, name);
	return {path, exists: found === 'folder' ? entryAt(path) !== null : found !== null};
}

/** What a patch leaves out, in words; null when nothing. */
function patchNote(streamed: Streamed): string | null {
	const notes: string[] = [];
	if (streamed.files === 0) notes.push('no changes: the patch is empty');
	if (streamed.from === 'added-only' && streamed.left.length > 0) {
		notes.push(`only the added files: ${streamed.left.length} changed or deleted file${streamed.left.length === 1 ? '' : 's'} left out (this agent server's texts could apply wrongly)`);
	}
	if (streamed.unsafe.length > 0) notes.push(`${streamed.unsafe.length} file${streamed.unsafe.length === 1 ? '' : 's'} left out: a path that would leave the checkout`);
	if (streamed.unmatched.length > 0) notes.push(`not in the patch: ${streamed.unmatched.join(', ')}`);
	return notes.length > 0 ? notes.join('; ') : null;
}

export class WorkspaceSaves {
	constructor(private readonly opener: WorkspaceOpener) {}

	async saveFile(conversation: AppConversation, path: string, typed: string, overwrite = false): Promise<SaveResult> {
		const target = localTarget(typed, safeName(basename(path)));
		if (target.exists && !overwrite) return {kind: 'exists', path: target.path};
		try {
			const workspace = await this.opener.open(conversation);
			const stream = await workspace.download(path);
			const bytes = await writeFileFrom(target.path, stream.body, {overwrite});
			return {kind: 'saved', path: target.path, bytes, note: null};
		} catch (error) {
			return {kind: 'failed', message: errorMessage(error)};
		}
	}

	async savePatch(conversation: AppConversation, typed: string, options: {paths?: readonly string[]; overwrite?: boolean} = {}): Promise<SaveResult> {
		const target = localTarget(typed, patchFileName(conversation.id, options.paths?.length === 1 ? options.paths[0]! : null));
		if (target.exists && !options.overwrite) return {kind: 'exists', path: target.path};
		try {
			const workspace = await this.opener.open(conversation);
			const saved = await savePatch(workspace, target.path, {paths: options.paths ?? [], overwrite: options.overwrite ?? false});
			return {kind: 'saved', path: target.path, bytes: saved.bytes, note: patchNote(saved.streamed)};
		} catch (error) {
			return {kind: 'failed', message: errorMessage(error)};
		}
	}

	async copyPatch(conversation: AppConversation, options: {paths?: readonly string[]} = {}): Promise<PatchCopy> {
		try {
			const workspace = await this.opener.open(conversation);
			const held = await patchBytes(workspace, MAX_COPY_BYTES, {paths: options.paths ?? []});
			if (!held.patch || !held.streamed) return {kind: 'too-large', bytes: held.bytes, max: MAX_COPY_BYTES};
			if (held.streamed.files === 0) return {kind: 'empty'};
			return {kind: 'ready', patch: held.patch, files: held.streamed.files, note: patchNote(held.streamed)};
		} catch (error) {
			return {kind: 'failed', message: errorMessage(error)};
		}
	}
}
