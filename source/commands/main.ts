/**
 * `ohtui <command> …` (issue 20): the scripting commands. Plain text on stdout, one clean line per
 * problem on stderr, documented exit codes (./exitCodes.ts). No Ink and no React on this path: each
 * command is its own chunk, loaded here by name, so `ohtui status` parses only what it needs.
 */
import {createRequire} from 'node:module';
import {isUsageError} from '../config/errors.js';
import type {CommandName} from '../config/flags.js';
import {scrubKnown} from '../text/knownSecrets.js';
import {parseCommandArgs} from './args.js';
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

/**
 * The process around a command: Ctrl-c (or SIGTERM) aborts what is in flight and the command ends
 * with 130 (a second one ends the process at once); a closed stdout (`ohtui ls | head -1`) ends it
 * quietly, without an EPIPE trace.
 */
export async function runCommandInProcess(name: CommandName, argv: readonly string[]): Promise<number> {
	const controller = new AbortController();
	const stop = () => {
		if (controller.signal.aborted) process.exit(EXIT.interrupted);
		controller.abort();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	process.stdout.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') process.exit(EXIT.ok);
	});
	process.stderr.on('error', () => {});
	const refresh = (args: readonly string[]) => {
		try {
			// loaded here, not with the chunk (4 ms a status run, measured, for a module it rarely needs);
			// its own session, no terminal, nothing inherited: it outlives this process quietly
			const {spawn} = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
			spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args], {detached: true, stdio: 'ignore', env: process.env}).unref();
		} catch {
			// the next status asks in the foreground
		}
	};
	return runCommand(name, argv, {stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, now: Date.now, signal: controller.signal, refresh});
}
