/**
 * The launcher (dist/cli.js, bundled on its own by scripts/build.mjs): enables the compile cache,
 * then loads either status's own file, for `ohtui status` answered from its cache (a status bar
 * calls it every few seconds: two files parsed, ./commands/statusFast.ts), or the entry (./cli.tsx)
 * and through it every other path. The import paths are rewritten to the built files' names.
 */
import {enableCompileCache} from './runtime/compileCache.js';

// before anything else loads: the compile cache caches what is loaded after it (runtime/compileCache.ts)
enableCompileCache();
const argv = process.argv.slice(2);
// `status` anywhere: global flags may stand before it (`ohtui --profile work status`); statusFast finds the command
if (!argv.includes('status') || !(await import('./commands/statusFast.js')).answeredFromCache(argv)) {
	await import('./cli.js');
}
