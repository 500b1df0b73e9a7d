/**
 * `ohtui send ID TEXT|- [--resume] [--approve-pending]`: exactly one message (one POST: the TUI's
 * client call), to a conversation whose sandbox runs; `--resume` brings a paused sandbox back first.
 * Prints what happened on stdout (`sent to …`).
 *
 * A message never approves by accident (issue 26 item 1, store/actions/safeSend.ts): right before
 * it the agent's status is asked of its agent server; actions that wait for a confirmation are
 * rejected first ("superseded by a new message"), said on stderr. An agent server before SDK 1.6.0
 * cannot reject: nothing is sent (exit 1). `--approve-pending` sends while they wait, and they run.
 */
import {UsageError} from '../config/errors.js';
import {notRunning, act, resumeFirst} from './agentCalls.js';
import type {Command} from './context.js';
import {titleOf} from './conversationRows.js';
import {CommandError, EXIT} from './exitCodes.js';
import {messageText} from './readText.js';
import {ID_OPTIONS, ID_USAGE, resolveConversation} from './resolveId.js';
import {checkWritable} from './servers.js';
import {targetOf} from '../store/actions/agentTarget.js';
import {clean, truncate} from '../text/sanitize.js';
import {CannotReject, SUPERSEDED, sendSafely, type SafeSendStep, StatusUnread, StepFailed, StillWaiting} from '../store/actions/safeSend.js';
import {pendingGist} from '../present/attentionText.js';
import type {OpenHandsClient} from '../api/client.js';
import {newestEvents} from './eventFeed.js';
import {exitCodeOf} from './exitCodes.js';

const USAGE = `Usage: ohtui send ID TEXT [--resume] [--approve-pending]
       ohtui send ID - [--resume]        the message from standard input

${ID_USAGE}
  --resume           resume the conversation's paused sandbox first (and wait until it runs)
  --approve-pending  send even while the agent waits for a confirmation: the pending action then
                     runs (an agent server takes a message as approval). Without it the pending
                     action is rejected first ("superseded by a new message"), or, on an agent
                     server before SDK 1.6.0 (which cannot reject), nothing is sent
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

Exactly one message is sent; the agent runs with it. Exit: 0 sent, 1 the server said no (or the
sandbox is not running: use --resume; or an action waits and cannot be rejected), 2 usage,
3 unreachable or no answer in time (it may have been sent), 4 not found.
`;

export const send: Command = {
	options: {resume: {type: 'boolean'}, 'approve-pending': {type: 'boolean'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, argument, ...rest] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui send ID TEXT)');
		if (rest.length > 0) throw new UsageError('one message: put it in quotes, or use - and standard input');
		const text = await messageText(argument, ctx.io.stdin);
		const servers = await ctx.connect();
		const {server, conversation: found} = await resolveConversation(servers, typed, ctx.args.values['server']);
		let conversation = found;
		checkWritable(server);
		const why = notRunning(conversation);
		if (why) {
			if (!ctx.args.switches.has('resume')) throw new CommandError(EXIT.refused, `${why}: not sent (add --resume to resume it first)`);
			conversation = await resumeFirst(server, conversation, ctx.io.signal, ctx.io.now, line => ctx.warn(line));
		}
		const approve = ctx.args.switches.has('approve-pending');
		const target = targetOf(conversation);
		let waitsFor: string | null = null;
		const outcome = await sendSafely(server.client, target, text, {
			answer: approve ? 'keep' : 'reject',
			read: call => call({signal: ctx.io.signal}),
			act: (step, call) => act(STEPS[step], call, ctx.io.signal, step === 'send' ? 'it was sent and may have arrived' : undefined),
			async beforeReject() {
				waitsFor = await pendingNow(server.client, conversation.id, ctx.io.signal);
			},
		}).catch((error: unknown) => {
			throw notSent(error);
		});
		if (outcome.rejected > 0) ctx.warn(`rejected the pending action${waitsFor ? ` “${waitsFor}”` : ''} first (${SUPERSEDED})`);
		if (outcome.approved) ctx.warn('sent while the agent waited for a confirmation: the pending action runs (--approve-pending)');
		ctx.io.stdout.write(`sent to ${titleOf(conversation)} (${clean(conversation.id).slice(0, 8)})\n`);
		return EXIT.ok;
	},
};

const STEPS: Record<SafeSendStep, string> = {accept: 'accepting the pending action', reject: 'rejecting the pending action', send: 'sending the message'};

/** What waits, in a few words, for the line that says it was rejected; null when the events cannot be read. */
async function pendingNow(client: OpenHandsClient, id: string, signal: AbortSignal): Promise<string | null> {
	try {
		const {events} = await newestEvents(client, id, 20, signal);
		const gist = pendingGist(events);
		return gist === null ? null : truncate(gist, 80);
	} catch {
		return null;
	}
}

/** Why nothing was sent, with the exit code of what failed. */
function notSent(error: unknown): unknown {
	if (error instanceof CannotReject) return new CommandError(EXIT.refused, `${error.message}: not sent (ohtui approve it first, or send with --approve-pending to let it run)`);
	if (error instanceof StillWaiting) return new CommandError(EXIT.refused, `${error.message}: not sent`);
	if (error instanceof StatusUnread) return new CommandError(exitCodeOf(error.cause), `${error.message}: not sent (--approve-pending sends anyway)`);
	if (error instanceof StepFailed) {
		const cause = error.cause;
		// act() already names the step when the answer did not come
		if (cause instanceof CommandError) return new CommandError(cause.code, `${cause.message}: the message was not sent`);
		const why = cause instanceof Error ? cause.message : String(cause);
		return new CommandError(exitCodeOf(cause), `${STEPS[error.step]} first failed: ${why}: the message was not sent`);
	}
	return error;
}
