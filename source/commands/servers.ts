/**
 * The servers a command talks to, chosen as the TUI chooses them (flags, environment, profile,
 * config file: config/resolveConfig.ts), and one client each (the TUI's createClient: the same
 * probe, authentication and error type). Every key is registered with the masking (text/secrets.ts)
 * before anything is printed, so no output can show one.
 */
import type {OpenHandsClient} from '../api/client.js';
import type {Env} from '../config/env.js';
import {readEnv} from '../config/env.js';
import {configPath, loadConfigFile} from '../config/file.js';
import type {Flags} from '../config/flags.js';
import {resolveConfig, type Config, type ServerConfig} from '../config/resolveConfig.js';
import {openLogFile, type LogFile} from '../log/logFile.js';
import {scrubKeys} from '../text/knownSecrets.js';
import {registerKnownSecret} from '../text/secrets.js';
import {CommandError, EXIT} from './exitCodes.js';

/** A server as config/servers.ts chose it (name, key, auth, refresh, maxItems, readOnly), always with a URL. */
export type CommandServer = ServerConfig & {url: string};

export type Selection = {
	servers: CommandServer[];
	config: Config;
	warnings: string[];
};

/**
 * Reads the config and chooses the servers as the TUI does (config/servers.ts: `--url`, `--profile
 * a,b`, `--all`, the environment, the file's `open`); a command needs a real server (there is no
 * demo to script).
 */
export async function chooseServers(flags: Flags, env: Env): Promise<Selection> {
	const path = configPath(env);
	const loaded = await loadConfigFile(path);
	const warnings = [...loaded.warnings];
	const config = resolveConfig({flags, env: readEnv(env), file: loaded.file, filePath: path}, warnings);
	const servers = config.servers.filter((s): s is CommandServer => s.url !== null);
	if (config.demo || servers.length === 0) {
		// someone who has just seen the app's demo (what `ohtui` alone shows) learns where to try these
		const what = flags.demo ? '--demo: the commands need a server (--url, OPENHANDS_URL or a profile)' : 'no server: set --url, OPENHANDS_URL or a profile in the config file';
		throw new CommandError(EXIT.usage, `${what}; the demo is the app's alone: to try the commands, run ohtui serve and use the URL it prints`);
	}
	for (const server of servers) registerKnownSecret(server.apiKey);
	return {servers, config, warnings};
}

export type Timeouts = {connectTimeoutMs: number; headersTimeoutMs: number; bodyTimeoutMs: number; requestDeadlineMs: number};

/** Reads and actions from a command: a script should hear about a dead server in seconds, not minutes. */
export const COMMAND_TIMEOUTS: Timeouts = {connectTimeoutMs: 5000, headersTimeoutMs: 15_000, bodyTimeoutMs: 15_000, requestDeadlineMs: 30_000};

export type OpenServer = CommandServer & {client: OpenHandsClient};

export type Clients = {
	open: OpenServer[];
	close(): Promise<void>;
};

/** One client per server (the client's chunk loads here, not before: `status` from its cache never loads it). */
export async function openClients(selection: Selection, env: Env, timeouts: Timeouts = COMMAND_TIMEOUTS): Promise<Clients> {
	const {createClient} = await import('../api/createClient.js');
	let log: LogFile | null = null;
	if (selection.config.logFile !== null) {
		const keys = selection.servers.map(s => s.apiKey).filter((k): k is string => Boolean(k));
		try {
			log = openLogFile(selection.config.logFile, text => scrubKeys(text, keys, '***'));
		} catch {
			// a log that cannot be opened must not stop a command (the TUI says so once; a script reads stdout)
		}
	}
	const open = selection.servers.map(server => ({
		...server,
		client: createClient({baseUrl: server.url, apiKey: server.apiKey, auth: server.auth, env: env as NodeJS.ProcessEnv, ...timeouts, ...(log ? {log: (line: string) => log.write(line)} : {})}),
	}));
	return {
		open,
		async close() {
			await Promise.all(open.map(async s => s.client.close()));
			log?.close();
		},
	};
}

/** Refuses a command that changes something on a server whose profile is read-only (as the TUI's keys are). */
export function checkWritable(server: CommandServer): void {
	if (server.readOnly) throw new CommandError(EXIT.usage, `${server.name} is read-only (--read-only or the profile's readOnly): nothing is sent`);
}
