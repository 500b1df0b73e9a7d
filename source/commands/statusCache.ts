/**
 * `ohtui status`'s cache: one small file per server (and key) in `$XDG_CACHE_HOME/ohtui/status/`, so a
 * tmux status bar refreshed every 5 s from several clients, panes or sessions costs one request per
 * server per interval. A process finding the file older than `maxAge` takes a lock (a file created
 * exclusively) and asks the server; the others wait for its answer instead of asking too. A holder
 * that died leaves a lock older than STALE_LOCK_MS, which the next one removes.
 *
 * The file holds what `status` counts (ids, states, times, masked titles for completion), the auth
 * scheme the server took (so the next run need not probe for it) and failures (a dead server is not
 * asked by every pane either). Never a key: the file name carries a short hash of the key only, so
 * another key gets another file. Atomic writes; an unreadable file counts as none.
 */
import {closeSync, mkdirSync, openSync, rmSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {replaceFile, smallFileText} from '../runtime/smallFile.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {seenFileName} from '../store/attention/seenStore.js';
import type {CommandServer} from './servers.js';

export type CompactConversation = {id: string; execution_status: string | null; sandbox_status: string; updated_at: number; title: string};

export type CachedStatus =
	| {version: 1; at: number; ok: true; auth: 'session' | 'bearer' | null; conversations: CompactConversation[]}
	| {version: 1; at: number; ok: false; auth: 'session' | 'bearer' | null; code: number; message: string};

/**
 * Larger than any answer (100 conversations of a few hundred bytes each); anything else in a cache
 * file's place (a FIFO, /dev/zero, a runaway file) counts as no answer and is never read
 * (../runtime/smallFile.ts: a FIFO hung `status`, /dev/zero took it to 1.56 GB).
 */
const MAX_FILE_BYTES = 1024 * 1024;

/** A lock older than this belongs to a process that died (a fetch gives up well before). */
export const STALE_LOCK_MS = 15_000;

/** FNV-1a, 32 bits: tells keys apart in a file name without writing them anywhere. */
export function keyTag(key: string | null): string {
	if (!key) return 'nokey';
	let hash = 0x811c9dc5;
	for (let i = 0; i < key.length; i++) {
		hash ^= key.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

/** A server's answers: named after its URL, auth setting and key's hash (`keyTag`). */
export function cachePath(directory: string, url: string, tag: string, auth: string): string {
	return join(directory, 'status', `${seenFileName(url).replace(/\.json$/, '')}-${auth}-${tag}.json`);
}

/** Where a server's answers are kept (the key only as a short hash in the name). */
export function statusCachePath(env: NodeJS.ProcessEnv, server: {url: string; auth: string; keyTag: string}): string {
	return cachePath(ohtuiDirectory('cache', env), server.url, server.keyTag, server.auth);
}

export function cachePathOf(env: NodeJS.ProcessEnv, server: CommandServer): string {
	return statusCachePath(env, {url: server.url, auth: server.auth, keyTag: keyTag(server.apiKey)});
}

export function readCache(path: string): CachedStatus | null {
	try {
		const data = JSON.parse(smallFileText(path, MAX_FILE_BYTES) ?? 'null') as CachedStatus | null;
		if (!data || typeof data !== 'object' || data.version !== 1 || typeof data.at !== 'number' || typeof data.ok !== 'boolean') return null;
		if (data.ok && !Array.isArray(data.conversations)) return null;
		if (!data.ok && (typeof data.code !== 'number' || typeof data.message !== 'string')) return null;
		return data;
	} catch {
		return null;
	}
}

export function writeCache(path: string, data: CachedStatus | SelectionSummary): void {
	try {
		replaceFile(path, JSON.stringify(data));
	} catch {
		// a cache that cannot be written only costs the next run a request
	}
}

/** Takes the lock, or returns null when another process holds a live one. */
export function tryLock(path: string, now: () => number): (() => void) | null {
	const lock = `${path}.lock`;
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			mkdirSync(join(path, '..'), {recursive: true, mode: 0o700});
			closeSync(openSync(lock, 'wx', 0o600));
			return () => rmSync(lock, {force: true});
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return () => {}; // no lock possible: go ahead alone
			try {
				if (now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return null;
				rmSync(lock, {force: true});
			} catch {
				// gone meanwhile: try again
			}
		}
	}
	return null;
}

export function lockHeld(path: string): boolean {
	try {
		statSync(`${path}.lock`);
		return true;
	} catch {
		return false;
	}
}

/**
 * The servers a `status` invocation chose, without their keys, so the next identical invocation
 * (same arguments, environment and config file: `inputs`) answered from the cache needs neither the
 * config file read nor its schema (zod) loaded. A key that changes changes `inputs`.
 */
export type SelectionSummary = {
	version: 1;
	inputs: string;
	servers: {name: string; url: string; auth: string; keyTag: string; refreshMs: number}[];
};

export function summaryPath(directory: string, inputs: string): string {
	return join(directory, 'status', `selection-${keyTag(inputs)}.json`);
}

export function readSummary(path: string, inputs: string): SelectionSummary | null {
	try {
		const data = JSON.parse(smallFileText(path, MAX_FILE_BYTES) ?? 'null') as SelectionSummary | null;
		if (!data || data.version !== 1 || data.inputs !== inputs || !Array.isArray(data.servers) || data.servers.length === 0) return null;
		const valid = data.servers.every(s => s && typeof s.name === 'string' && typeof s.url === 'string' && typeof s.auth === 'string' && typeof s.keyTag === 'string' && Number.isFinite(s.refreshMs));
		return valid ? data : null;
	} catch {
		return null;
	}
}
