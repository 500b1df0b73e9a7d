/**
 * V8's compile cache (Node >= 22.1: `module.enableCompileCache`): the code of the chunks loaded
 * after this call (the UI, the client, the demo server: everything but the small entry) is read
 * back compiled on the next start instead of parsed and compiled again. What it gives per runtime
 * is in test/bench/RESULTS.md (first frame with and without).
 *
 * The cache lives with the user's other caches, $XDG_CACHE_HOME/ohtui/compile-cache (else
 * ~/.cache/…): a global install's own folder may not be writable, and /tmp is shared between
 * users. Node keeps one folder per Node version under it. It must never print: Node reports a
 * folder it cannot use in the returned status (nothing on stderr), and a throw is swallowed here.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off; NODE_COMPILE_CACHE=<dir> (Node's own) wins.
 */
import nodeModule from 'node:module';
import {homedir} from 'node:os';
import {join} from 'node:path';

/** the part of node:module used here (absent before Node 22.1) */
export type CompileCacheApi = {enableCompileCache?: (directory?: string) => {status: number; directory?: string; message?: string}};

/** XDG: a relative XDG_CACHE_HOME is to be ignored */
export function compileCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
	const xdg = env['XDG_CACHE_HOME'];
	return join(xdg && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.cache'), 'ohtui', 'compile-cache');
}

/** Returns the folder in use, or undefined when this Node has no compile cache or it is off. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, api: CompileCacheApi = nodeModule as CompileCacheApi): string | undefined {
	if (typeof api.enableCompileCache !== 'function') return undefined;
	try {
		return api.enableCompileCache(compileCacheDirectory(env)).directory;
	} catch {
		return undefined;
	}
}
