/**
 * The TUI's code (./runApp.ts with the config's resolution, the UI, the fleet, the client, the
 * stand-ins), loaded by the entry on the TUI's path only. Built, it is one script run with V8's code
 * cache (../runtime/codeCache.ts; scripts/build.mjs names it in OHTUI_TUI_SCRIPT, a file beside the
 * entry's): Node 20 has no compile cache for modules, and the module loader costs per file. From
 * the sources (tests, tsx), the module itself.
 */
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCachedScript, type CacheUse} from '../runtime/codeCache.js';

/** the built script's file name, beside the entry's file; undefined when running from the sources */
declare const OHTUI_TUI_SCRIPT: string | undefined;

export type Tui = typeof import('./runApp.js') & {
	/** writes the script's code cache if it had none it could use (once, after the first frame) */
	saveCache(): void;
	cache: CacheUse | 'sources';
};

let loading: Promise<Tui> | undefined;

export async function loadTui(): Promise<Tui> {
	loading ??= load();
	return loading;
}

async function load(): Promise<Tui> {
	if (typeof OHTUI_TUI_SCRIPT === 'string') {
		const script = await runCachedScript<typeof import('./runApp.js')>(join(dirname(fileURLToPath(import.meta.url)), OHTUI_TUI_SCRIPT));
		return {...script.exports, saveCache: script.saveCache, cache: script.cache};
	}

	// a name the bundler does not follow (it would bundle the module again): built, never reached
	const module = ['.', 'runApp.js'].join('/');
	return {...((await import(module)) as typeof import('./runApp.js')), saveCache: () => {}, cache: 'sources'};
}
