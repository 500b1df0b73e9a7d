import {UsageError} from './errors.js';
import {printable} from './text.js';

export type AuthMode = 'session' | 'bearer';

/** What the command line asked for; every field is optional so lower layers can fill it. */
export type Flags = {
	url?: string;
	profile?: string;
	/** seconds */
	refresh?: number;
	/** cap on rows loaded per list */
	maxItems?: number;
	auth?: AuthMode;
	demo?: boolean;
};

export type ParsedArgs =
	| {command: 'run'; flags: Flags}
	| {command: 'serve'; argv: string[]}
	| {command: 'doctor'; argv: string[]}
	| {command: 'help'}
	| {command: 'version'};

const valueFlags = new Set(['--url', '--profile', '--refresh', '--max-items', '--auth']);

/**
 * `ohtui [--url URL] [--profile NAME] [--refresh SECONDS] [--max-items N] [--auth session|bearer] [--demo]`,
 * `ohtui serve ...`, `--help`, `--version`.
 *
 * Parsed by hand rather than with util.parseArgs so every message is one short line and never
 * repeats a flag's value: someone may paste a key after a flag that does not exist, and the
 * message must not echo it back into the terminal's scrollback.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
	if (argv[0] === 'serve') {
		return {command: 'serve', argv: argv.slice(1)};
	}

	if (argv[0] === 'doctor') {
		return {command: 'doctor', argv: argv.slice(1)};
	}

	const flags: Flags = {};
	for (let index = 0; index < argv.length; index++) {
		const argument = argv[index]!;
		if (argument === '--help' || argument === '-h') {
			return {command: 'help'};
		}

		if (argument === '--version' || argument === '-v') {
			return {command: 'version'};
		}

		if (argument === '--demo') {
			flags.demo = true;
			continue;
		}

		if (!argument.startsWith('-')) {
			throw new UsageError(unexpectedArgumentMessage(argument));
		}

		const equals = argument.indexOf('=');
		const name = equals === -1 ? argument : argument.slice(0, equals);
		if (!valueFlags.has(name)) {
			throw new UsageError(unknownFlagMessage(name));
		}

		let value: string | undefined;
		if (equals === -1) {
			value = argv[index + 1];
			if (value === undefined || (value.startsWith('--') && value.length > 2)) {
				throw new UsageError(`${name} needs a value`);
			}

			index++;
		} else {
			value = argument.slice(equals + 1);
		}

		applyValue(flags, name, value);
	}

	return {command: 'run', flags};
}

function applyValue(flags: Flags, name: string, value: string): void {
	if (value === '') {
		throw new UsageError(`${name} needs a value`);
	}

	switch (name) {
		case '--url': {
			flags.url = value;
			break;
		}

		case '--profile': {
			flags.profile = value;
			break;
		}

		case '--refresh': {
			const seconds = Number(value);
			if (!Number.isFinite(seconds) || seconds < 1) {
				throw new UsageError('--refresh: expected a number of seconds >= 1');
			}

			flags.refresh = seconds;
			break;
		}

		case '--max-items': {
			const count = Number(value);
			if (!Number.isSafeInteger(count) || count < 100) {
				throw new UsageError('--max-items: expected a whole number >= 100');
			}

			flags.maxItems = count;
			break;
		}

		case '--auth': {
			if (value !== 'session' && value !== 'bearer') {
				throw new UsageError('--auth: expected "session" or "bearer"');
			}

			flags.auth = value;
			break;
		}

		default: {
			throw new UsageError(unknownFlagMessage(name));
		}
	}
}

function unexpectedArgumentMessage(argument: string): string {
	if (argument === 'help') {
		return 'unknown command "help" (did you mean --help?)';
	}

	// Echo only what looks like a mistyped command word, never an arbitrary token (a pasted key).
	return /^[a-z]{1,12}$/.test(argument)
		? `unknown command "${argument}" (the only command is "serve")`
		: 'unexpected argument (the only command is "serve")';
}

function unknownFlagMessage(name: string): string {
	if (/^--?(api-?key|key|token)$/i.test(name)) {
		// Arguments are visible to every user of the machine through `ps`.
		return `${printable(name)} is not supported (arguments show in ps): set OPENHANDS_API_KEY or put apiKey in the config file`;
	}

	return `unknown flag ${printable(name)}`;
}
