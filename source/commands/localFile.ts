/**
 * Where `cp` and `trajectory` write a local file (issue 28 item 3): never over an existing file
 * without `--force` (checked before any request), and never half (../store/workspace/fileWrite.ts).
 * `-` is standard output, refused when that is a terminal (raw bytes could break it: pipe or
 * redirect them instead).
 */
import {join} from 'node:path';
import {entryAt, LocalFileError, writeFileFrom} from '../store/workspace/fileWrite.js';
import {CommandError, EXIT} from './exitCodes.js';
import type {Out} from './output.js';
import {streamWriter} from './workspaceOpen.js';

export type LocalTarget = {kind: 'stdout'} | {kind: 'file'; path: string};

/** The file to write: `local` itself, or `local/<name>` when it is a folder (as cp does). */
export function localTarget(local: string, name: string, force: boolean, stdout: {isTTY?: boolean}): LocalTarget {
	if (local === '-') {
		if (stdout.isTTY) throw new CommandError(EXIT.usage, 'standard output is a terminal: give a file name, or redirect it (> file)');
		return {kind: 'stdout'};
	}
	let path = local;
	const found = entryAt(local);
	if (found === 'folder' || local.endsWith('/')) path = join(local, name);
	// a link to nowhere counts as a file: --force replaces the link itself, never what it names
	const existing = path === local ? found : entryAt(path);
	if (existing === 'folder') throw new CommandError(EXIT.usage, `${path} is a folder`);
	if (existing && !force) throw new CommandError(EXIT.usage, `${path} exists: --force overwrites it`);
	return {kind: 'file', path};
}

/** Writes `body` to the target; the bytes written. */
export async function writeLocal(target: LocalTarget, body: AsyncIterable<Buffer>, stdout: Out): Promise<number> {
	if (target.kind === 'file') {
		try {
			// the target was checked before the download began: a file that appeared since is replaced
			return await writeFileFrom(target.path, body, {overwrite: true});
		} catch (error) {
			if (error instanceof LocalFileError) throw new CommandError(EXIT.refused, error.message);
			throw error;
		}
	}
	let bytes = 0;
	const out = streamWriter(stdout);
	for await (const chunk of body) {
		bytes += chunk.length;
		out.write(chunk);
		await out.drain();
	}
	await out.flushed();
	return bytes;
}
