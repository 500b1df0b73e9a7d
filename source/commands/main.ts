/**
 * `ohtui <command> …` (issue 20): the scripting commands. Plain text on stdout, one clean line per
 * problem on stderr, documented exit codes (./exitCodes.ts). No Ink and no React on this path: each
 * command is its own chunk, loaded here by name, so `ohtui status` parses only what it needs.
 */
import {isUsageError} from '../config/errors.js';
import type {CommandName} from '../config/flags.js';
import {scrubKnown} from '../text/knownSecrets.js';
import {parseCommandArgs} from './args.js';
import {commandProcess} from './commandProcess.js';
import {createContext, failureText, type Command} from './context.js';
import {EXIT, exitCodeOf, isCommandError} from './exitCodes.js';
import type {CommandIo} from './output.js';

const LOADERS: Record<CommandName, () => Promise<Command>> = {
	ls: async () => (await import('./ls.js')).ls,
	show: async () => (await import('./show.js')).show,
	send: async () => (await import('./send.js')).send,
	approve: async () => (await import('./agentCommands.js')).approve,
	reject: async () => (await import('./agentCommands.js')).reject,
	pause: async () => (await import('./agentCommands.js')).pause,
	run: async () => (await import('./agentCommands.js')).run,
	new: async () => (await import('./newConversation.js')).newConversation,
	wait: async () => (await import('./wait.js')).wait,
	status: async () => (await import('./status.js')).status,
	diff: async () => (await import('./diff.js')).diff,
	exec: async () => (await import('./exec.js')).exec,
	cp: async () => (await import('./cp.js')).cp,
	trajectory: async () => (await import('./trajectory.js')).trajectory,
	completion: async () => (await import('./completion.js')).completion,
	__complete: async () => (await import('./completion.js')).complete,
};

export async function runCommand(name: CommandName, argv: readonly string[], io: CommandIo): Promise<number> {
	const command = await LOADERS[name]();
	let args;
	try {
		args = parseCommandArgs(argv, command.options);
	} catch (error) {
		if (!isUsageError(error)) throw error;
		io.stderr.write(`ohtui ${name}: ${error.message}\nRun ohtui ${name} --help for usage.\n`);
		return EXIT.usage;
	}
	if (args === 'help') {
		io.stdout.write(command.usage);
		return EXIT.ok;
	}
	const context = createContext(name, args, io, argv);
	try {
		return await command.run(context);
	} catch (error) {
		if (isUsageError(error)) {
			context.warn(error.message);
			return EXIT.usage;
		}
		if (isCommandError(error)) {
			context.warn(error.message);
			// each part was cleaned and masked when the line was made; the keys go once more, spacing kept
			for (const line of error.details) io.stderr.write(`${scrubKnown(line)}\n`);
			return error.code;
		}
		if (io.signal.aborted) return EXIT.interrupted;
		context.warn(failureText(error));
		return exitCodeOf(error);
	} finally {
		await context.close();
	}
}

/** A command in this process (./commandProcess.ts: Ctrl-c, a closed stdout, status's detached refresh). */
export async function runCommandInProcess(name: CommandName, argv: readonly string[]): Promise<number> {
	// a command that runs on (wait, show --follow, exec) gets its tmux window named `ohtui`, not `node`,
	// as the app does (../boot/runApp.ts); status from its cache does not come here and needs none
	process.title = 'ohtui';
	const {signal, refresh} = commandProcess(name);
	return runCommand(name, argv, {stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, now: Date.now, signal, refresh});
}
