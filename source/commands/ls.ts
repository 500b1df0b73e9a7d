/**
 * `ohtui ls [conversations|sandboxes|specs]`: a table sized to the terminal, tab-separated columns
 * when piped, or one JSON array (`--json`). Conversations come attention first (store/needsYou.ts),
 * newest first within a state. Servers are asked at once; one that fails is one line on stderr and
 * sets the exit code, and the others still print.
 */
import {isApiError} from '../api/errors.js';
import {SANDBOX_STATUSES, type AppConversation, type Sandbox, type SandboxSpec} from '../api/schemas/index.js';
import {UsageError} from '../config/errors.js';
import {sortByAttention} from '../store/attention/needsYou.js';
import {isStatusWord, matchesStatus, STATUS_WORDS} from '../present/states.js';
import {wholeNumber} from './args.js';
import type {Command, CommandContext} from './context.js';
import {conversationColumns, conversationJson, judge, type Judged} from './conversationRows.js';
import {EXIT} from './exitCodes.js';
import {readList, type Listed} from './lists.js';
import {renderTable, terminalWidth, writeJson, writeLines} from './output.js';
import {sandboxColumns, sandboxJson, specColumns, specJson, type Row} from './resourceRows.js';
import {openSeen} from './seen.js';
import type {OpenServer} from './servers.js';

const RESOURCES: Record<string, 'conversations' | 'sandboxes' | 'specs'> = {
	conversations: 'conversations',
	conversation: 'conversations',
	c: 'conversations',
	sandboxes: 'sandboxes',
	sandbox: 'sandboxes',
	s: 'sandboxes',
	specs: 'specs',
	spec: 'specs',
};

/** rows printed when no --limit is given (one page of the server's list) */
export const DEFAULT_LIMIT = 100;

export const LS_USAGE = `Usage: ohtui ls [conversations|sandboxes|specs] [options]

  --json             one JSON array (fields: see the README); ISO times; "server" on every item with several servers
  --status LIST      only these, comma-separated; conversations: the words their STATE shows,
                     ${STATUS_WORDS.join(', ')}
                     (a state's name takes all of it: gone includes missing, idle a seen finish);
                     sandboxes: STARTING, RUNNING, PAUSED, ERROR, MISSING
  --needs-you        only conversations that need you (waiting for confirmation, error, stuck, finished unseen)
  --title TEXT       only conversations whose title contains TEXT (the server filters)
  --limit N          at most N rows (default ${DEFAULT_LIMIT}); with a filter, up to --max-items are searched
  --url URL, --profile NAME, --auth MODE, --log FILE, --max-items N   as for the TUI

A terminal gets a table with id prefixes that tell the rows apart; a pipe gets tab-separated columns
without a header and whole ids. Exit: 0 ok, 1 the server said no, 2 usage, 3 unreachable.
`;

type Outcome<T> = {server: OpenServer; listed: Listed<T>} | {server: OpenServer; error: unknown};

/** The client's "this backend cannot do that" (PLAN decision 1: ApiError kind `unsupported`). */
function unsupported(error: unknown): boolean {
	return isApiError(error) && (error.kind as string) === 'unsupported';
}

async function readAll<T>(ctx: CommandContext, servers: OpenServer[], read: (server: OpenServer) => Promise<Listed<T>>): Promise<{rows: Row<T>[]; code: number}> {
	const outcomes: Outcome<T>[] = await Promise.all(servers.map(async server => read(server).then(listed => ({server, listed}), (error: unknown) => ({server, error}))));
	let code: number = EXIT.ok;
	const rows: Row<T>[] = [];
	for (const outcome of outcomes) {
		if ('error' in outcome) {
			// an agent server among several has no sandboxes or specs: nothing to list there, no failure
			if (servers.length > 1 && unsupported(outcome.error)) continue;
			const failed = ctx.failed(outcome.server, outcome.error);
			if (code === EXIT.ok) code = failed;
			continue;
		}
		const {unreadable} = outcome.listed;
		if (unreadable > 0) ctx.warn(`${servers.length > 1 ? `${outcome.server.name}: ` : ''}${unreadable} item${unreadable > 1 ? 's' : ''} the server sent could not be read (left out)`);
		rows.push(...outcome.listed.items.map(item => ({server: outcome.server.name, item})));
	}
	return {rows, code};
}

/**
 * `--status a,b` keeps the rows that answer any of those words (present/states.ts: the words the
 * table shows, `needs-you` among them), `--needs-you` what needs you; both: both.
 */
