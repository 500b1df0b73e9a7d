// The compile cache: where it goes, that it is silent when it cannot be used, and, through the
// built bundle in a pty, that a run leaves a cache behind on a Node that has one (feature
// detection: `module.enableCompileCache` exists from Node 22.1).
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import nodeModule from 'node:module';
import {join} from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {compileCacheDirectory, enableCompileCache} from '../../source/runtime/compileCache.js';
import {buildOnce, childEnv, cliPath, root, spawnCli, tempHome} from '../e2e/pty.js';

const hasCompileCache = typeof (nodeModule as {enableCompileCache?: unknown}).enableCompileCache === 'function';
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string}).version;
const cleanups: Array<() => void> = [];

afterEach(() => {
	for (const cleanup of cleanups.splice(0)) cleanup();
});

function home(): string {
	const made = tempHome();
	cleanups.push(made.dispose);
	return made.home;
}

describe('compileCacheDirectory', () => {
	it('is under XDG_CACHE_HOME, else ~/.cache', () => {
		expect(compileCacheDirectory({XDG_CACHE_HOME: '/x/cache', HOME: '/home/u'})).toBe('/x/cache/ohtui/compile-cache');
		expect(compileCacheDirectory({HOME: '/home/u'})).toBe('/home/u/.cache/ohtui/compile-cache');
		// the XDG spec: a relative path is to be ignored
		expect(compileCacheDirectory({XDG_CACHE_HOME: 'cache', HOME: '/home/u'})).toBe('/home/u/.cache/ohtui/compile-cache');
	});
});

describe('enableCompileCache', () => {
	it('does nothing on a Node without a compile cache', () => {
		expect(enableCompileCache({HOME: '/home/u'}, {})).toBeUndefined();
	});

	it('asks Node for the folder and reports the one in use; a throw is swallowed', () => {
		const asked: Array<string | undefined> = [];
		const directory = enableCompileCache(
			{HOME: '/home/u'},
			{
				enableCompileCache(dir) {
					asked.push(dir);
					return {status: 1, directory: `${dir}/v99`};
				},
			},
		);
		expect(asked).toEqual(['/home/u/.cache/ohtui/compile-cache']);
		expect(directory).toBe('/home/u/.cache/ohtui/compile-cache/v99');
		const throwing = {
			enableCompileCache(): never {
				throw new Error('no');
			},
		};
		expect(enableCompileCache({HOME: '/home/u'}, throwing)).toBeUndefined();
	});
});

describe('the built app', () => {
	beforeAll(() => {
		buildOnce();
	}, 120_000);

	it(`leaves a compile cache and the TUI's code cache in $XDG_CACHE_HOME/ohtui after a run, and the next run uses the latter${hasCompileCache ? '' : ' (none: this Node has no compile cache)'}`, async () => {
		const directory = home();
		const session = spawnCli({home: directory});
		cleanups.push(session.dispose);
		await session.waitForText('Sandboxes', 20_000);
		session.press('q');
		expect((await session.waitForExit()).exitCode).toBe(0);
		const cache = join(directory, '.cache', 'ohtui', 'compile-cache');
		if (hasCompileCache) {
			// one folder per Node version, holding the compiled chunks
			const [perVersion] = readdirSync(cache);
			expect(readdirSync(join(cache, perVersion!)).length).toBeGreaterThan(0);
		} else {
			expect(existsSync(cache)).toBe(false);
		}

		// the TUI's script has its own code cache, on every Node (runtime/codeCache.ts): made by the
		// first run, used as it is by the next (a cache that was used is not written again)
		const code = join(directory, '.cache', 'ohtui', 'code-cache');
		const files = readdirSync(code);
		expect(files).toEqual([expect.stringMatching(new RegExp(`^tui-\\w+\\.script-${process.version}-${process.arch}\\.bin$`))]);
		const before = statSync(join(code, files[0]!));
		const again = spawnCli({home: directory});
		cleanups.push(again.dispose);
		await again.waitForText('Sandboxes', 20_000);
		again.press('q');
		expect((await again.waitForExit()).exitCode).toBe(0);
		const after = statSync(join(code, files[0]!));
		expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
		expect(readdirSync(code)).toEqual(files);
	}, 60_000);

	it('prints nothing when the cache folder cannot be made', () => {
		const directory = home();
		// a file where the cache folder would go
		writeFileSync(join(directory, 'not-a-folder'), '');
		const result = spawnSync(process.execPath, [cliPath, '--version'], {
			env: childEnv(directory, {XDG_CACHE_HOME: join(directory, 'not-a-folder')}),
			encoding: 'utf8',
			timeout: 15_000,
		});
		expect(result.status).toBe(0);
		expect(result.stdout.startsWith(`ohtui ${version} (node v`)).toBe(true);
		expect(result.stderr).toBe('');
	});
});
