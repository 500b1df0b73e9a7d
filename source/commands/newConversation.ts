/**
 * `ohtui new --message TEXT|- [--repo R] [--branch B] [--wait]`: starts a conversation (one POST, the
 * TUI's createConversation). An app server answers with a start task, not yet a conversation: its id
 * is printed, and with `--wait` the task is followed to READY (each step within the server's own
 * deadline for it: store/watchSources.ts) and the conversation's id is printed instead.
 */
import type {StartTask} from '../api/schemas/index.js';
import {UsageError} from '../config/errors.js';
import {START_TASK_WATCH_MS, startTaskStepMs} from '../store/actions/watchSources.js';
import {clean} from '../text/sanitize.js';
import {maskSecrets} from '../text/secrets.js';
import {act, RESUME_WATCH_MS} from './agentCalls.js';
import type {Command, CommandContext} from './context.js';
import {CommandError, EXIT} from './exitCodes.js';
import {messageText} from './readText.js';
import {checkWritable, type OpenServer} from './servers.js';
import {sleep} from './sleep.js';

const USAGE = `Usage: ohtui new --message TEXT [--repo OWNER/REPO] [--branch B] [--sandbox ID] [--workdir DIR] [--wait]

  --message TEXT     what the agent is to do; - reads it from standard input
  --repo OWNER/REPO  the repository to clone into its workspace
  --branch B         the branch to check out
  --sandbox ID       start it in this (running or paused) sandbox instead of a new one
  --workdir DIR      its working directory on the server (agent servers need one)
  --wait             follow the start until the conversation exists, then print its id
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI (one server)

Prints the start task's id, or with --wait the conversation's id (progress goes to stderr); an
agent server makes the conversation at once, and its id is printed.
Exit: 0 started, 1 the server said no or the start failed, 2 usage, 3 unreachable or timed out.
`;

async function followTask(ctx: CommandContext, server: OpenServer, first: StartTask): Promise<StartTask> {
	let task = first;
	let since = ctx.io.now();
	for (;;) {
		if (task.status === 'READY') return task;
		if (task.status === 'ERROR') {
			throw new CommandError(EXIT.refused, `the conversation failed to start: ${maskSecrets(task.detail) || 'no detail given'}`);
		}
		if (ctx.io.now() - since > startTaskStepMs(task.status, RESUME_WATCH_MS)) {
			throw new CommandError(EXIT.unreachable, `gave up: the start is still ${clean(task.status)} after ${Math.round((ctx.io.now() - since) / 1000)} s (start task ${clean(task.id)})`);
		}
		if (!(await sleep(START_TASK_WATCH_MS, ctx.io.signal))) throw new CommandError(EXIT.interrupted, 'interrupted');
		const [latest] = await server.client.getStartTasks([task.id], {signal: ctx.io.signal});
		if (!latest) throw new CommandError(EXIT.notFound, `the server no longer knows start task ${clean(task.id)}`);
		if (latest.status !== task.status) {
			ctx.warn(clean(latest.status));
			since = ctx.io.now();
		}
		task = latest;
	}
}

export const newConversation: Command = {
	options: {message: {type: 'string'}, repo: {type: 'string'}, branch: {type: 'string'}, sandbox: {type: 'string'}, workdir: {type: 'string'}, wait: {type: 'boolean'}},
	usage: USAGE,
	async run(ctx) {
		if (ctx.args.positionals.length > 0) throw new UsageError('the message goes after --message');
		const text = await messageText(ctx.args.values['message'], ctx.io.stdin);
		const selection = await ctx.select();
		if (selection.servers.length > 1) throw new UsageError('several servers are open: choose one with --profile NAME');
		const [server] = await ctx.connect();
		checkWritable(server!);
		const repository = ctx.args.values['repo'];
		const branch = ctx.args.values['branch'];
		const sandboxId = ctx.args.values['sandbox'];
		const workingDir = ctx.args.values['workdir'];
		// asked before anything is sent (the client's probe, which the start would make anyway)
		if (!workingDir?.trim() && (await server!.client.serverInfo({signal: ctx.io.signal})).kind === 'agent-server') {
			throw new UsageError('an agent server needs --workdir DIR (the working directory on that server): nothing was sent');
		}
		const request = {initialMessage: text, ...(repository ? {repository} : {}), ...(branch ? {branch} : {}), ...(sandboxId ? {sandboxId} : {}), ...(workingDir ? {workingDir} : {})};
		const created = await act('starting the conversation', o => server!.client.createConversation(request, o), ctx.io.signal);
		// an agent server makes the conversation at once: its id is the answer, with or without --wait
		if (created.kind === 'conversation') {
			ctx.io.stdout.write(`${clean(created.conversation.id)}\n`);
			return EXIT.ok;
		}
		const {task} = created;
		if (!ctx.args.switches.has('wait')) {
			ctx.io.stdout.write(`${clean(task.id)}\n`);
			ctx.warn(`start task ${clean(task.id)} is ${clean(task.status)} (--wait follows it to the conversation)`);
			return EXIT.ok;
		}
		ctx.warn(clean(task.status));
		const ready = await followTask(ctx, server!, task);
		if (!ready.app_conversation_id) throw new CommandError(EXIT.refused, 'the start task is READY but names no conversation');
		ctx.io.stdout.write(`${clean(ready.app_conversation_id)}\n`);
		return EXIT.ok;
	},
};
