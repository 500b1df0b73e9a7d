/**
 * A local file written from a stream, never half (issue 28: `ohtui cp`, `trajectory`, the app's
 * `w`): the bytes go to a temporary file beside it, renamed into place once all arrived; a failure
 * midway removes it and leaves what was there. Not over an existing file unless `overwrite`.
 */
import {randomBytes} from 'node:crypto';
import {createWriteStream, lstatSync, rmSync, statSync} from 'node:fs';
import {once} from 'node:events';
import {rename} from 'node:fs/promises';
import {basename, dirname, join} from 'node:path';

/** A local file could not be written: one line, the system's reason in words. */
export class LocalFileError extends Error {
	override readonly name = 'LocalFileError';
}

function reason(error: unknown): string {
	const code = error instanceof Error && 'code' in error ? String(error.code) : '';
	if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
	if (code === 'ENOENT') return 'no such folder';
	if (code === 'ENOSPC') return 'no space left';
	if (code === 'EISDIR') return 'is a folder';
	return code || (error instanceof Error ? error.message : String(error));
}

/**
 * What is at `path`: a folder (or a link to one), a file, or nothing. A link that points nowhere is
 * a file here: its name is taken, and the rename that puts a download in place would replace the
 * link (stat alone says nothing is there, and it went without --force or a question).
 */
export function entryAt(path: string): 'folder' | 'file' | null {
	try {
		return statSync(path).isDirectory() ? 'folder' : 'file';
	} catch {
		try {
			lstatSync(path);
			return 'file';
		} catch {
			return null;
		}
	}
}

/** Throws LocalFileError when `path` may not be written (a folder; a file, unless `overwrite`): ask before any request. */
export function checkTarget(path: string, overwrite = false): void {
	const existing = entryAt(path);
	if (existing === 'folder') throw new LocalFileError(`${path} is a folder`);
	if (existing && !overwrite) throw new LocalFileError(`${path} exists`);
}

export async function writeFileFrom(path: string, body: AsyncIterable<Buffer>, options: {overwrite?: boolean} = {}): Promise<number> {
	checkTarget(path, options.overwrite);
	const temporary = join(dirname(path), `.${basename(path)}.ohtui-${randomBytes(4).toString('hex')}`);
	const file = createWriteStream(temporary, {flags: 'wx'});
	let bytes = 0;
	try {
		await once(file, 'open');
		for await (const chunk of body) {
			bytes += chunk.length;
			if (!file.write(chunk)) await once(file, 'drain');
		}
		file.end();
		await once(file, 'close');
		await rename(temporary, path);
		return bytes;
	} catch (error) {
		file.destroy();
		rmSync(temporary, {force: true});
		// a failure of the local side says where; one of the stream (the server) stays what it is
		if (error instanceof Error && 'code' in error && !('kind' in error)) throw new LocalFileError(`cannot write ${path}: ${reason(error)}`);
		throw error;
	}
}
