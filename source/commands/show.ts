/**
 * `ohtui show ID [--events N] [--follow] [--json]`: a conversation's details, what waits for your
 * confirmation, and its last events, one line each as the activity view summarizes them
 * (ui/activity/summarize.ts: cleaned and masked). `--follow` prints new events as they come until
 * Ctrl-c, as `tail -f` does. Showing a conversation counts as looking at it: a finished one no longer
 * needs you (store/seenStore.ts). The text shows the rows the activity shows (present/events/eventRows.ts,
 * issue 26 item 17): no `last_user_message_id` bookkeeping, usage lines at their time; the JSON keeps
 * every event in the server's order.
 */
import type {ConversationEvent} from '../api/schemas/index.js';
import {UsageError} from '../config/errors.js';
import {clean, truncate} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {eventRows, isNoiseEvent} from '../present/events/eventRows.js';
import {pendingActions, pendingLine} from '../present/events/pending.js';
import {summarizeEvent} from '../present/events/summarize.js';
import {eventClock, eventUtc} from '../present/time.js';
import {learnOffset} from '../store/activity/activityAgent.js';
import {absoluteTime, cost, relativeTime, repoAtBranch} from '../present/format.js';
import {lookText} from '../present/states.js';
import {wholeNumber} from './args.js';
import type {Command, CommandContext} from './context.js';
import {conversationJson, judge, titleOf, type Judged} from './conversationRows.js';
import {newestEvents, pollingSource, type EventSource} from './eventFeed.js';
import {EXIT} from './exitCodes.js';
import {terminalWidth, writeJson, writeLines} from './output.js';
import {ID_OPTIONS, ID_USAGE, resolveConversation} from './resolveId.js';
import {openSeen} from './seen.js';
import type {OpenServer} from './servers.js';
import {sleep} from './sleep.js';

export const DEFAULT_EVENTS = 10;
/** events read beyond `--events N` for the text, whose rows leave bookkeeping out (eventRows.ts) */
const BOOKKEEPING_MARGIN = 10;

const USAGE = `Usage: ohtui show ID [options]

${ID_USAGE}
  --events N         the last N events (default ${DEFAULT_EVENTS}, at most 100; 0 for none)
  --follow           then print new events as they come, until Ctrl-c
  --json             one JSON document {conversation, pending, events}; with --follow, then one
                     JSON object per new event, one per line
  --url URL, --profile NAME, --auth MODE, --log FILE, --refresh SECONDS   as for the TUI

Exit: 0 ok, 1 the server said no, 2 usage or an ambiguous prefix, 3 unreachable, 4 not found.
`;

/**
 * One event as JSON. `timestamp` is UTC, as every time in the JSON: agent servers send their local
 * time without a zone (agent-server doc 5.3), turned into UTC with the server's offset (`offsetMs`,
 * learned as the screen learns it), or read as UTC when it could not be learned (then the document's
 * `server_utc_offset_minutes` is null). `server_timestamp` is the time as the server sent it.
 */
export function eventJson(event: ConversationEvent, offsetMs: number): Record<string, unknown> {
	const summary = summarizeEvent(event);
	const timestamp = eventUtc(event.timestamp, Number.isNaN(offsetMs) ? 0 : offsetMs);
	return {id: clean(event.id), kind: clean(event.kind), timestamp, source: summary.who, text: summary.text, server_timestamp: clean(event.timestamp)};
}

/** `12:03:04  agent        $ pytest -q`, cut to the terminal's width when there is one. */
export function eventLine(event: ConversationEvent, width: number | null): string {
	const summary = summarizeEvent(event);
	const line = `${eventClock(event.timestamp)}  ${truncate(summary.who, 11).padEnd(11)}  ${summary.text}`;
	return width === null ? line : truncate(line, width);
}

function detailLines(judged: Judged, several: boolean, now: number): string[] {
	const c = judged.conversation;
	const rows: [string, string][] = [
		['title', titleOf(c)],
		['id', clean(c.id)],
		...(several ? ([['server', clean(judged.server)]] as [string, string][]) : []),
		['state', `${lookText(judged.look)}${judged.needsYou ? ' (needs you)' : ''}`],
		['agent', clean(c.execution_status) || '—'],
		// an agent server's conversation has no sandbox but a working directory (PLAN decision 3)
		...(c.sandbox_id ? ([['sandbox', `${clean(c.sandbox_status)} ${maskSecrets(c.sandbox_id)}`]] as [string, string][]) : []),
		...(c.working_dir ? ([['workdir', maskSecrets(c.working_dir)]] as [string, string][]) : []),
		['repository', repoAtBranch(maskSecrets(c.selected_repository), maskSecrets(c.selected_branch))],
		['model', maskSecrets(c.llm_model) || '—'],
		...(c.metrics && c.metrics.accumulated_cost > 0 ? ([['cost', cost(c.metrics.accumulated_cost)]] as [string, string][]) : []),
		['created', `${absoluteTime(c.created_at)} (${relativeTime(c.created_at, now)})`],
		['updated', `${absoluteTime(c.updated_at)} (${relativeTime(c.updated_at, now)})`],
	];
	return rows.map(([label, value]) => `${label.padEnd(11)} ${value}`);
}

