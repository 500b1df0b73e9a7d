// The TUI script's code cache (runtime/codeCache.ts), with the real V8 of the Node running the
// test: made once, used after, never a stale or damaged one, off with NODE_DISABLE_COMPILE_CACHE,
// silent when it cannot be written. The built app's own cache: test/runtime/compileCache.test.ts.
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {codeCacheDirectory, codeCachePath, runCachedScript} from '../../source/runtime/codeCache.js';

const base = mkdtempSync(join(tmpdir(), 'ohtui-code-cache-'));
afterAll(() => {
	rmSync(base, {recursive: true, force: true});
});

function spawnSyncOk(command: string, args: string[]): void {
	expect(spawnSync(command, args).status).toBe(0);
}

let made = 0;
/** a folder with a script like the TUI's (an async function of require and its URL) and a cache folder */
function place(body = 'return {answer: 6 * 7, url, fs: typeof require("node:fs").readFileSync};'): {script: string; cache: string} {
	const folder = join(base, String(made++));
	mkdirSync(folder);
	const script = join(folder, 'tui-ABC123.script.js');
	// a function with inner functions, as the bundle's: their code is what the cache keeps
	writeFileSync(script, `(async function (require, url) {\n"use strict";\nconst twice = n => 2 * n;\nawait null;\n${body}\n})\n`);
	return {script, cache: join(folder, 'cache')};
}

