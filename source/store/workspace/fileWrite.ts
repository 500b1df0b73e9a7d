/**
 * A local file written from a stream, never half (issue 28: `ohtui cp`, `trajectory`, the app's
 * `w`): the bytes go to a temporary file beside it, renamed into place once all arrived; a failure
 * midway removes it and leaves what was there. Not over an existing file unless `overwrite`.
 */
import {randomBytes} from 'node:crypto';
import {createWriteStream, rmSync, statSync} from 'node:fs';
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

/** Throws LocalFileError when `path` may not be written (a folder; a file, unless `overwrite`): ask before any request. */
export function checkTarget(path: string, overwrite = false): void {
	let existing;
	try {
		existing = statSync(path);
	} catch {
		existing = null;
	}
	if (existing?.isDirectory()) throw new LocalFileError(`${path} is a folder`);
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
