/**
 * `ohtui status [--format F] [--tmux] [--json] [--max-age S] [--fresh]`: one line for a status bar,
 * e.g. `⚑2 ▶5` (two need you, five running). One request per server (page 1 of its conversations,
 * the 100 most recent), at most once per `--max-age` whatever the number of callers
 * (./statusCache.ts, ./statusAsk.ts). Nothing on stdout but the line; a server that cannot be asked
 * is `✗N` on the line and one line on stderr; none at all, `ohtui ✗`. Never a stack.
 *
 * A status bar or a prompt should not wait on the network: when the shared answer is older than
 * `--max-age` but recent (under STALE_LIMIT intervals, ./statusCached.ts), it is printed at once and a detached
 * `ohtui status --refresh-only` asks the server for the next caller (stale-while-revalidate, as
 * prompt tools do). A process that prints from the cache parses neither the config file (the servers
 * chosen by the same arguments, environment and config file are kept without their keys) nor the
 * client (undici, zod), nor even this chunk: the launcher answers it from one file of its own
 * (./statusFast.ts), about a Node start. `--fresh` waits for a fresh answer instead.
 */
import type {Command} from './context.js';
import {EXIT} from './exitCodes.js';
import type {Selection} from './servers.js';
import {cachePathOf, keyTag, readCache, writeCache, type SelectionSummary} from './statusCache.js';
import {answerFromCache, planStatus, refreshLater, report, STATUS_OPTIONS, type Answer} from './statusCached.js';
import {failureMarker} from './statusLine.js';

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

export const status: Command = {
	options: STATUS_OPTIONS,
	usage: USAGE,
	async run(ctx) {
		const plan = planStatus(ctx);
		const {tmux, refreshOnly, mayBeStale, age} = plan;
		const fromCache = answerFromCache(ctx, plan);
		if (fromCache !== null) return fromCache;

		let selection: Selection;
		try {
			selection = await ctx.select();
		} catch (error) {
			// a status bar shows that something is wrong (the reason goes to stderr, as always)
			if (!refreshOnly) ctx.io.stdout.write(`${failureMarker(tmux)}\n`);
			throw error;
		}
		const summary: SelectionSummary = {version: 1, inputs: plan.inputs, servers: selection.servers.map(s => ({name: s.name, url: s.url, auth: s.auth, keyTag: keyTag(s.apiKey), refreshMs: s.refreshMs}))};
		writeCache(plan.summaryFile, summary);
		const maxAgeMs = plan.maxAgeOf(selection.servers.map(s => s.refreshMs));
		const {freshAnswer} = await import('./statusAsk.js');
		const answers: Answer[] = await Promise.all(
			selection.servers.map(async server => {
				const path = cachePathOf(ctx.io.env as NodeJS.ProcessEnv, server);
				const cached = readCache(path);
				if (mayBeStale && age(cached) < plan.staleLimit(maxAgeMs)) return {server, path, status: cached!, stale: age(cached) >= maxAgeMs};
				return {server, path, status: await freshAnswer(ctx, selection, server, maxAgeMs), stale: false};
			}),
		);
		if (refreshOnly) return EXIT.ok;
		const code = report(ctx, answers, tmux);
		refreshLater(ctx, answers);
		return code;
	},
};
