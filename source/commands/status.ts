/**
 * `ohtui status [--format F] [--tmux] [--json] [--max-age S] [--fresh]`: one line for a status bar,
 * e.g. `⚑2 ▶5` (two need you, five running). One request per server (page 1 of its conversations,
 * the 100 most recent), at most once per `--max-age` whatever the number of callers
 * (./statusCache.ts, ./statusAsk.ts). Nothing on stdout but the line; a server that cannot be asked
 * is `✗N` on the line and one line on stderr; none at all, `ohtui ✗`. Never a stack.
 *
 * A status bar or a prompt should not wait on the network: when the shared answer is older than
 * `--max-age` but recent (under STALE_LIMIT intervals), it is printed at once and a detached
 * `ohtui status --refresh-only` asks the server for the next caller (stale-while-revalidate, as
 * prompt tools do). A process that prints from the cache parses neither the config file (the servers
 * chosen by the same arguments, environment and config file are kept without their keys) nor the
 * client (undici, zod): it costs about a Node start. `--fresh` waits for a fresh answer instead.
 */
import {statSync} from 'node:fs';
import type {Env} from '../config/env.js';
import {configPath} from '../config/file.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {attentionState, isNeedsYou} from '../store/needsYou.js';
import {secondsOption} from './args.js';
import type {Command, CommandContext} from './context.js';
import {EXIT} from './exitCodes.js';
import {writeJson} from './output.js';
import {openSeen} from './seen.js';
import type {Selection} from './servers.js';
import {cachePathOf, keyTag, lockHeld, readCache, readSummary, statusCachePath, summaryPath, writeCache, type CachedStatus, type SelectionSummary} from './statusCache.js';
import {checkFormat, emptyCounts, failureMarker, statusLine, type Counts} from './statusLine.js';

/** An answer older than this many intervals is not shown while a new one is asked for: it is asked for now. */
const STALE_LIMIT = 3;
/** …and never less than this: a `--max-age` of a second must not make every prompt wait. */
const MIN_STALE_MS = 15_000;

const USAGE = `Usage: ohtui status [--format FORMAT] [--tmux] [--json] [--max-age SECONDS] [--fresh]

  --format FORMAT    e.g. '{needs} need you · {running} running'; placeholders: {needs} {running}
                     {waiting} {error} {stuck} {finished} {idle} {paused} {gone} {total} {down} {servers}
  --tmux             tmux colours (#[fg=red]…) for status-right: '#(ohtui status --tmux)'
  --json             the counts and each server's state as one JSON object
  --max-age SECONDS  an answer younger than this is not asked again (default: the refresh interval
                     less 0.5 s); answers are shared by every ohtui status of this user
  --fresh            wait for an answer younger than --max-age (by default a recent older one is
                     printed at once while the next one is asked for in the background)
  --url URL, --profile NAME, --all, --auth MODE, --refresh SECONDS   as for the TUI

Default line: ⚑N (need you: waiting for confirmation, error, stuck, finished unseen) ▶N (running),
✗N when N servers could not be asked; 'ohtui ✗' when none could. Exit: 0 ok, 1 a server said no,
2 usage, 3 a server unreachable.
`;

type Answer = {server: {name: string; url: string}; status: CachedStatus; path: string; stale: boolean};

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


/** What chooses the servers, keys hashed: the same inputs choose the same servers. */
function selectionInputs(ctx: CommandContext): string {
	const env = ctx.io.env;
	const path = configPath(env);
	let file = 'none';
	try {
		const stat = statSync(path);
		file = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
	} catch {
		// no config file: flags and environment only
	}
	const argv = ctx.argv.filter(arg => arg !== '--refresh-only' && arg !== '--fresh');
	return JSON.stringify({argv, url: env['OPENHANDS_URL'] ?? null, key: keyTag(env['OPENHANDS_API_KEY']?.trim() || null), log: env['OHTUI_LOG'] ?? null, path, file});
}

