/**
 * `ohtui send ID TEXT|- [--resume]`: exactly one message (one POST: the TUI's client call), to a
 * conversation whose sandbox runs; `--resume` brings a paused sandbox back first. Prints what
 * happened on stdout (`sent to …`).
 */
import {UsageError} from '../config/errors.js';
import {notRunning, act, resumeFirst} from './agentCalls.js';
import type {Command} from './context.js';
import {titleOf} from './conversationRows.js';
import {CommandError, EXIT} from './exitCodes.js';
import {messageText} from './readText.js';
import {resolveConversation} from './resolveId.js';
import {checkWritable} from './servers.js';
import {targetOf} from '../store/actions/agentTarget.js';
import {clean} from '../text/sanitize.js';

const USAGE = `Usage: ohtui send ID TEXT [--resume]
       ohtui send ID - [--resume]        the message from standard input

  ID                 a conversation id or a unique prefix of it
  --resume           resume the conversation's paused sandbox first (and wait until it runs)
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

Exactly one message is sent; the agent runs with it. Exit: 0 sent, 1 the server said no (or the
sandbox is not running: use --resume), 2 usage, 3 unreachable or no answer in time (it may have been
sent), 4 not found.
`;

export const send: Command = {
	options: {resume: {type: 'boolean'}},
	usage: USAGE,
	async run(ctx) {
		const [typed, argument, ...rest] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui send ID TEXT)');
		if (rest.length > 0) throw new UsageError('one message: put it in quotes, or use - and standard input');
		const text = await messageText(argument, ctx.io.stdin);
		const servers = await ctx.connect();
		const {server, conversation: found} = await resolveConversation(servers, typed);
		let conversation = found;
		checkWritable(server);
		const why = notRunning(conversation);
		if (why) {
			if (!ctx.args.switches.has('resume')) throw new CommandError(EXIT.refused, `${why}: not sent (add --resume to resume it first)`);
			conversation = await resumeFirst(server, conversation, ctx.io.signal, ctx.io.now, line => ctx.warn(line));
		}
		await act('sending the message', o => server.client.sendMessage(targetOf(conversation), text, o), ctx.io.signal);
		ctx.io.stdout.write(`sent to ${titleOf(conversation)} (${clean(conversation.id).slice(0, 8)})\n`);
		return EXIT.ok;
	},
};
