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
import {STATUS_WORDS, UNTIL_WORDS} from '../present/states.js';
import {ohtuiDirectory} from '../runtime/xdg.js';
import {clean} from '../text/sanitize.js';
import {maskTitle} from '../text/secrets.js';
import type {Command} from './context.js';
import {EXIT} from './exitCodes.js';
import {completionScript, type CommandSpec} from './completionScripts.js';
import {readCache} from './statusCache.js';

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
	completion: 'shells',
};

/** Flags whose values come from a fixed list. */
export const FLAG_VALUES: Record<string, readonly string[]> = {
	auth: ['auto', 'session', 'bearer'],
	notify: ['bell', 'desktop', 'both', 'off'],
	theme: ['auto', 'dark', 'light'],
	until: UNTIL_WORDS,
	status: STATUS_WORDS,
};

const SERVER_FLAGS = Object.entries(SERVER_OPTIONS)
	.filter(([name]) => name !== 'help' && name !== 'version')
	.map(([name, option]) => ({name, value: option.type === 'string'}));

async function specs(): Promise<CommandSpec[]> {
	const {ls} = await import('./ls.js');
	const {show} = await import('./show.js');
	const {send} = await import('./send.js');
	const agent = await import('./agentCommands.js');
	const {newConversation} = await import('./newConversation.js');
	const {wait} = await import('./wait.js');
	const {status} = await import('./status.js');
	const commands: Record<string, Command | null> = {ls, show, send, approve: agent.approve, reject: agent.reject, pause: agent.pause, run: agent.run, new: newConversation, wait, status, completion, serve: null, doctor: null};
	return Object.entries(commands).map(([name, command]) => ({
		name,
		summary: SUMMARIES[name] ?? '',
		argument: ARGUMENTS[name] ?? null,
		flags: [...Object.entries(command?.options ?? {}).map(([flag, option]) => ({name: flag, value: option.type === 'string'})), ...(command ? SERVER_FLAGS : [])],
	}));
}

export const completion: Command = {
	options: {},
	usage: `Usage: ohtui completion bash|zsh|fish

  bash   source <(ohtui completion bash)              (in ~/.bashrc)
  zsh    ohtui completion zsh > "\${fpath[1]}/_ohtui"   (then restart zsh)
  fish   ohtui completion fish > ~/.config/fish/completions/ohtui.fish
`,
	async run(ctx) {
		const [shell, ...rest] = ctx.args.positionals;
		if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') throw new UsageError('expected bash, zsh or fish');
		if (rest.length > 0) throw new UsageError('one shell at a time');
		ctx.io.stdout.write(completionScript(shell, await specs(), SERVER_FLAGS, FLAG_VALUES));
		return EXIT.ok;
	},
};

/** Ids (and titles) from `ohtui status`'s cache files: every server's, newest first. */
function cachedConversations(env: NodeJS.ProcessEnv): string[] {
	const directory = join(ohtuiDirectory('cache', env), 'status');
	let names: string[] = [];
	try {
		names = readdirSync(directory).filter(name => name.endsWith('.json'));
	} catch {
		return [];
	}
	const rows = names.flatMap(name => {
		const cached = readCache(join(directory, name));
		return cached?.ok ? cached.conversations : [];
	});
	rows.sort((a, b) => b.updated_at - a.updated_at);
	const seen = new Set<string>();
	return rows.filter(r => !seen.has(r.id) && seen.add(r.id)).map(r => `${clean(r.id)}\t${maskTitle(r.title).replaceAll('\t', ' ')}`);
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
