/**
 * Where `cp` and `trajectory` write a local file (issue 28 item 3): never over an existing file
 * without `--force`, and never half: the bytes go to a temporary file beside it, renamed into place
 * once all arrived (a failure midway removes it and leaves what was there). `-` is standard output,
 * refused when that is a terminal (raw bytes could break it: pipe or redirect them instead).
 */
import {randomBytes} from 'node:crypto';
import {createWriteStream, rmSync, statSync} from 'node:fs';
import {rename} from 'node:fs/promises';
import {basename, dirname, join} from 'node:path';
import {once} from 'node:events';
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
	const stat = statOf(local);
	if (stat?.isDirectory() || local.endsWith('/')) path = join(local, name);
	const existing = path === local ? stat : statOf(path);
	if (existing?.isDirectory()) throw new CommandError(EXIT.usage, `${path} is a folder`);
	if (existing && !force) throw new CommandError(EXIT.usage, `${path} exists: --force overwrites it`);
	return {kind: 'file', path};
}

function statOf(path: string) {
	try {
		return statSync(path);
	} catch {
		return null;
	}
}

/** Writes `body` to the target; the bytes written. */
export async function writeLocal(target: LocalTarget, body: AsyncIterable<Buffer>, stdout: Out): Promise<number> {
	let bytes = 0;
	if (target.kind === 'stdout') {
		const out = streamWriter(stdout);
		for await (const chunk of body) {
			bytes += chunk.length;
			out.write(chunk);
			await out.drain();
		}
		await out.flushed();
		return bytes;
	}
	const temporary = join(dirname(target.path), `.${basename(target.path)}.ohtui-${randomBytes(4).toString('hex')}`);
	const file = createWriteStream(temporary, {flags: 'wx'});
	try {
		await once(file, 'open');
		for await (const chunk of body) {
			bytes += chunk.length;
			if (!file.write(chunk)) await once(file, 'drain');
		}
		file.end();
		await once(file, 'close');
		await rename(temporary, target.path);
		return bytes;
	} catch (error) {
		file.destroy();
		rmSync(temporary, {force: true});
		if (error instanceof Error && 'code' in error && typeof error.code === 'string' && !('kind' in error)) {
			throw new CommandError(EXIT.refused, `cannot write ${target.path}: ${error.code === 'EACCES' ? 'permission denied' : error.code === 'ENOENT' ? 'no such folder' : error.code === 'ENOSPC' ? 'no space left' : error.code}`);
		}
		throw error;
	}
}
