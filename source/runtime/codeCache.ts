/**
 * The TUI's script run with V8's code cache, on every Node line (issue 29). Node 20 has no compile
 * cache for modules: parsing and compiling the 1.3 MB UI chunk was ~40 % of its start. A script run
 * through `vm.Script` can be given the code V8 made for it last time (`cachedData`), which skips
 * the parse and the compile of every function that had run before the cache was made.
 *
 * The script (dist/chunks/tui-<hash>.script.js, written by scripts/build.mjs) is one expression:
 * an async function taking `require` and the script's URL, returning the TUI's exports. Its cache is
 * kept with the user's other caches, $XDG_CACHE_HOME/ohtui/code-cache (else ~/.cache/…), one file
 * per script and Node: `<script's name>-<node version>-<arch>.bin`. A stale cache is never used:
 * the script's name carries its content's hash (a changed bundle has another name), the file's
 * name Node's version, and V8 checks the rest itself (its version, its flags, the source's length)
 * and rejects a cache that does not match (`cachedDataRejected`): the script is then compiled from
 * its source and the cache written again. V8 does not check the cache's own bytes (a damaged cache
 * was accepted in a test), so each file starts with a CRC-32 of the rest, checked before V8 sees
 * it; Node's compile cache does the same. Files are written whole (a temporary file renamed), so a
 * cache is never read half written. Delete the folder any time: it is only ever a cache.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own compile cache
 * (./compileCache.ts); so does a Node without zlib.crc32 (before 20.15).
 *
 * The cache is made after the first frame (`saveCache`), so it holds the code of everything that
 * drew it, and before the heap flags are set (./memory.ts): V8 records its flags in a cache and
 * rejects one made under others, so a cache made after them would never be used.
 */
