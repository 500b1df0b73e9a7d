/**
 * `ohtui status [--format F] [--tmux] [--json] [--max-age S]`: one line for a status bar, e.g. `⚑2 ▶5`
 * (two need you, five running). One request per server (page 1 of its conversations, the 100 most
 * recent), at most once per `--max-age` whatever the number of callers (./statusCache.ts); from the
 * cache it loads neither the client nor zod. Nothing on stdout but the line; a server that cannot be
 * asked is `✗N` on the line and one line on stderr; none at all, `ohtui ✗`. Never a stack.
 */
import type {Env} from '../config/env.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {attentionState, isNeedsYou} from '../store/needsYou.js';
import {maskSecrets} from '../text/secrets.js';
import {truncate} from '../text/sanitize.js';
import {secondsOption} from './args.js';
import type {Command, CommandContext} from './context.js';
import {failureText} from './context.js';
import {EXIT, exitCodeOf} from './exitCodes.js';
import {writeJson} from './output.js';
import {openSeen} from './seen.js';
import {openClients, type CommandServer, type Selection, type Timeouts} from './servers.js';
import {sleep} from './sleep.js';
import {cachePath, lockHeld, readCache, tryLock, writeCache, type CachedStatus, type CompactConversation} from './statusCache.js';
import {checkFormat, emptyCounts, failureMarker, statusLine, type Counts} from './statusLine.js';
import type {AppConversation} from '../api/schemas/index.js';

/** A status bar must not hang on a dead server: shorter than the commands' time-outs. */
const STATUS_TIMEOUTS: Timeouts = {connectTimeoutMs: 2000, headersTimeoutMs: 4000, bodyTimeoutMs: 4000, requestDeadlineMs: 5000};
/** How long a process waits for another's answer before asking itself. */
const WAIT_FOR_OTHER_MS = 6000;
const POLL_OTHER_MS = 40;

const USAGE = `Usage: ohtui status [--format FORMAT] [--tmux] [--json] [--max-age SECONDS]

  --format FORMAT    e.g. '{needs} need you · {running} running'; placeholders: {needs} {running}
                     {waiting} {error} {stuck} {finished} {idle} {paused} {gone} {total} {down} {servers}
  --tmux             tmux colours (#[fg=red]…) for status-right: '#(ohtui status --tmux)'
  --json             the counts and each server's state as one JSON object
  --max-age SECONDS  reuse an answer younger than this (default: the refresh interval less 0.5 s),
                     shared by every ohtui status of this user
  --url URL, --profile NAME, --auth MODE, --refresh SECONDS   as for the TUI

Default line: ⚑N (need you: waiting for confirmation, error, stuck, finished unseen) ▶N (running),
✗N when N servers could not be asked; 'ohtui ✗' when none could. Exit: 0 ok, 1 a server said no,
2 usage, 3 a server unreachable.
`;

type Answer = {server: CommandServer; status: CachedStatus};

function compact(c: AppConversation): CompactConversation {
	return {id: c.id, execution_status: c.execution_status, sandbox_status: c.sandbox_status, updated_at: c.updated_at, title: truncate(maskSecrets(c.title), 60)};
}

/** Asks one server: page 1 of its conversations; the scheme `auto` found is kept for the next run. */
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

/** The server's answer: the cache's when fresh, else a new one (one process asks; the others wait for it). */
async function answer(ctx: CommandContext, selection: Selection, server: CommandServer, maxAgeMs: number): Promise<CachedStatus> {
	const path = cachePath(ohtuiDirectory('cache', ctx.io.env as NodeJS.ProcessEnv), server.url, server.apiKey, server.auth);
	const startedAt = ctx.io.now();
	// younger than --max-age, or answered since this run began; a time ahead of ours (a clock set
	// back) is not fresh, or it would be forever
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

export function countAnswers(answers: readonly Answer[], env: Env, now: () => number): Counts {
	const counts = emptyCounts(answers.length);
	const seen = openSeen(answers.map(a => a.server), env, now);
	for (const {server, status} of answers) {
		if (!status.ok) {
			counts.down++;
			continue;
		}
		const marks = seen.get(server.name);
		for (const c of status.conversations) {
			const state = attentionState(c, marks ? marks.isSeen(c.id, c.updated_at) : true);
			counts[state]++;
			counts.total++;
			if (isNeedsYou(state)) counts.needs++;
		}
	}
	return counts;
}

export const status: Command = {
	options: {format: {type: 'string'}, tmux: {type: 'boolean'}, json: {type: 'boolean'}, 'max-age': {type: 'string'}},
	usage: USAGE,
	async run(ctx) {
		const format = ctx.args.values['format'];
		if (format !== undefined) checkFormat(format);
		const maxAge = secondsOption(ctx.args.values, 'max-age', 3600);
		const tmux = ctx.args.switches.has('tmux') && !ctx.io.env['NO_COLOR'];
		let selection: Selection;
		try {
			selection = await ctx.select();
		} catch (error) {
			// a status bar shows that something is wrong (the reason goes to stderr, as always)
			ctx.io.stdout.write(`${failureMarker(tmux)}\n`);
			throw error;
		}
		// one interval: the shortest refresh of the servers asked, less half a second
		const maxAgeMs = maxAge === undefined ? Math.max(500, Math.min(...selection.servers.map(s => s.refreshMs)) - 500) : maxAge * 1000;
		const answers: Answer[] = await Promise.all(selection.servers.map(async server => ({server, status: await answer(ctx, selection, server, maxAgeMs)})));
		const counts = countAnswers(answers, ctx.io.env, ctx.io.now);
		let code: number = EXIT.ok;
		for (const {server, status} of answers) {
			if (status.ok) continue;
			ctx.warn(selection.servers.length > 1 ? `${server.name}: ${status.message}` : status.message);
			if (code === EXIT.ok) code = status.code;
		}
		if (ctx.args.switches.has('json')) {
			const servers = answers.map(({server, status}) => ({name: server.name, ok: status.ok, ...(status.ok ? {} : {error: status.message}), asked_at: new Date(status.at).toISOString()}));
			const {needs, total, down, servers: _count, ...states} = counts;
			writeJson(ctx.io.stdout, {needs_you: needs, ...states, total, down, servers});
		} else {
			ctx.io.stdout.write(`${statusLine(counts, format, tmux)}\n`);
		}
		return code;
	},
};