describe('runCachedScript', () => {
	it('runs the script; with no cache yet compiles it and writes one after, which the next run uses', async () => {
		const {script, cache} = place();
		const first = await runCachedScript<{answer: number; url: string; fs: string}>(script, cache);
		expect(first.exports).toEqual({answer: 42, url: `file://${script}`, fs: 'function'});
		expect(first.cache).toBe('absent');
		expect(existsSync(cache)).toBe(false);
		first.saveCache();
		expect(readdirSync(cache)).toEqual([`tui-ABC123.script-${process.version}-${process.arch}.bin`]);
		const second = await runCachedScript<{answer: number}>(script, cache);
		expect(second.cache).toBe('used');
		expect(second.exports.answer).toBe(42);
		// a cache that was used is not written again
		const written = readFileSync(second.cachePath!);
		second.saveCache();
		expect(readFileSync(second.cachePath!).equals(written)).toBe(true);
	});

	it('never uses a cache that does not fit: V8 rejects it, the script runs from its source and the cache is written anew', async () => {
		const {script, cache} = place();
		(await runCachedScript(script, cache)).saveCache();
		const path = codeCachePath(cache, script);
		const good = readFileSync(path);
		// damaged (V8 itself took this one: the file's CRC-32 catches it), truncated, not one at all,
		// V8's cache without the file's header: each rejected
		const wrong = [Buffer.from(good).fill(7, 64), good.subarray(0, good.length >> 1), Buffer.from('not a cache'), good.subarray(12)];
		for (const bytes of wrong) {
			writeFileSync(path, bytes);
			// eslint-disable-next-line no-await-in-loop
			const run = await runCachedScript<{answer: number}>(script, cache);
			expect(run.cache).toBe('rejected');
			expect(run.exports.answer).toBe(42);
			run.saveCache();
			// eslint-disable-next-line no-await-in-loop
			expect((await runCachedScript(script, cache)).cache).toBe('used');
		}
		// the cache of a longer script (another build given the same name by hand) is rejected too
		writeFileSync(script, readFileSync(script, 'utf8').replace('6 * 7', '(6 * 7)'));
		const changed = await runCachedScript<{answer: number}>(script, cache);
		expect(changed.cache).toBe('rejected');
		expect(changed.exports.answer).toBe(42);
	});

	it('keeps one cache per script and Node: a new build\'s script (another name) or another Node never reads an old one', () => {
		expect(codeCachePath('/c', '/d/chunks/tui-AAAA.script.js', 'v20.20.2-x64')).toBe('/c/tui-AAAA.script-v20.20.2-x64.bin');
		expect(codeCachePath('/c', '/d/chunks/tui-BBBB.script.js', 'v20.20.2-x64')).not.toBe(codeCachePath('/c', '/d/chunks/tui-AAAA.script.js', 'v20.20.2-x64'));
		expect(codeCachePath('/c', '/d/chunks/tui-AAAA.script.js', 'v22.23.5-x64')).not.toBe(codeCachePath('/c', '/d/chunks/tui-AAAA.script.js', 'v20.20.2-x64'));
	});

	it('removes other builds\' caches not written for a week when it writes one', async () => {
		const {script, cache} = place();
		mkdirSync(cache);
		const old = join(cache, 'tui-OLD.script-v20.0.0-x64.bin');
		const recent = join(cache, 'tui-RECENT.script-v20.0.0-x64.bin');
		writeFileSync(old, 'x');
		writeFileSync(recent, 'x');
		const weekAgo = Date.now() / 1000 - 8 * 24 * 3600;
		utimesSync(old, weekAgo, weekAgo);
		(await runCachedScript(script, cache)).saveCache();
		expect(readdirSync(cache).sort()).toEqual([`tui-ABC123.script-${process.version}-${process.arch}.bin`, 'tui-RECENT.script-v20.0.0-x64.bin']);
	});

	it('is off with NODE_DISABLE_COMPILE_CACHE (as Node\'s own compile cache), and in $XDG_CACHE_HOME/ohtui/code-cache otherwise', async () => {
		expect(codeCacheDirectory({NODE_DISABLE_COMPILE_CACHE: '1', HOME: '/home/u'})).toBeNull();
		expect(codeCacheDirectory({XDG_CACHE_HOME: '/x/cache', HOME: '/home/u'})).toBe('/x/cache/ohtui/code-cache');
		expect(codeCacheDirectory({HOME: '/home/u'})).toBe('/home/u/.cache/ohtui/code-cache');
		const {script} = place();
		const run = await runCachedScript<{answer: number}>(script, null);
		expect(run.cache).toBe('off');
		run.saveCache();
		expect(run.exports.answer).toBe(42);
	});

	it('says nothing and throws nothing when the cache cannot be written', async () => {
		const {script, cache} = place();
		writeFileSync(cache, 'a file where the folder should be');
		const run = await runCachedScript(script, join(cache, 'sub'));
		expect(() => run.saveCache()).not.toThrow();
		const readOnly = join(base, 'read-only');
		mkdirSync(readOnly, {mode: 0o500});
		chmodSync(readOnly, 0o500);
		const again = await runCachedScript(script, readOnly);
		expect(() => again.saveCache()).not.toThrow();
	});

	it('reads only a regular file of bounded size as the cache: a FIFO or a device there counts as none, at once (issue 27 item 10)', async () => {
		const {script, cache} = place();
		mkdirSync(cache);
		const path = codeCachePath(cache, script);
		spawnSyncOk('mkfifo', [path]);
		// a blocking open() of a FIFO returns only when a writer comes: this one comes after 3 s (and is
		// ended in any case), so a read that blocks shows as time instead of hanging the test run
		const writer = spawn('timeout', ['5', 'sh', '-c', `sleep 3; : > '${path}'`], {stdio: 'ignore'});
		try {
			const started = Date.now();
			const run = await runCachedScript<{answer: number}>(script, cache);
			expect(Date.now() - started).toBeLessThan(2000);
			expect(run.cache).toBe('absent');
			expect(run.exports.answer).toBe(42);
			// written over the FIFO, and used the next time
			run.saveCache();
			expect((await runCachedScript(script, cache)).cache).toBe('used');
		} finally {
			writer.kill();
		}
		rmSync(path);
		symlinkSync('/dev/zero', path);
		expect((await runCachedScript(script, cache)).cache).toBe('absent');
	});

	it('throws what the script throws (a bug is not a cache miss)', async () => {
		const {script, cache} = place('throw new Error("the script\'s own error");');
		await expect(runCachedScript(script, cache)).rejects.toThrow("the script's own error");
	});
});
