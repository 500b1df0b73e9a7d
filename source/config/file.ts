import {lstatSync, readlinkSync, statSync} from 'node:fs';
import {homedir} from 'node:os';
import {isAbsolute, join} from 'node:path';
import {readSmallFile} from '../runtime/smallFile.js';
import {UsageError} from './errors.js';
import type {Env} from './env.js';
import type {ConfigFile} from './fileSchema.js';
import {printable} from './text.js';

export type {ConfigFile, Profile} from './fileSchema.js';

export type LoadedConfigFile = {
	path: string;
	/** null when there is no file (that is fine: flags and env may say everything) */
	file: ConfigFile | null;
	/** lines for stderr before the UI starts */
	warnings: string[];
};

/** `$XDG_CONFIG_HOME/ohtui/config.json`, else `~/.config/ohtui/config.json`. */
export function configPath(env: Env): string {
	const xdg = env['XDG_CONFIG_HOME'];
	// The XDG spec says relative paths in XDG_CONFIG_HOME are invalid and must be ignored.
	if (xdg && isAbsolute(xdg)) {
		return join(xdg, 'ohtui', 'config.json');
	}

	return join(env['HOME'] || homedir(), '.config', 'ohtui', 'config.json');
}

/**
 * Reads and validates the config file. Never writes it. Every problem is one UsageError line
 * naming the file and the field; no message repeats a value from the file, since any of them
 * may be a key typed in the wrong place.
 */
export async function loadConfigFile(path: string): Promise<LoadedConfigFile> {
	const text = readConfigText(path);
	if (text === null) {
		return {path, file: null, warnings: []};
	}

	if (text.trim() === '') {
		throw new UsageError(`config ${path}: the file is empty (write {"profiles": {}} or delete it)`);
	}

	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		throw new UsageError(`config ${path}: not valid JSON${jsonErrorPlace(error, text)}`);
	}

	const {checkConfigFile} = await import('./fileSchema.js');
	const result = checkConfigFile(json);
	if (!result.ok) {
		throw new UsageError(`config ${path}: ${result.message}`);
	}

	const {file} = result;
	if (file.current !== undefined && !Object.hasOwn(file.profiles, file.current)) {
		throw new UsageError(`config ${path}: current: ${noSuchProfile(file.current, file)}`);
	}

	// by position, not by value: a key pasted into the list would be echoed
	const unknown = Array.isArray(file.open) ? file.open.findIndex(name => !Object.hasOwn(file.profiles, name)) : -1;
	if (unknown >= 0) {
		throw new UsageError(`config ${path}: open.${unknown}: no such profile (${knownProfiles(file)})`);
	}

	return {path, file, warnings: permissionWarnings(path, file)};
}

/** Larger than any hand-written config; a device or a runaway file is refused before reading. */
export const maxConfigBytes = 1024 * 1024;

/**
 * The file's text, or null when there is none. Only a regular file up to maxConfigBytes is read:
 * a FIFO would block start-up until someone writes to it, and /dev/zero would be read for ever
 * (../runtime/smallFile.ts).
 */
function readConfigText(path: string): string | null {
	const file = readSmallFile(path, maxConfigBytes);
	if (file.ok) return file.text;
	switch (file.reason) {
		case 'missing': {
			const target = danglingTarget(path);
			if (target !== null) {
				throw new UsageError(`config ${path}: is a symbolic link to ${target}, which does not exist`);
			}

			return null;
		}

		case 'directory':
			throw new UsageError(`config ${path}: cannot read (is a directory)`);
		case 'special':
			throw new UsageError(`config ${path}: not a regular file (a ${file.kind}); only a JSON file is read`);
		case 'too-large':
			throw new UsageError(`config ${path}: larger than 1 MB; only a small JSON file is read`);
		case 'unreadable':
			throw new UsageError(`config ${path}: cannot read (${file.code === 'EACCES' ? 'permission denied' : file.code === 'ELOOP' ? 'symbolic link loop' : file.code})`);
	}
}

function danglingTarget(path: string): string | null {
	try {
		if (!lstatSync(path).isSymbolicLink()) return null;
		return printable(readlinkSync(path), 200);
	} catch {
		return null;
	}
}

export function noSuchProfile(name: string, file: ConfigFile | null): string {
	return `no profile named "${printable(name)}" (${knownProfiles(file)})`;
}

function knownProfiles(file: ConfigFile | null): string {
	const names = file ? Object.keys(file.profiles) : [];
	return names.length > 0 ? `profiles: ${names.map(n => printable(n)).join(', ')}` : 'no profiles defined';
}

/** A key in a file others can read is a key others have. */
function permissionWarnings(path: string, file: ConfigFile): string[] {
	const holdsKey = Object.values(file.profiles).some(profile => profile.apiKey !== undefined);
	if (!holdsKey || process.platform === 'win32') {
		return [];
	}

	try {
		// eslint-disable-next-line no-bitwise
		if ((statSync(path).mode & 0o077) !== 0) {
			return [`warning: ${path} holds an API key and is readable by others; run chmod 600 ${path}`];
		}
	} catch {
		// The file was readable a moment ago; a failed stat leaves nothing to warn about.
	}

	return [];
}

/** Node's JSON.parse messages can quote the text around the error (a key, perhaps): keep only the place. */
function jsonErrorPlace(error: unknown, text: string): string {
	const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
	if (!match) {
		return /Unexpected end/i.test(error instanceof Error ? error.message : '') ? ' (unexpected end of file)' : '';
	}

	const position = Number(match[1]);
	const before = text.slice(0, position);
	const line = before.split('\n').length;
	const column = position - before.lastIndexOf('\n');
	return ` (line ${line}, column ${column})`;
}
