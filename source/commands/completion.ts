/**
 * `ohtui completion bash|zsh|fish`: a completion script (subcommands, their flags, the values of
 * flags that take words, profile names, conversation ids). Scripts call `ohtui __complete WHAT`,
 * which answers from local files only (the config's profiles; the ids `ohtui status` cached), so a
 * Tab never waits on the network.
 */
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {UsageError} from '../config/errors.js';
import {configPath, loadConfigFile} from '../config/file.js';
import {OPTIONS as SERVER_OPTIONS} from '../config/flags.js';
import {lookText, rowLook, STATUS_WORDS, UNTIL_WORDS} from '../present/states.js';
import {attentionState, sortByAttention} from '../store/attention/needsYou.js';
import {openSeenStore} from '../store/attention/seenStore.js';
import {smallFileText} from '../runtime/smallFile.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {clean} from '../text/sanitize.js';
import {maskTitle} from '../text/secrets.js';
import type {Command} from './context.js';
import {EXIT} from './exitCodes.js';
import {completionScript, type CommandSpec, type Flag} from './completionScripts.js';
import {readCache, statusCachePath} from './statusCache.js';

const SUMMARIES: Record<string, string> = {
	ls: 'list conversations, sandboxes or specs',
	show: "a conversation's details and last events",
	send: 'send a message to a conversation',
	approve: 'approve the pending action(s)',
	reject: 'reject the pending action(s)',
	pause: 'pause the agent',
	run: 'run the agent',
	new: 'start a conversation',
	wait: 'wait for a conversation to need you, finish, …',
	status: 'one line for a status bar',
	diff: "the workspace's changes as a patch",
	exec: "run a command in the conversation's workspace",
	cp: 'copy a file to or from the workspace',
	trajectory: "the conversation's events as a ZIP",
	completion: 'print a completion script',
	serve: 'run the stand-in OpenHands server',
	doctor: 'check the connection and configuration',
};

const ARGUMENTS: Record<string, CommandSpec['argument']> = {
	ls: 'lists',
	show: 'conversation',
	send: 'conversation',
	approve: 'conversation',
	reject: 'conversation',
	pause: 'conversation',
	run: 'conversation',
	wait: 'conversation',
	diff: 'conversation',
	exec: 'conversation',
	trajectory: 'conversation',
	completion: 'shells',
};

/** Flags whose values come from a fixed list. */
export const FLAG_VALUES: Record<string, readonly string[]> = {
	auth: ['auto', 'session', 'bearer'],
	notify: ['bell', 'desktop', 'both', 'off'],
	theme: ['auto', 'dark', 'light'],
	until: UNTIL_WORDS,
	status: STATUS_WORDS,
	color: ['auto', 'always', 'never'],
};

/** The app's flags: offered before a command word (where the app and every command take them). */
const APP_FLAGS: Flag[] = Object.entries(SERVER_OPTIONS)
	.filter(([name]) => name !== 'help' && name !== 'version')
	.map(([name, option]) => ({name, value: option.type === 'string'}));

/** The full-screen app's own: how it looks and calls you, and the demo; a command has no use for them. */
const FULL_SCREEN_ONLY = new Set(['demo', 'notify', 'theme', 'needs-you']);
/** What a command reads of the app's flags: the servers, how to reach them, the pace, read-only. */
const COMMAND_FLAGS = APP_FLAGS.filter(flag => !FULL_SCREEN_ONLY.has(flag.name));
/** `ohtui doctor` checks the servers chosen as the app chooses them. */
const DOCTOR_FLAGS = APP_FLAGS.filter(flag => ['url', 'profile', 'all', 'auth'].includes(flag.name));

async function specs(): Promise<{commands: CommandSpec[]; values: Record<string, readonly string[]>}> {
	const {ls} = await import('./ls.js');
	const {show} = await import('./show.js');
	const {send} = await import('./send.js');
	const agent = await import('./agentCommands.js');
	const {newConversation} = await import('./newConversation.js');
	const {wait} = await import('./wait.js');
	const {status} = await import('./status.js');
	const {diff} = await import('./diff.js');
	const {exec} = await import('./exec.js');
	const {cp} = await import('./cp.js');
	const {trajectory} = await import('./trajectory.js');
	// serve's flags come from its own tables (a chunk loaded only to print a script)
	const served = (await import('../server/serve.js')).serveFlags();
	// `status --refresh-only` is status's own call to itself, nobody's to type
	const own = (command: Command): Flag[] => Object.entries(command.options).filter(([flag]) => flag !== 'refresh-only').map(([flag, option]) => ({name: flag, value: option.type === 'string'}));
	const commands: Record<string, Command> = {ls, show, send, approve: agent.approve, reject: agent.reject, pause: agent.pause, run: agent.run, new: newConversation, wait, status, diff, exec, cp, trajectory};
	const flagsOf: Record<string, Flag[]> = {completion: [], serve: served.flags, doctor: DOCTOR_FLAGS};
	for (const [name, command] of Object.entries(commands)) {
		const mine = own(command);
		flagsOf[name] = [...mine, ...COMMAND_FLAGS.filter(flag => !mine.some(m => m.name === flag.name))];
	}
	return {
		commands: Object.entries(SUMMARIES).map(([name, summary]) => ({name, summary, argument: ARGUMENTS[name] ?? null, flags: flagsOf[name] ?? []})),
		values: {...FLAG_VALUES, ...served.values},
	};
}

