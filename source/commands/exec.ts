/**
 * `ohtui exec ID [--timeout SECONDS] [--cwd DIR] -- COMMAND...` (issue 28 item 2): one command in
 * the conversation's workspace on its agent server (its folder: the working directory, or the
 * repository's folder in it), its output as it comes (store/workspace/commandRun.ts: the bash events
 * socket, else searching at a short pace), cleaned and masked like every server string
 * (text/outputStream.ts), stdout to stdout and stderr to stderr, and its exit code as ohtui's.
 */
import {UsageError} from '../config/errors.js';
import {runCommand} from '../store/workspace/commandRun.js';
import {shellQuote} from '../store/workspace/scripts.js';
import {outputStream} from '../text/outputStream.js';
import {clean} from '../text/sanitize.js';
import {secondsOption} from './args.js';
import type {Command} from './context.js';
import {EXIT} from './exitCodes.js';
import {checkWritable} from './servers.js';
import {ID_OPTIONS, ID_USAGE} from './resolveId.js';
import {openWorkspaceOf, streamWriter} from './workspaceOpen.js';

/** The agent server's own default (`ExecuteBashRequest.timeout`). */
export const DEFAULT_TIMEOUT_S = 300;

const USAGE = `Usage: ohtui exec ID [options] -- COMMAND [ARG...]

${ID_USAGE}
  COMMAND [ARG...]   one argument is a shell command line, run as it is (pipes, $VARS, globs);
                     several are a command and its arguments, each passed as it is
  --timeout SECONDS  the agent server stops the command after this long (default ${DEFAULT_TIMEOUT_S}, its own)
  --cwd DIR          run there (relative: from the workspace folder) instead of the workspace folder
  --url URL, --profile NAME, --auth MODE, --log FILE   as for the TUI

  ohtui exec 3f2a91c0 -- git status
  ohtui exec 3f2a91c0 -- 'pytest -q | tail -5'

Runs in the conversation's workspace on its agent server (its working directory, or the folder
its repository was cloned into), server-wide like the agent server's terminal. The output comes
when the command ends, or per 1 MiB (the agent server sends it no finer), cleaned of escape
sequences and masked. Refused on a read-only profile or with --read-only.
Exit: the command's exit code; 124 timed out, 130 Ctrl-c (the command may go on on the server),
128+N killed by signal N; ohtui's own: 1 the server said no, 2 usage or read-only, 3 unreachable,
4 not found.
`;

export const exec: Command = {
	options: {timeout: {type: 'string'}, cwd: {type: 'string'}, ...ID_OPTIONS},
	usage: USAGE,
	async run(ctx) {
		const [typed, ...words] = ctx.args.positionals;
		if (typed === undefined) throw new UsageError('which conversation? (ohtui exec ID -- COMMAND...)');
		if (words.length === 0 || words.every(w => w.trim() === '')) throw new UsageError('which command? (ohtui exec ID -- COMMAND...)');
		const timeoutS = Math.ceil(secondsOption(ctx.args.values, 'timeout', 30 * 24 * 3600) ?? DEFAULT_TIMEOUT_S);
		const command = words.length === 1 ? words[0]! : words.map(shellQuote).join(' ');
		const {workspace} = await openWorkspaceOf(ctx, typed, checkWritable);
		const cwd = ctx.args.values['cwd'] === undefined ? null : workspace.resolve(ctx.args.values['cwd']);
		// each output is cleaned line by line into the stream, and the next waits for a slow reader
		const out = streamWriter(ctx.io.stdout);
		const err = streamWriter(ctx.io.stderr);
		const stdout = outputStream(text => out.write(text));
		const stderr = outputStream(text => err.write(text));
		const sink = {
			stdout: async (text: string) => {
				stdout.push(text);
				await out.drain();
			},
			stderr: async (text: string) => {
				stderr.push(text);
				await err.drain();
			},
		};
		const end = await runCommand(workspace, {command, cwd, timeoutS}, sink, {signal: ctx.io.signal});
		stdout.end();
		stderr.end();
		await Promise.all([out.flushed(), err.flushed()]);
		const id = 'commandId' in end && end.commandId ? ` (command ${end.commandId.slice(0, 8)})` : '';
		switch (end.kind) {
			case 'exited':
				// a process exits with 0-255: a larger code passed on would wrap (256 is exit 0, success)
				if (end.code > 255) {
					ctx.warn(`the agent server reported exit code ${end.code}, which no command gives`);
					return EXIT.refused;
				}
				return end.code;
			case 'timed-out':
				ctx.warn(`the agent server stopped the command after its time-out of ${end.seconds} s (--timeout SECONDS for longer)`);
				return EXIT.timedOut;
			case 'lost':
				ctx.warn(`no end of the command heard from the agent server within ${end.seconds} s and a grace: it may go on on the server${id}${end.why ? ` (its last search failed: ${clean(end.why)})` : ''}`);
				return EXIT.timedOut;
			case 'not-started':
				ctx.warn(`the command did not start: ${clean(end.message)}`);
				return EXIT.refused;
			case 'killed':
				// signals are 1-127: a larger one would wrap past 255 (-384 would be exit 0)
				if (end.signal > 127) {
					ctx.warn(`the agent server reported exit code ${-end.signal}, which no command gives`);
					return EXIT.refused;
				}
				ctx.warn(`the command was killed by signal ${end.signal}`);
				return 128 + end.signal;
			case 'stopped':
				ctx.warn(`stopped following: the command may go on on the server${id}`);
				return EXIT.interrupted;
		}
	},
};
