/** The seen stores (store/seenStore.ts) of the servers a command talks to, by server name. */
import type {Env} from '../config/env.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {openSeenStore, type SeenStore} from '../store/attention/seenStore.js';

export function openSeen(servers: readonly {name: string; url: string}[], env: Env, now: () => number = Date.now): Map<string, SeenStore> {
	const directory = ohtuiDirectory('state', env as NodeJS.ProcessEnv);
	return new Map(servers.map(server => [server.name, openSeenStore({directory, server: server.url, now})]));
}