import {closeSync, constants, fstatSync, openSync, readdirSync, readSync, rmSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import {basename, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {replaceFile} from './smallFile.js';
import {ohtuiDirectory} from './xdg.js';

/** What became of the cache when the script was compiled. */
export type CacheUse = 'used' | 'rejected' | 'absent' | 'off';

export type CachedScript<T> = {
	exports: T;
	cache: CacheUse;
	/** the cache file, when caching is on */
	cachePath: string | undefined;
	/** writes the cache unless the one used was accepted; never throws, writes once */
	saveCache(): void;
};

/** caches of other scripts (older builds) not touched for this long are removed when one is written */
const STALE_MS = 7 * 24 * 3600 * 1000;

/** the file's first bytes: a mark, then the CRC-32 of the V8 cache after them */
const MAGIC = Buffer.from('ohtuiCC1');
const HEADER = MAGIC.length + 4;

/**
 * node:vm and node:zlib on the TUI's path only: this module is in the entry, which every command
 * loads. zlib.crc32: Node >= 20.15 and 22.2.
 */
const load = createRequire(import.meta.url);
const crc32 = (data: Uint8Array) => (load('node:zlib') as {crc32: (data: Uint8Array) => number}).crc32(data);
const hasCrc32 = () => typeof (load('node:zlib') as {crc32?: unknown}).crc32 === 'function';

/** $XDG_CACHE_HOME/ohtui/code-cache, or null when NODE_DISABLE_COMPILE_CACHE is set or this Node cannot check a cache */
export function codeCacheDirectory(env: NodeJS.ProcessEnv = process.env): string | null {
	if (env['NODE_DISABLE_COMPILE_CACHE'] || !hasCrc32()) return null;
	return join(ohtuiDirectory('cache', env), 'code-cache');
}

export function codeCachePath(directory: string, scriptPath: string, runtime = `${process.version}-${process.arch}`): string {
	return join(directory, `${basename(scriptPath, '.js')}-${runtime}.bin`);
}

/**
 * Both files are read without a large block of malloc'd memory that is later freed. glibc raises
 * its mmap threshold to the size of any freed block it had mapped (up to 32 MB), and its trim
 * threshold to twice that: after `readFileSync` of the 3.2 MB script (Node reads it whole, then
 * makes the string) it stops giving freed memory back until 8 MB of it sit at the heap's top, and
 * keeps blocks up to 4 MB (V8's parser zones among them) in its arenas. Resident memory after the
 * scale bench was 7-12 MB higher for it (malloc_trim released that much, checked with gdb).
 *
 * A block over 32 MB never moves glibc's thresholds when freed (and its pages untouched by the
 * read are never resident): each file is read into one, freed whole once its contents are copied.
 */
const UNTRACKED_BLOCK = 33 * 1024 * 1024;

function readWhole(path: string): Buffer {
	const fd = openSync(path, 'r');
	try {
		return readAll(fd, fstatSync(fd).size);
	} finally {
		closeSync(fd);
	}
}

/**
 * The file when it is a regular one of at most `maxBytes`, else null. O_NONBLOCK: open() of a FIFO
 * returns at once, so fstat judges what was opened before any read.
 */
function readRegular(path: string, maxBytes: number): Buffer | null {
	const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
	try {
		const stat = fstatSync(fd);
		return stat.isFile() && stat.size <= maxBytes ? readAll(fd, stat.size) : null;
	} finally {
		closeSync(fd);
	}
}

function readAll(fd: number, size: number): Buffer {
	const file = Buffer.allocUnsafeSlow(Math.max(size, UNTRACKED_BLOCK)).subarray(0, size);
	let at = 0;
	for (let read = 1; at < size && read > 0; at += read) read = readSync(fd, file, at, size - at, null);
	return file.subarray(0, at);
}

/**
 * The script's text (ASCII: scripts/asciiOutput.mjs). Node makes a text this long an external
 * string: one copy, malloc'd for as long as the script lives (never freed, so no threshold moves),
 * and nothing on V8's heap. Read in 64 KB strings and joined, as before, it made 3.2 MB of young
 * garbage: five scavenges, ~3 ms, before the first frame.
 */
function readSource(path: string): string {
	return readWhole(path).toString('latin1');
}

/**
 * A cache file larger than this counts as none: the TUI's is about 1.4 MB. Anything at the cache's
 * path that is not a regular file (a FIFO, a device) counts as none too: a blocking read of a FIFO
 * there held the event loop before the first frame, deaf to q, Ctrl-c and SIGTERM (issue 27 item 10,
 * as ./smallFile.ts does for the state and status files).
 */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** the V8 cache in the file, 'damaged' when its check fails, undefined when there is none */
function readCache(path: string | undefined): Buffer | 'damaged' | undefined {
	if (path === undefined) return undefined;
	let file: Buffer | null;
	try {
		file = readRegular(path, MAX_CACHE_BYTES);
	} catch {
		return undefined;
	}
	if (file === null) return undefined;

	const data = file.subarray(HEADER);
	const fits = file.length > HEADER && file.subarray(0, MAGIC.length).equals(MAGIC) && file.readUInt32BE(MAGIC.length) === crc32(data);
	return fits ? data : 'damaged';
}

function withHeader(data: Buffer): Buffer {
	const header = Buffer.alloc(HEADER);
	MAGIC.copy(header);
	header.writeUInt32BE(crc32(data), MAGIC.length);
	return Buffer.concat([header, data]);
}

/**
 * Compiles the script at `scriptPath` with its cache (if any), runs it, and awaits what it returns.
 * Errors of the script itself (a bug) are thrown; the cache's never are.
 */
export async function runCachedScript<T>(scriptPath: string, directory: string | null = codeCacheDirectory()): Promise<CachedScript<T>> {
	const source = readSource(scriptPath);
	const cachePath = directory === null ? undefined : codeCachePath(directory, scriptPath);
	const cached = readCache(cachePath);
	const cachedData = cached instanceof Buffer ? cached : undefined;
	const {Script} = load('node:vm') as typeof import('node:vm');
	const script = new Script(source, {filename: scriptPath, ...(cachedData ? {cachedData} : {})});
	const cache: CacheUse = cachePath === undefined ? 'off' : cached === undefined ? 'absent' : cached === 'damaged' || script.cachedDataRejected ? 'rejected' : 'used';
	const run = script.runInThisContext() as (require: NodeJS.Require, url: string) => Promise<T>;
	const exports = await run(createRequire(scriptPath), pathToFileURL(scriptPath).href);
	let saved = cache === 'used' || cache === 'off';
	return {
		exports,
		cache,
		cachePath,
		saveCache() {
			if (saved || directory === null || cachePath === undefined) return;
			saved = true;
			writeCache(directory, cachePath, () => withHeader(script.createCachedData()));
		},
	};
}

function writeCache(directory: string, path: string, data: () => Buffer): void {
	try {
		replaceFile(path, data());
		removeStale(directory, path);
	} catch {
		// a read-only or full disk: the next start compiles from the source, as Node 20 always did
	}
}

/** other builds' caches (and temporary files of writers that died) unused for a week */
function removeStale(directory: string, kept: string): void {
	const now = Date.now();
	for (const name of readdirSync(directory)) {
		const path = join(directory, name);
		if (path === kept) continue;
		try {
			if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, {force: true});
		} catch {
			// removed meanwhile
		}
	}
}