export const completion: Command = {
	options: {},
	usage: `Usage: ohtui completion bash|zsh|fish

  bash   source <(ohtui completion bash)              (in ~/.bashrc)
  zsh    mkdir -p ~/.zsh/completions && ohtui completion zsh > ~/.zsh/completions/_ohtui
         then in ~/.zshrc, before compinit runs (add both lines if it has none):
           fpath=(~/.zsh/completions $fpath)
           autoload -Uz compinit && compinit
  fish   ohtui completion fish > ~/.config/fish/completions/ohtui.fish
`,
	async run(ctx) {
		const [shell, ...rest] = ctx.args.positionals;
		if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') throw new UsageError('expected bash, zsh or fish');
		if (rest.length > 0) throw new UsageError('one shell at a time');
		const {commands, values} = await specs();
		ctx.io.stdout.write(completionScript(shell, commands, APP_FLAGS, values));
		return EXIT.ok;
	},
};

/**
 * Ids, each with its state and title, from `ohtui status`'s cache files (every server's), attention
 * first and newest first within a state: what waits for you, what `approve` wants, comes first. A
 * finish is judged by the server's seen marks, found through status's summaries (which name each
 * answer's server); an answer no summary names counts its finishes as seen. An id on two servers
 * is offered as each one's `NAME:ID` (./resolveId.ts: the bare id cannot tell them apart).
 */
function cachedConversations(env: NodeJS.ProcessEnv): string[] {
	const directory = join(ohtuiDirectory('cache', env), 'status');
	let names: string[] = [];
	try {
		names = readdirSync(directory).filter(name => name.endsWith('.json'));
	} catch {
		return [];
	}
	const servers = new Map<string, {name: string; url: string}>();
	for (const name of names) {
		for (const server of summaryServers(join(directory, name))) servers.set(statusCachePath(env, server), server);
	}
	const answers = names.flatMap(name => {
		const path = join(directory, name);
		const cached = readCache(path);
		return cached?.ok ? [{path, server: servers.get(path) ?? null, conversations: cached.conversations}] : [];
	});
	/** the servers (by URL, else by file) holding each id */
	const holders = new Map<string, Set<string>>();
	for (const {path, server, conversations} of answers) for (const c of conversations) holders.set(c.id, (holders.get(c.id) ?? new Set()).add(server?.url ?? path));
	const state = ohtuiDirectory('state', env);
	const given = new Set<string>();
	const judged = answers.flatMap(({server, conversations}) => {
		const marks = server ? openSeenStore({directory: state, server: server.url}) : null;
		return conversations.flatMap(row => {
			const word = server && holders.get(row.id)!.size > 1 ? `${clean(server.name)}:${clean(row.id)}` : clean(row.id);
			if (given.has(word)) return [];
			given.add(word);
			return [{row, word, state: attentionState(row, marks ? marks.isSeen(row.id, row.updated_at) : true)}];
		});
	});
	return sortByAttention(judged, j => j.state, j => j.row.updated_at).map(({row, word, state}) => `${word}\t${lookText(rowLook(row, state))} · ${maskTitle(row.title).replaceAll('\t', ' ')}`);
}

/**
 * The servers a status summary file names (nothing when it is no summary). Read as the cache is,
 * only when a small regular file (../runtime/smallFile.ts): a FIFO there would hang a Tab.
 */
function summaryServers(path: string): {name: string; url: string; auth: string; keyTag: string}[] {
	try {
		const data = JSON.parse(smallFileText(path, 1024 * 1024) ?? 'null') as {servers?: unknown} | null;
		if (!data || !Array.isArray(data.servers)) return [];
		return (data.servers as Record<string, unknown>[]).filter(
			s => typeof s?.['name'] === 'string' && typeof s['url'] === 'string' && typeof s['auth'] === 'string' && typeof s['keyTag'] === 'string',
		) as {name: string; url: string; auth: string; keyTag: string}[];
	} catch {
		return [];
	}
}

/** `ohtui __complete profiles|conversations`: one candidate per line, nothing on failure. */
export const complete: Command = {
	options: {},
	usage: 'Usage: ohtui __complete profiles|conversations (for the completion scripts)\n',
	async run(ctx) {
		const [what] = ctx.args.positionals;
		let lines: string[] = [];
		try {
			if (what === 'profiles') {
				const loaded = await loadConfigFile(configPath(ctx.io.env));
				lines = Object.keys(loaded.file?.profiles ?? {}).map(clean);
			} else if (what === 'conversations') {
				lines = cachedConversations(ctx.io.env as NodeJS.ProcessEnv);
			}
		} catch {
			// a Tab must never print an error into the command line being typed
		}
		if (lines.length > 0) ctx.io.stdout.write(`${lines.join('\n')}\n`);
		return EXIT.ok;
	},
};
