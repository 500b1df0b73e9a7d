/**
 * `ohtui approve|reject|pause|run ID`: the TUI's agent commands (a, x, P, R), one request each to the
 * conversation's agent server (the client's controlAgent). What the state makes pointless is not
 * sent: approve or reject with nothing waiting (an agent server answers 200 anyway, and an accept
 * then starts the agent), pause of an agent that is not running, run of one that is. Run of an
 * agent that waits for confirmation runs the action it waits on, an approval by another name: it
 * is refused unless `--approve-pending` says so (as the app's R asks first; issue 27 item 17). Whether
 * it waits is read from its agent server right before the run, as a message's is: the list the id was
 * resolved from may lag it (an app server's view).
 */
import type {AgentCommand} from '../api/client.js';
import type {AppConversation} from '../api/schemas/index.js';
import {UsageError} from '../config/errors.js';
import {pendingGist} from '../present/attentionText.js';
import {targetOf} from '../store/actions/agentTarget.js';
import {agentNow, StatusUnread} from '../store/actions/safeSend.js';
import {clean, truncate} from '../text/sanitize.js';
import {act, notRunning} from './agentCalls.js';
import type {Command} from './context.js';
import {titleOf} from './conversationRows.js';
import {newestEvents} from './eventFeed.js';
import {CommandError, EXIT, exitCodeOf} from './exitCodes.js';
import {ID_OPTIONS, ID_USAGE, resolveConversation} from './resolveId.js';
import {checkWritable, type OpenServer} from './servers.js';

/** The commands this file offers (the client's `interrupt` has no command of its own). */
type Offered = Exclude<AgentCommand, 'interrupt'>;
const DONE: Record<Offered, string> = {accept: 'approved', reject: 'rejected', pause: 'paused', run: 'running'};
const WHAT: Record<Offered, string> = {accept: 'approving', reject: 'rejecting', pause: 'pausing the agent', run: 'running the agent'};

function usage(name: string, line: string, extra = '', flags = ''): string {
	return `Usage: ohtui ${name} ID${extra}

  ${line}
${ID_USAGE}
${flags}  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

Exit: 0 done (or nothing to do), 1 the server said no (or the state does not allow it), 2 usage,
3 unreachable or no answer in time (it may have happened), 4 not found.
`;
}

/** Whether the command makes sense now: null to send it, else why not and whether that is fine. */
function precheck(command: Offered, status: string | null): {ok: boolean; text: string} | null {
	const now = status ?? 'not running';
	switch (command) {
		case 'accept':
		case 'reject':
			return status === 'waiting_for_confirmation' ? null : {ok: false, text: `nothing waits for confirmation (the agent is ${now}): nothing sent`};
		case 'pause':
			return status === 'running' || status === 'waiting_for_confirmation' ? null : {ok: true, text: `the agent is ${now}: nothing to pause`};
		case 'run':
			return status === 'running' ? {ok: true, text: 'the agent is already running'} : null;
	}
}

/**
 * What can bring the agent back, said only where it can work: a missing sandbox never comes back
 * (resuming it fails), and one that is starting comes by itself.
 */
function whatWorks(sandbox: string, id: string): string {
	if (sandbox === 'MISSING') return `its sandbox is gone for good: ohtui show ${id} reads what it did, ohtui new starts again`;
	if (sandbox === 'STARTING') return `try again once it runs: ohtui wait ${id} --until any`;
	return `ohtui send ${id} --resume brings it back`;
}

/** Why run is refused on an agent that waits for confirmation, naming what it waits to run when it can be read. */
async function runWouldApprove(ctx: Parameters<Command['run']>[0], server: OpenServer, conversation: AppConversation): Promise<CommandError> {
	let gist: string | null = null;
	try {
		gist = pendingGist((await newestEvents(server.client, conversation.id, 20, ctx.io.signal)).events);
	} catch {
		// the refusal stands without the action's name
	}
	const what = gist ? `: ${truncate(gist, 80)}` : '';
	return new CommandError(EXIT.refused, `the agent waits for your confirmation${what}; run would approve it: nothing sent (ohtui approve, or run --approve-pending)`);
}

/** The agent's status as its agent server says it now (null when it does not say); unreadable: nothing is run. */
async function statusNow(ctx: Parameters<Command['run']>[0], server: OpenServer, conversation: AppConversation): Promise<string | null> {
	try {
		const now = await agentNow(server.client, targetOf(conversation), {read: call => call({signal: ctx.io.signal})});
		return now.status === null ? null : clean(now.status);
	} catch (error) {
		if (!(error instanceof StatusUnread)) throw error;
		const why = error.cause instanceof Error ? error.cause.message : String(error.cause);
		throw new CommandError(exitCodeOf(error.cause), `could not read whether the agent waits for your confirmation (${why}); run would approve it: nothing sent (run --approve-pending runs anyway)`);
	}
}

const APPROVE_PENDING = `  --approve-pending  run even when the agent waits for confirmation (that approves what it waits on)
`;

function agentCommand(name: string, command: Offered, line: string): Command {
	const reject = command === 'reject';
	const running = command === 'run';
	return {
		options: reject ? {reason: {type: 'string'}, ...ID_OPTIONS} : running ? {'approve-pending': {type: 'boolean'}, ...ID_OPTIONS} : {...ID_OPTIONS},
		usage: usage(name, line, reject ? ' [--reason TEXT]' : running ? ' [--approve-pending]' : '', running ? APPROVE_PENDING : ''),
		async run(ctx) {
			const [typed, ...rest] = ctx.args.positionals;
			if (typed === undefined) throw new UsageError(`which conversation? (ohtui ${name} ID)`);
			if (rest.length > 0) throw new UsageError(reject ? 'one conversation at a time (a reason goes after --reason)' : 'one conversation at a time');
			const servers = await ctx.connect();
			const {server, conversation} = await resolveConversation(servers, typed, ctx.args.values['server']);
			checkWritable(server);
			const why = notRunning(conversation);
			if (why) throw new CommandError(EXIT.refused, `${why}: the agent cannot take commands; nothing sent (${whatWorks(conversation.sandbox_status, clean(conversation.id).slice(0, 8))})`);
			let status = conversation.execution_status ? clean(conversation.execution_status) : null;
			if (running && !ctx.args.switches.has('approve-pending')) {
				status = (await statusNow(ctx, server, conversation)) ?? status;
				if (status === 'waiting_for_confirmation') throw await runWouldApprove(ctx, server, conversation);
			}
			const skip = precheck(command, status);
			if (skip) {
				if (skip.ok) {
					ctx.io.stdout.write(`${skip.text}: ${titleOf(conversation)}\n`);
					return EXIT.ok;
				}
				throw new CommandError(EXIT.refused, skip.text);
			}
			await act(WHAT[command], o => server.client.controlAgent(targetOf(conversation), command, ctx.args.values['reason'], o), ctx.io.signal);
			ctx.io.stdout.write(`${DONE[command]}: ${titleOf(conversation)} (${clean(conversation.id).slice(0, 8)})\n`);
			return EXIT.ok;
		},
	};
}

export const approve = agentCommand('approve', 'accept', 'approve the action(s) the agent waits to run');
export const reject = agentCommand('reject', 'reject', 'reject them; --reason TEXT tells the agent why');
export const pause = agentCommand('pause', 'pause', 'pause the agent (after its current step; the sandbox keeps running)');
export const run = agentCommand('run', 'run', 'let the agent run again');