async function follow(ctx: CommandContext, source: EventSource, refreshMs: number, json: boolean, width: number | null, offsetMs: number): Promise<number> {
	let failing = false;
	while (!ctx.io.signal.aborted) {
		if (!(await sleep(refreshMs, ctx.io.signal))) break;
		try {
			const events = await source.next(ctx.io.signal);
			if (failing) ctx.warn('following again');
			failing = false;
			for (const event of events) {
				if (json) ctx.io.stdout.write(`${JSON.stringify(eventJson(event, offsetMs))}\n`);
				else if (!isNoiseEvent(event)) ctx.io.stdout.write(`${eventLine(event, width)}\n`);
			}
		} catch (error) {
			if (ctx.io.signal.aborted) break;
			// like tail -f on a file that went away for a moment: say it once, keep trying
			if (!failing) ctx.failed(null, error);
			failing = true;
		}
	}
	// ended by Ctrl-c, as tail -f is
	return EXIT.interrupted;
}

export const show: Command = {
	options: {events: {type: 'string'}, follow: {type: 'boolean'}, json: {type: 'boolean'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, ...rest] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui show ID)');
		if (rest.length > 0) throw new UsageError('one conversation at a time');
		const count = wholeNumber(ctx.args.values, 'events', 0, 100) ?? DEFAULT_EVENTS;
		const json = ctx.args.switches.has('json');
		const servers = await ctx.connect();
		const found = await resolveConversation(servers, typed, ctx.args.values['server']);
		const server: OpenServer = found.server;
		const conversation = found.conversation;
		const seen = openSeen([server], ctx.io.env, ctx.io.now).get(server.name)!;
		const judged = judge(server.name, conversation, seen);
		const waiting = judged.state === 'waiting';
		const following = ctx.args.switches.has('follow');
		// enough events to find the actions that wait, and where following starts, even when fewer are shown;
		// the text shows rows, and a bookkeeping event (one per message sent) is none: a few more are read
		const wanted = json || count === 0 ? count : count + BOOKKEEPING_MARGIN;
		const {events, skipped} = await newestEvents(server.client, conversation.id, waiting || following ? Math.max(wanted, 20) : wanted, ctx.io.signal);
		const pending = waiting ? pendingActions(events).map(pendingLine) : [];
		const shown = events.slice(events.length - count);
		const several = servers.length > 1;
		const width = terminalWidth(ctx.io);
		// the server's offset from UTC, from its newest event and the conversation's last update (NaN: not learned)
		const offsetMs = learnOffset(Number.NaN, conversation, events);
		if (json) {
			const offset = Number.isNaN(offsetMs) ? null : offsetMs / 60_000;
			writeJson(ctx.io.stdout, {conversation: conversationJson(judged, several), pending, events: shown.map(event => eventJson(event, offsetMs)), server_utc_offset_minutes: offset});
		} else {
			const lines = detailLines(judged, several, ctx.io.now());
			if (pending.length > 0) {
				lines.push('', `waiting for your confirmation (ohtui approve / reject ${clean(conversation.id).slice(0, 8)}):`, ...pending.map(p => (width === null ? `  ${p}` : truncate(`  ${p}`, width))));
			}
			// the activity's rows of what was read: bookkeeping left out, usage lines moved to their time
			const rows = (eventRows(events) ?? events.map((_, i) => i)).slice(-count).map(i => events[i]!);
			if (count > 0) lines.push('', rows.length > 0 ? `last ${rows.length} event${rows.length > 1 ? 's' : ''}:` : 'no events yet', ...rows.map(e => eventLine(e, width)));
			writeLines(ctx.io.stdout, lines);
		}
		if (skipped > 0) ctx.warn(`${skipped} event${skipped > 1 ? 's' : ''} the server sent could not be read (left out)`);
		seen.markSeen(conversation.id, conversation.updated_at, conversation.execution_status);
		seen.save();
		if (!following) return EXIT.ok;
		// the live channel takes this seam when there is one (eventFeed.ts)
		return follow(ctx, pollingSource(server.client, conversation.id, events), server.refreshMs, json, width, offsetMs);
	},
};
