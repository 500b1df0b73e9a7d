/**
 * What every command gets: its parsed arguments, its streams, the servers chosen as the TUI chooses
 * them (read once, on first ask), their clients (closed when the command ends), and `warn` for a
 * clean, masked line on stderr.
 */
import {isApiError} from '../api/errors.js';
import type {CommandArgs, OptionSpec} from './args.js';
import {exitCodeOf, type ExitCode} from './exitCodes.js';
import {warnTo, type CommandIo} from './output.js';
// the config's resolution and the clients load on a command's first ask: `status` answered from its
// cache asks for neither (./status.ts)
import type {Clients, OpenServer, Selection, Timeouts} from './servers.js';

export type CommandContext = {
	name: string;
	args: CommandArgs;
	/** the arguments as given after the command's name */
	argv: readonly string[];
	io: CommandIo;
	select(): Promise<Selection>;
	connect(timeouts?: Timeouts): Promise<OpenServer[]>;
	/** `ohtui <name>: <text>` on stderr, cleaned and masked */
	warn(text: string): void;
	/** a server's failure on stderr (`ohtui ls: laptop: cannot reach …`); returns its exit code */
	failed(server: Pick<OpenServer, 'name'> | null, error: unknown): ExitCode;
};

export type Command = {
	options: OptionSpec;
	/** the usage lines `--help` prints */
	usage: string;
	run(ctx: CommandContext): Promise<number>;
};

/** The one-line text of any failure: the client's messages are one line already and carry no key. */
export function failureText(error: unknown): string {
	if (isApiError(error) || error instanceof Error) return error.message;
	return String(error);
}

export function createContext(name: string, args: CommandArgs, io: CommandIo, argv: readonly string[] = []): CommandContext & {close(): Promise<void>} {
	let selection: Promise<Selection> | null = null;
	let several = false;
	const opened: Clients[] = [];
	const warn = warnTo(name, io.stderr);
	const select = async () => {
		selection ??= import('./servers.js').then(async ({chooseServers}) => chooseServers(args.flags, io.env)).then(selected => {
			for (const warning of selected.warnings) warn(warning);
			several = selected.servers.length > 1;
			return selected;
		});
		return selection;
	};
	return {
		name,
		args,
		argv,
		io,
		select,
		async connect(timeouts) {
			const {openClients} = await import('./servers.js');
			const clients = await openClients(await select(), io.env, timeouts);
			opened.push(clients);
			return clients.open;
		},
		warn,
		failed(server, error) {
			warn(server && several ? `${server.name}: ${failureText(error)}` : failureText(error));
			return exitCodeOf(error);
		},
		async close() {
			await Promise.all(opened.map(async clients => clients.close()));
		},
	};
}
