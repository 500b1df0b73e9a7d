import {homedir} from 'node:os';
import {join} from 'node:path';

const DEFAULTS = {state: ['.local', 'state'], cache: ['.cache']} as const;
const VARIABLES = {state: 'XDG_STATE_HOME', cache: 'XDG_CACHE_HOME'} as const;

/**
 * ohtui's folder of a kind (XDG base directories): `$XDG_STATE_HOME/ohtui` (else
 * `~/.local/state/ohtui`) for what should survive a restart but is no config (what the user has
 * seen), `$XDG_CACHE_HOME/ohtui` (else `~/.cache/ohtui`) for what may go any time. The spec says a
 * relative path in the variable is to be ignored.
 */
export function ohtuiDirectory(kind: 'state' | 'cache', env: NodeJS.ProcessEnv = process.env): string {
	const xdg = env[VARIABLES[kind]];
	return join(xdg && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), ...DEFAULTS[kind]), 'ohtui');
}
