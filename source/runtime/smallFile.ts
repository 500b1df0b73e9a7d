/**
 * Reading a small file that something else may have replaced: the config file, the seen marks
 * (`$XDG_STATE_HOME/ohtui/seen/`), status's cache (`$XDG_CACHE_HOME/ohtui/status/`). Only a regular
 * file up to `maxBytes` is read. A FIFO there would block a plain read until someone writes to it,
 * and a synchronous read blocks the event loop, so nothing else runs: not the screen, not q, Ctrl-c
 * or SIGTERM (issue 27 item 10: only SIGKILL ended ohtui); /dev/zero would be read for ever (1.56 GB
 * in 3 s). O_NONBLOCK lets open() return at once on a FIFO, so fstat can judge what was opened (not
 * what the path named a moment before) before any read.
 */
import {closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readSync, renameSync, rmSync, type Stats, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';

export type SmallFile =
	| {ok: true; text: string}
	/** `missing`: no such file (or a folder on the way is none); `special`: a FIFO, device or socket, named by `kind` */
	| {ok: false; reason: 'missing' | 'directory' | 'special' | 'too-large'; kind?: string}
	| {ok: false; reason: 'unreadable'; code: string};

/** The file's text (UTF-8, a byte order mark dropped) or why there is none; never throws, never blocks. */
export function readSmallFile(path: string, maxBytes: number): SmallFile {
	let fd: number;
	try {
		fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
		return code === 'ENOENT' || code === 'ENOTDIR' ? {ok: false, reason: 'missing'} : {ok: false, reason: 'unreadable', code};
	}
	try {
		const stat = fstatSync(fd);
		if (stat.isDirectory()) return {ok: false, reason: 'directory'};
		if (!stat.isFile()) return {ok: false, reason: 'special', kind: fileKind(stat)};
		if (stat.size > maxBytes) return {ok: false, reason: 'too-large'};
		// sized by fstat, grown up to one byte past the limit: a file that grows meanwhile is still bounded
		let buffer = Buffer.allocUnsafe(Math.min(maxBytes, stat.size + 4096) + 1);
		let length = 0;
		for (;;) {
			if (length === buffer.length) {
				const larger = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
				buffer.copy(larger, 0, 0, length);
				buffer = larger;
			}
			const read = readSync(fd, buffer, length, buffer.length - length, null);
			if (read === 0) break;
			length += read;
			if (length > maxBytes) return {ok: false, reason: 'too-large'};
		}
		// editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses
		return {ok: true, text: buffer.toString('utf8', 0, length).replace(/^\uFEFF/, '')};
	} catch (error) {
		return {ok: false, reason: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unknown error'};
	} finally {
		closeSync(fd);
	}
}

/** The text, or null for anything else (a state or cache file that is not what it should be counts as none). */
export function smallFileText(path: string, maxBytes: number): string | null {
	const file = readSmallFile(path, maxBytes);
	return file.ok ? file.text : null;
}

export function fileKind(stat: Pick<Stats, 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket'>): string {
	if (stat.isFIFO()) return 'FIFO';
	if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
	if (stat.isSocket()) return 'socket';
	return 'special file';
}

/**
 * Writes `data` whole to a temporary file beside `path`, then `place`s it there: no reader sees half
 * a file; the folder is made private if missing. The temporary file is made by this call (O_EXCL):
 * whatever sat at its name (a FIFO, a symlink: opening either for writing would block or write
 * elsewhere) is removed first, and if something takes the name again meanwhile the write fails
 * rather than open it. The temporary file is never left behind.
 */
function throughTemporary<T>(path: string, data: string | Uint8Array, place: (temporary: string) => T): T {
	const temporary = `${path}.${process.pid}.tmp`;
	try {
		mkdirSync(dirname(path), {recursive: true, mode: 0o700});
		rmSync(temporary, {force: true});
		writeFileSync(temporary, data, {mode: 0o600, flag: 'wx'});
		return place(temporary);
	} finally {
		rmSync(temporary, {force: true});
	}
}

/** Writes `data` whole to `path`, renamed over what was there. Throws what the file system says. */
export function replaceFile(path: string, data: string | Uint8Array): void {
	throughTemporary(path, data, temporary => renameSync(temporary, path));
}

/**
 * Makes `path` with `data` only if nothing is there yet: true when this call made it, false when
 * something was (another process made it first). A link, unlike a rename, never replaces: several
 * processes starting at once agree on the first one's file. Throws what the file system says
 * otherwise (no links on this file system: the caller falls back to replaceFile).
 */
export function createFile(path: string, data: string | Uint8Array): boolean {
	try {
		return throughTemporary(path, data, temporary => {
			linkSync(temporary, path);
			return true;
		});
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw error;
	}
}
