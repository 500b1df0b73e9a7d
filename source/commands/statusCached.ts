/**
 * `ohtui status` answered from its cache, and the line or JSON it prints. Apart from status.ts (which
 * asks the servers) because it is bundled twice: into status's chunk, and on its own into the file
 * the launcher loads first for `ohtui status` (./statusFast.ts): a status bar's call parses that one
 * file. So nothing here may import the client, the config's resolution or anything with import().
 */
import {statSync} from 'node:fs';
import type {Env} from '../config/env.js';
import {configPath} from '../config/file.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {attentionState, needsYouIn} from '../store/attention/needsYou.js';
import {secondsOption} from './args.js';
import type {CommandContext} from './context.js';
import {EXIT} from './exitCodes.js';
import {writeJson} from './output.js';
import {openSeen} from './seen.js';
import {keyTag, lockHeld, readCache, readSummary, statusCachePath, summaryPath, type CachedStatus} from './statusCache.js';
import {checkFormat, emptyCounts, statusLine, type Counts} from './statusLine.js';

/** An answer older than this many intervals is not shown while a new one is asked for: it is asked for now. */
const STALE_LIMIT = 3;
/** …and never less than this: a `--max-age` of a second must not make every prompt wait. */
const MIN_STALE_MS = 15_000;

export const STATUS_OPTIONS = {format: {type: 'string'}, tmux: {type: 'boolean'}, json: {type: 'boolean'}, 'max-age': {type: 'string'}, fresh: {type: 'boolean'}, 'refresh-only': {type: 'boolean'}} as const;

/** What status needs of a command's context when it answers from the cache (no servers, no clients). */
export type StatusContext = Pick<CommandContext, 'args' | 'argv' | 'warn'> & {io: Pick<CommandContext['io'], 'stdout' | 'env' | 'now' | 'refresh'>};

export type Answer = {server: {name: string; url: string}; status: CachedStatus; path: string; stale: boolean};

/** The options read once (a bad --format or --max-age is a usage error before anything is read). */
export type StatusPlan = {
	tmux: boolean;
	refreshOnly: boolean;
	mayBeStale: boolean;
	now: number;
	inputs: string;
	summaryFile: string;
	/** one interval: the shortest refresh of the servers asked, less half a second, or --max-age */
	maxAgeOf(refreshes: number[]): number;
	staleLimit(maxAgeMs: number): number;
	age(status: CachedStatus | null): number;
};

export function planStatus(ctx: StatusContext): StatusPlan {
	const format = ctx.args.values['format'];
	if (format !== undefined) checkFormat(format);
	const maxAge = secondsOption(ctx.args.values, 'max-age', 3600);
	const refreshOnly = ctx.args.switches.has('refresh-only');
	const now = ctx.io.now();
	const inputs = selectionInputs(ctx);
	return {
		tmux: ctx.args.switches.has('tmux') && !ctx.io.env['NO_COLOR'],
		refreshOnly,
		mayBeStale: !ctx.args.switches.has('fresh') && !refreshOnly && ctx.io.refresh !== undefined,
		now,
		inputs,
		summaryFile: summaryPath(ohtuiDirectory('cache', ctx.io.env as NodeJS.ProcessEnv), inputs),
		maxAgeOf: refreshes => (maxAge === undefined ? Math.max(500, Math.min(...refreshes) - 500) : maxAge * 1000),
		staleLimit: maxAgeMs => Math.max(MIN_STALE_MS, STALE_LIMIT * maxAgeMs),
		age: status => (status && status.at <= now + 1000 ? now - status.at : Number.POSITIVE_INFINITY),
	};
}

/**
 * The line from the cache when every server chosen by the same inputs has an answer fresh enough
 * (or recent enough to show while a detached process asks again): the exit code; else null, and
 * nothing was written.
 */
export function answerFromCache(ctx: StatusContext, plan: StatusPlan): number | null {
	if (plan.refreshOnly) return null;
	const summary = readSummary(plan.summaryFile, plan.inputs);
	if (!summary) return null;
	const maxAgeMs = plan.maxAgeOf(summary.servers.map(s => s.refreshMs));
	const env = ctx.io.env as NodeJS.ProcessEnv;
	const answers = summary.servers.map(server => {
		const path = statusCachePath(env, server);
		const status = readCache(path);
		return {server, path, status, stale: plan.age(status) >= maxAgeMs};
	});
	const shown = answers.every(a => a.status !== null && (a.stale ? plan.mayBeStale && plan.age(a.status) < plan.staleLimit(maxAgeMs) : true));
	if (!shown) return null;
	const code = report(ctx, answers as Answer[], plan.tmux);
	refreshLater(ctx, answers as Answer[]);
	return code;
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
			const state = attentionState(c, marks ? marks.isSeen(c.id, c.updated_at, c.execution_status) : true);
			counts[state]++;
			counts.total++;
			// an acknowledged error or stuck agent (`d` in the TUI) still counts as one, but not as needing you
			if (needsYouIn(state, marks ? marks.isAcknowledged(c.id, c.execution_status, c.updated_at) : false)) counts.needs++;
		}
	}
	return counts;
}

/** What chooses the servers, keys hashed: the same inputs choose the same servers. */
function selectionInputs(ctx: StatusContext): string {
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

export function report(ctx: StatusContext, answers: readonly Answer[], tmux: boolean): number {
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

/**
 * The detached `ohtui status --refresh-only` for answers shown stale, unless another process is
 * asking already. Called once the line is written: the new process starts as this one ends.
 */
export function refreshLater(ctx: StatusContext, answers: readonly Answer[]): void {
	if (!answers.some(a => a.stale && !lockHeld(a.path))) return;
	ctx.io.refresh?.(['status', '--refresh-only', ...ctx.argv.filter(arg => arg !== '--fresh')]);
}
