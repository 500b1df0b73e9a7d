/**
 * `ohtui wait ID [--until needs-you|finished|idle|error|any] [--timeout S]`: blocks until the
 * conversation is in that state (at once when it already is), prints the state, exits 0; on timeout
 * exits 124, as timeout(1) does. One conversation read per refresh interval (the TUI's poll pace);
 * the live channel can take over through the same loop. A server that drops out for a while is
 * said once on stderr and asked again: the wait goes on until its time-out.
 */
import {isApiError} from '../api/errors.js';
import {UsageError} from '../config/errors.js';
import {STATE_SENTENCES, UNTIL_WORDS} from '../present/states.js';
import {choice, secondsOption} from './args.js';
import type {Command} from './context.js';
import {judge, titleOf, type Judged} from './conversationRows.js';
import {CommandError, EXIT} from './exitCodes.js';
import {ID_OPTIONS, ID_USAGE, resolveConversation} from './resolveId.js';
import {openSeen} from './seen.js';
import {sleep} from './sleep.js';

export const UNTIL = UNTIL_WORDS;
export type Until = (typeof UNTIL)[number];

const USAGE = `Usage: ohtui wait ID [--until STATE] [--timeout SECONDS]

${ID_USAGE}
  --until STATE      needs-you (default): waiting for confirmation, error, stuck, or finished unseen
                     finished: the agent finished; idle: the agent is not running (any reason)
                     error: error, stuck, or its sandbox gone; any: any change of state
  --timeout SECONDS  give up after this long: exit 124 (default: wait as long as it takes)
  --refresh SECONDS  how often to ask (default 5, as the TUI)
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

Prints the state reached (its name, as ohtui ls --json: waiting, error, stuck, finished, ...; a
finish you have seen prints finished, as the app shows it). Exit: 0 reached, 124 timed out, 1 the server said no, 2 usage,
3 unreachable at the start, 4 not found (or deleted while waiting), 130 Ctrl-c.
`;

type Key = string;
const keyOf = (j: Judged): Key => `${j.conversation.execution_status ?? ''}/${j.conversation.sandbox_status}/${j.state}`;

export function reached(until: Until, judged: Judged, start: Key): boolean {
	switch (until) {
		case 'needs-you':
			return judged.needsYou !== null;
		case 'finished':
			return judged.conversation.execution_status === 'finished';
		case 'idle':
			return judged.state !== 'running';
		case 'error':
			return judged.state === 'error' || judged.state === 'stuck' || judged.state === 'gone';
		case 'any':
			return keyOf(judged) !== start;
	}
}

/** Failures worth waiting out (the server away, busy or rate-limiting); a 401 or a lie is final. */
function passing(error: unknown): boolean {
	return isApiError(error) && ['unreachable', 'timeout', 'server', 'rate_limited'].includes(error.kind);
}

export const wait: Command = {
	options: {until: {type: 'string'}, timeout: {type: 'string'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, ...rest] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui wait ID)');
		if (rest.length > 0) throw new UsageError('one conversation at a time');
		const until = choice(ctx.args.values, 'until', UNTIL) ?? 'needs-you';
		const timeout = secondsOption(ctx.args.values, 'timeout');
		const {now, signal} = ctx.io;
		const deadline = timeout === undefined ? Number.POSITIVE_INFINITY : now() + timeout * 1000;
		const servers = await ctx.connect();
		const {server, conversation} = await resolveConversation(servers, typed, ctx.args.values['server']);
		const seen = openSeen([server], ctx.io.env, now).get(server.name)!;
		let judged = judge(server.name, conversation, seen);
		const start = keyOf(judged);
		let failing = false;
		while (!reached(until, judged, start)) {
			const left = deadline - now();
			if (left <= 0) {
				ctx.warn(`timed out after ${timeout} s: ${titleOf(conversation)} ${STATE_SENTENCES[judged.state]}`);
				return EXIT.timedOut;
			}
			if (!(await sleep(Math.min(server.refreshMs, left), signal))) return EXIT.interrupted;
			if (now() >= deadline) continue;
			try {
				const [latest] = await server.client.getConversations([conversation.id], {signal, deadlineMs: Math.max(1000, Math.min(30_000, deadline - now()))});
				if (!latest) throw new CommandError(EXIT.notFound, 'the conversation is gone (deleted)');
				if (failing) ctx.warn('the server answers again');
				failing = false;
				seen.reload();
				judged = judge(server.name, latest, seen);
			} catch (error) {
				if (signal.aborted) return EXIT.interrupted;
				if (error instanceof CommandError || !passing(error)) throw error;
				if (!failing) ctx.failed(server, error);
				failing = true;
			}
		}
		// the state's name, as --json and ls --status say it; a finish already seen is idle by name but
		// reads finished in the app (present/states.ts rowLook): `--until finished` answered "idle"
		// (issue 27 item 17), and a script comparing the answer with "finished" failed
		ctx.io.stdout.write(`${judged.look.word === 'finished' ? 'finished' : judged.state}\n`);
		return EXIT.ok;
	},
};
