/**
 * `ohtui status` asking a server: page 1 of its conversations through the TUI's client, and the
 * shared cache's lock so that of all the processes finding the answer old, one asks and the others
 * take its answer (./statusCache.ts). Loaded by status.ts only when it asks: an answer from the
 * cache needs neither this nor the config, the client or its servers (./servers.ts).
 */
import type {AppConversation} from '../api/schemas/index.js';
import {truncate} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {failureText, type CommandContext} from './context.js';
import {EXIT, exitCodeOf} from './exitCodes.js';
import {openClients, type CommandServer, type Selection, type Timeouts} from './servers.js';
import {sleep} from './sleep.js';
import {cachePathOf, lockHeld, readCache, tryLock, writeCache, type CachedStatus, type CompactConversation} from './statusCache.js';

/** A status bar must not hang on a dead server: shorter than the commands' time-outs. */
const STATUS_TIMEOUTS: Timeouts = {connectTimeoutMs: 2000, headersTimeoutMs: 4000, bodyTimeoutMs: 4000, requestDeadlineMs: 5000};
/** How long a process waits for another's answer before asking itself. */
const WAIT_FOR_OTHER_MS = 6000;
const POLL_OTHER_MS = 40;

function compact(c: AppConversation): CompactConversation {
	return {id: c.id, execution_status: c.execution_status, sandbox_status: c.sandbox_status, updated_at: c.updated_at, title: truncate(maskSecrets(c.title), 60)};
}

/** Asks one server; the scheme `auto` found is kept for the next run, which then needs no probe. */
async function ask(ctx: CommandContext, selection: Selection, server: CommandServer, known: CachedStatus['auth']): Promise<CachedStatus> {
	const reuse = server.auth === 'auto' && server.apiKey !== null && known !== null;
	const clients = await openClients({...selection, servers: [{...server, auth: reuse ? known : server.auth}]}, ctx.io.env, STATUS_TIMEOUTS);
	const {client} = clients.open[0]!;
	try {
		const page = await client.searchConversations({limit: 100}, {signal: ctx.io.signal});
		const auth = server.apiKey === null ? null : server.auth !== 'auto' ? server.auth : reuse ? known : (await client.serverInfo()).auth;
		// the time of the answer: a caller that waited for it takes it whatever its --max-age
		return {version: 1, at: ctx.io.now(), ok: true, auth, conversations: page.items.map(compact)};
	} catch (error) {
		// the scheme kept from an earlier run may be stale (the server changed): find it again, once
		if (reuse && exitCodeOf(error) === EXIT.refused) return ask(ctx, selection, server, null);
		return {version: 1, at: ctx.io.now(), ok: false, auth: known, code: exitCodeOf(error), message: maskSecrets(failureText(error))};
	} finally {
		await clients.close();
	}
}

/**
 * A fresh answer: the cache's when younger than `maxAgeMs` (or given since this run began), else
 * one asked for now, by this process or by another already asking.
 */
export async function freshAnswer(ctx: CommandContext, selection: Selection, server: CommandServer, maxAgeMs: number): Promise<CachedStatus> {
	const path = cachePathOf(ctx.io.env as NodeJS.ProcessEnv, server);
	const startedAt = ctx.io.now();
	// a time ahead of ours (a clock set back) is not fresh, or it would be forever
	const fresh = (status: CachedStatus | null): boolean =>
		status !== null && status.at <= ctx.io.now() + 1000 && (ctx.io.now() - status.at < maxAgeMs || status.at >= startedAt);
	const cached = readCache(path);
	if (cached && fresh(cached)) return cached;
	const until = ctx.io.now() + WAIT_FOR_OTHER_MS;
	for (;;) {
		const release = tryLock(path, ctx.io.now);
		if (release) {
			try {
				const again = readCache(path);
				if (again && fresh(again)) return again;
				const status = await ask(ctx, selection, server, again?.auth ?? cached?.auth ?? null);
				writeCache(path, status);
				return status;
			} finally {
				release();
			}
		}
		// another status is asking: its answer is ours too
		while (lockHeld(path) && ctx.io.now() < until) {
			if (!(await sleep(POLL_OTHER_MS, ctx.io.signal))) return cached ?? {version: 1, at: 0, ok: false, auth: null, code: EXIT.interrupted, message: 'interrupted'};
		}
		const theirs = readCache(path);
		if (theirs && fresh(theirs)) return theirs;
		if (ctx.io.now() >= until) return theirs ?? cached ?? ask(ctx, selection, server, null);
	}
}