function conversationFilter(ctx: CommandContext): ((judged: Judged) => boolean) | null {
	const words = (ctx.args.values['status'] ?? '').split(',').map(w => w.trim().toLowerCase()).filter(Boolean);
	if (words.some(word => !isStatusWord(word))) throw new UsageError(`--status: expected any of ${STATUS_WORDS.join(', ')}`);
	const byStatus = words.length > 0 ? (j: Judged) => words.some(word => matchesStatus(word, j.look, j.needsYou !== null)) : null;
	const needs = ctx.args.switches.has('needs-you');
	if (!byStatus && !needs) return null;
	return j => (!needs || j.needsYou !== null) && (!byStatus || byStatus(j));
}

function sandboxFilter(ctx: CommandContext): ((row: Row<Sandbox>) => boolean) | null {
	const words = (ctx.args.values['status'] ?? '').split(',').map(w => w.trim().toUpperCase()).filter(Boolean);
	// a word no sandbox can have would silently list nothing, as a typo would: name the valid ones instead
	const known: readonly string[] = SANDBOX_STATUSES;
	if (words.some(word => !known.includes(word))) throw new UsageError(`--status: expected any of ${SANDBOX_STATUSES.join(', ')}`);
	return words.length ? row => words.includes(row.item.status.toUpperCase()) : null;
}

async function listConversations(ctx: CommandContext, servers: OpenServer[], limit: number): Promise<number> {
	const filter = conversationFilter(ctx);
	const title = ctx.args.values['title'];
	const read = async (server: OpenServer) =>
		readList<AppConversation>((query, options) => server.client.searchConversations({...query, ...(title ? {titleContains: title} : {})}, options), filter ? server.maxItems : Math.min(limit, server.maxItems), ctx.io.signal);
	const {rows, code} = await readAll(ctx, servers, read);
	const seen = openSeen(servers, ctx.io.env);
	const judged = rows.map(row => judge(row.server, row.item, seen.get(row.server) ?? null));
	const shown = sortByAttention(filter ? judged.filter(filter) : judged, j => j.state, j => j.conversation.updated_at).slice(0, limit);
	const several = servers.length > 1;
	if (ctx.args.switches.has('json')) {
		writeJson(ctx.io.stdout, shown.map(j => conversationJson(j, several)));
	} else {
		const width = terminalWidth(ctx.io);
		writeLines(ctx.io.stdout, renderTable(shown, conversationColumns(shown, several, ctx.io.now(), width !== null), width));
	}
	return code;
}

async function listOthers(ctx: CommandContext, servers: OpenServer[], what: 'sandboxes' | 'specs', limit: number): Promise<number> {
	const several = servers.length > 1;
	const json = ctx.args.switches.has('json');
	const width = terminalWidth(ctx.io);
	if (what === 'sandboxes') {
		const filter = sandboxFilter(ctx);
		const {rows, code} = await readAll(ctx, servers, async s => readList<Sandbox>((q, o) => s.client.searchSandboxes(q, o), filter ? s.maxItems : Math.min(limit, s.maxItems), ctx.io.signal));
		const shown = (filter ? rows.filter(filter) : rows).slice(0, limit);
		if (json) writeJson(ctx.io.stdout, shown.map(r => sandboxJson(r, several)));
		else writeLines(ctx.io.stdout, renderTable(shown, sandboxColumns(several, ctx.io.now(), width !== null), width));
		return code;
	}
	if (ctx.args.values['status'] !== undefined) throw new UsageError('--status: specs have no status');
	const {rows, code} = await readAll(ctx, servers, async s => readList<SandboxSpec>((q, o) => s.client.searchSpecs(q, o), Math.min(limit, s.maxItems), ctx.io.signal));
	const shown = rows.slice(0, limit);
	if (json) writeJson(ctx.io.stdout, shown.map(r => specJson(r, several)));
	else writeLines(ctx.io.stdout, renderTable(shown, specColumns(several, ctx.io.now(), width !== null), width));
	return code;
}

export const ls: Command = {
	options: {json: {type: 'boolean'}, status: {type: 'string'}, 'needs-you': {type: 'boolean'}, limit: {type: 'string'}, title: {type: 'string'}},
	usage: LS_USAGE,
	async run(ctx) {
		const [word = 'conversations', ...rest] = ctx.args.positionals;
		if (rest.length > 0) throw new UsageError('one list at a time: conversations, sandboxes or specs');
		const what = Object.hasOwn(RESOURCES, word) ? RESOURCES[word]! : null;
		if (!what) throw new UsageError('expected conversations, sandboxes or specs');
		if (what !== 'conversations' && (ctx.args.switches.has('needs-you') || ctx.args.values['title'] !== undefined)) {
			throw new UsageError(`--needs-you and --title are for conversations, not ${what}`);
		}
		const limit = wholeNumber(ctx.args.values, 'limit', 1, 100_000) ?? DEFAULT_LIMIT;
		const servers = await ctx.connect();
		return what === 'conversations' ? listConversations(ctx, servers, limit) : listOthers(ctx, servers, what, limit);
	},
};