function report(ctx: CommandContext, answers: readonly Answer[], tmux: boolean): number {
	const counts = countAnswers(answers, ctx.io.env, ctx.io.now);
	let code: number = EXIT.ok;
	for (const {server, status} of answers) {
		if (status.ok) continue;
		ctx.warn(answers.length > 1 ? `${server.name}: ${status.message}` : status.message);
		if (code === EXIT.ok) code = status.code;
	}
	if (ctx.args.switches.has('json')) {
		const servers = answers.map(({server, status}) => ({name: server.name, ok: status.ok, ...(status.ok ? {} : {error: status.message}), asked_at: new Date(status.at).toISOString()}));
		const {needs, total, down, servers: _count, ...states} = counts;
		writeJson(ctx.io.stdout, {needs_you: needs, ...states, total, down, servers});
	} else {
		ctx.io.stdout.write(`${statusLine(counts, ctx.args.values['format'], tmux)}\n`);
	}
	return code;
}

/** The detached `ohtui status --refresh-only` for answers shown stale, unless another process is asking already. */
function refreshLater(ctx: CommandContext, answers: readonly Answer[]): void {
	if (!answers.some(a => a.stale && !lockHeld(a.path))) return;
	ctx.io.refresh?.(['status', '--refresh-only', ...ctx.argv.filter(arg => arg !== '--fresh')]);
}

export const status: Command = {
	options: {format: {type: 'string'}, tmux: {type: 'boolean'}, json: {type: 'boolean'}, 'max-age': {type: 'string'}, fresh: {type: 'boolean'}, 'refresh-only': {type: 'boolean'}},
	usage: USAGE,
	async run(ctx) {
		const format = ctx.args.values['format'];
		if (format !== undefined) checkFormat(format);
		const maxAge = secondsOption(ctx.args.values, 'max-age', 3600);
		const tmux = ctx.args.switches.has('tmux') && !ctx.io.env['NO_COLOR'];
		const refreshOnly = ctx.args.switches.has('refresh-only');
		const mayBeStale = !ctx.args.switches.has('fresh') && !refreshOnly && ctx.io.refresh !== undefined;
		const env = ctx.io.env as NodeJS.ProcessEnv;
		const now = ctx.io.now();
		// one interval: the shortest refresh of the servers asked, less half a second
		const maxAgeOf = (refreshes: number[]) => (maxAge === undefined ? Math.max(500, Math.min(...refreshes) - 500) : maxAge * 1000);
		const staleLimit = (maxAgeMs: number) => Math.max(MIN_STALE_MS, STALE_LIMIT * maxAgeMs);
		const age = (status: CachedStatus | null) => (status && status.at <= now + 1000 ? now - status.at : Number.POSITIVE_INFINITY);
		const inputs = selectionInputs(ctx);
		const summaryFile = summaryPath(ohtuiDirectory('cache', env), inputs);

		if (!refreshOnly) {
			const summary = readSummary(summaryFile, inputs);
			if (summary) {
				const maxAgeMs = maxAgeOf(summary.servers.map(s => s.refreshMs));
				const answers = summary.servers.map(server => {
					const path = statusCachePath(env, server);
					const status = readCache(path);
					return {server, path, status, stale: age(status) >= maxAgeMs};
				});
				const shown = answers.every(a => a.status !== null && (a.stale ? mayBeStale && age(a.status) < staleLimit(maxAgeMs) : true));
				if (shown) {
					refreshLater(ctx, answers as Answer[]);
					return report(ctx, answers as Answer[], tmux);
				}
			}
		}

		let selection: Selection;
		try {
			selection = await ctx.select();
		} catch (error) {
			// a status bar shows that something is wrong (the reason goes to stderr, as always)
			if (!refreshOnly) ctx.io.stdout.write(`${failureMarker(tmux)}\n`);
			throw error;
		}
		const summary: SelectionSummary = {version: 1, inputs, servers: selection.servers.map(s => ({name: s.name, url: s.url, auth: s.auth, keyTag: keyTag(s.apiKey), refreshMs: s.refreshMs}))};
		writeCache(summaryFile, summary);
		const maxAgeMs = maxAgeOf(selection.servers.map(s => s.refreshMs));
		const {freshAnswer} = await import('./statusAsk.js');
		const answers: Answer[] = await Promise.all(
			selection.servers.map(async server => {
				const path = cachePathOf(env, server);
				const cached = readCache(path);
				if (mayBeStale && age(cached) < staleLimit(maxAgeMs)) return {server, path, status: cached!, stale: age(cached) >= maxAgeMs};
				return {server, path, status: await freshAnswer(ctx, selection, server, maxAgeMs), stale: false};
			}),
		);
		if (refreshOnly) return EXIT.ok;
		refreshLater(ctx, answers);
		return report(ctx, answers, tmux);
	},
};
