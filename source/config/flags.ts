import {parseArgs as parseTokens} from 'node:util';
import {UsageError} from './errors.js';
import {printable} from './text.js';

export type AuthMode = 'auto' | 'session' | 'bearer';
export type NotifyMode = 'bell' | 'desktop' | 'both' | 'off';
export type ThemeName = 'auto' | 'dark' | 'light';

/** What the command line asked for; every field is optional so lower layers can fill it. */
export type Flags = {
	url?: string;
	/** one profile name, or several separated by commas (`--profile work,laptop`) */
	profile?: string;
	/** `--all`: every profile in the config file */
	all?: boolean;
	/** seconds */
	refresh?: number;
	/** cap on rows loaded per list */
	maxItems?: number;
	auth?: AuthMode;
	demo?: boolean;
	/** `--log FILE` */
	log?: string;
	notify?: NotifyMode;
	readOnly?: boolean;
	theme?: ThemeName;
	/** `--needs-you`: the TUI opens on the needs-you list (`!`) */
	needsYou?: boolean;
};

/** The scripting commands (issue 20, source/commands/); `__complete` serves the completion scripts. */
export const COMMAND_NAMES = ['ls', 'show', 'send', 'approve', 'reject', 'pause', 'run', 'new', 'wait', 'status', 'diff', 'exec', 'cp', 'trajectory', 'completion', '__complete'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export function isCommandName(value: string | undefined): value is CommandName {
	return (COMMAND_NAMES as readonly (string | undefined)[]).includes(value);
}

export type ParsedArgs =
	| {command: 'run'; flags: Flags}
	| {command: 'serve'; argv: string[]}
	| {command: 'doctor'; argv: string[]}
	| {command: 'command'; name: CommandName; argv: string[]}
	| {command: 'help'}
	| {command: 'version'};

export const OPTIONS = {
	url: {type: 'string'},
	profile: {type: 'string'},
	refresh: {type: 'string'},
	'max-items': {type: 'string'},
	auth: {type: 'string'},
	log: {type: 'string'},
	notify: {type: 'string'},
	theme: {type: 'string'},
	demo: {type: 'boolean'},
	all: {type: 'boolean'},
	'read-only': {type: 'boolean'},
	'needs-you': {type: 'boolean'},
	help: {type: 'boolean', short: 'h'},
	version: {type: 'boolean', short: 'v'},
} as const;

type OptionName = keyof typeof OPTIONS;

const CHOICES = {
	auth: ['auto', 'session', 'bearer'],
	notify: ['bell', 'desktop', 'both', 'off'],
	theme: ['auto', 'dark', 'light'],
} as const;

/**
 * `ohtui [flags]`, `ohtui serve ...`, `ohtui doctor ...`, `--help`, `--version`.
 *
 * Tokenised by node:util's parseArgs (so `--flag=value`, `-hv` and `--` mean what they mean in
 * other CLIs), then checked here rather than by parseArgs' strict mode so every message is one
 * short line that never repeats a value: someone may paste a key after a flag that does not
 * exist, and the message must not echo it back into the terminal's scrollback.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
	const found = findCommand(argv);
	if (found) {
		return withCommand(found);
	}

	const {tokens} = parseTokens({args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true});
	const flags: Flags = {};
	for (const token of tokens) {
		if (token.kind === 'option-terminator') {
			continue;
		}

		if (token.kind === 'positional') {
			throw new UsageError(unexpectedArgumentMessage(token.value));
		}

		const {rawName} = token;
		if (!Object.hasOwn(OPTIONS, token.name)) {
			throw new UsageError(unknownFlagMessage(rawName));
		}

		const name = token.name as OptionName;
		const option = OPTIONS[name];
		if (option.type === 'boolean') {
			if (token.value !== undefined) {
				throw new UsageError(`${rawName} does not take a value`);
			}

			if (name === 'help') {
				return {command: 'help'};
			}

			if (name === 'version') {
				return {command: 'version'};
			}

			if (name === 'demo') {
				flags.demo = true;
			} else if (name === 'needs-you') {
				flags.needsYou = true;
			} else if (name === 'all') {
				flags.all = true;
			} else {
				flags.readOnly = true;
			}

			continue;
		}

		const {value} = token;
		// `--url --demo`: parseArgs takes the next flag as the value; a forgotten value is likelier.
		if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--') && value.length > 2)) {
			throw new UsageError(`--${name} needs a value`);
		}

		applyValue(flags, name, value);
	}

	return {command: 'run', flags};
}

type Found = {word: CommandName | 'serve' | 'doctor'; before: string[]; after: string[]};

/**
 * The command word and the arguments on either side of it: global flags may come before the
 * command as well as after it (`ohtui --profile local ls`, as gh and kubectl read them). The first
 * argument that is no flag and no flag's value is the command, if it names one; after `--` none is.
 */
export function findCommand(argv: readonly string[]): Found | null {
	const {tokens} = parseTokens({args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true});
	for (const token of tokens) {
		if (token.kind === 'option-terminator') return null;
		if (token.kind !== 'positional') continue;
		const word = token.value;
		if (word !== 'serve' && word !== 'doctor' && !isCommandName(word)) return null;
		return {word, before: argv.slice(0, token.index), after: argv.slice(token.index + 1)};
	}
	return null;
}

/**
 * The flags before the command are checked as the app's (one line each, no value repeated) and go
 * to the command ahead of its own arguments, which read them as they read them after it. `serve`
 * takes none of them (it serves, it does not connect): only `--help`.
 */
function withCommand({word, before, after}: Found): ParsedArgs {
	let head: ParsedArgs = {command: 'run', flags: {}};
	if (before.length > 0) {
		try {
			head = parseArgs(before);
		} catch (error) {
			if (error instanceof UsageError && error.message.startsWith('unknown flag')) throw new UsageError(`${error.message} (${word}'s own flags go after it)`);
			throw error;
		}
	}
	if (head.command === 'version') return head;
	if (word === 'serve') {
		if (head.command === 'help') return {command: 'serve', argv: ['--help', ...after]};
		if (before.length > 0) throw new UsageError('serve takes no global flags: its own go after it (ohtui serve --help)');
		return {command: 'serve', argv: after};
	}
	const argv = [...before, ...after];
	return word === 'doctor' ? {command: 'doctor', argv} : {command: 'command', name: word, argv};
}

function applyValue(flags: Flags, name: OptionName, value: string): void {
	switch (name) {
		case 'url': {
			flags.url = value;
			break;
		}

		case 'profile': {
			flags.profile = value;
			break;
		}

		case 'log': {
			flags.log = value;
			break;
		}

		case 'refresh': {
			const seconds = Number(value);
			if (!Number.isFinite(seconds) || seconds < 1) {
				throw new UsageError('--refresh: expected a number of seconds >= 1');
			}

			flags.refresh = seconds;
			break;
		}

		case 'max-items': {
			const count = Number(value);
			if (!Number.isSafeInteger(count) || count < 100) {
				throw new UsageError('--max-items: expected a whole number >= 100');
			}

			flags.maxItems = count;
			break;
		}

		case 'auth':
		case 'notify':
		case 'theme': {
			const choices: readonly string[] = CHOICES[name];
			if (!choices.includes(value)) {
				throw new UsageError(`--${name}: expected ${choiceList(choices)}`);
			}

			(flags as Record<string, string>)[name] = value;
			break;
		}

		default: {
			throw new UsageError(unknownFlagMessage(`--${name}`));
		}
	}
}

/** `"a", "b" or "c"` */
export function choiceList(choices: readonly string[]): string {
	const quoted = choices.map(choice => `"${choice}"`);
	return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}` : quoted.join('');
}

function unexpectedArgumentMessage(argument: string): string {
	if (argument === 'help') {
		return 'unknown command "help" (did you mean --help?)';
	}

	// Echo only what looks like a mistyped command word, never an arbitrary token (a pasted key).
	if (!/^[a-z]{1,12}$/.test(argument)) return `unexpected argument (${COMMAND_HINT})`;
	const likely = Object.hasOwn(LIKELY, argument) ? LIKELY[argument] : undefined;
	return `unknown command "${argument}" (${likely ? `did you mean ${likely}? ` : ''}${COMMAND_HINT})`;
}

const COMMAND_HINT = 'see ohtui --help for the commands';
/** words other CLIs use for ours */
const LIKELY: Record<string, CommandName> = {list: 'ls', get: 'show', view: 'show', create: 'new', start: 'new', accept: 'approve', deny: 'reject', resume: 'run', watch: 'wait'};

export function unknownFlagMessage(name: string): string {
	if (/^--?(api-?key|key|token)$/i.test(name)) {
		// Arguments are visible to every user of the machine through `ps`.
		return `${printable(name)} is not supported (arguments show in ps): set OPENHANDS_API_KEY or put apiKey in the config file`;
	}

	return `unknown flag ${printable(name)}`;
}
