/**
 * The launcher (dist/cli.js, bundled on its own by scripts/build.mjs, as CommonJS): enables the
 * compile cache, then requires status's own file, for `ohtui status` answered from its cache (a
 * status bar calls it every few seconds: two CommonJS files, no ES module loader at all:
 * ./commands/statusFast.ts), or requires the entry (./cli.tsx, CommonJS too) and through it every
 * other path. The paths are rewritten to the built files' names.
 */
import {enableCompileCache} from './runtime/compileCache.js';

// before anything else loads: the compile cache caches what is loaded after it (runtime/compileCache.ts)
enableCompileCache();
const argv = process.argv.slice(2);
// `status` anywhere: global flags may stand before it (`ohtui --profile work status`); statusFast finds the command
if (!argv.includes('status') || !(require('./commands/statusFast.js') as typeof import('./commands/statusFast.js')).answeredFromCache(argv)) {
	require('./cli.js');
}
