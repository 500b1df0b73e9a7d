/**
 * A command's argument list: its own options (a table per command), the server selection every
 * command shares with the TUI (`--url`, `--profile`, `--auth`, `--log`, …, checked by the TUI's own
 * parser in config/flags.ts, so both read them alike), and positionals. Tokenised by node:util's
 * parseArgs like the TUI's flags: `--flag value`, `--flag=value`, `--` ends the flags (a message
 * may start with a dash), `-` is a positional (standard input). Messages never repeat a value.
 */
import {parseArgs as parseTokens} from 'node:util';
import {UsageError} from '../config/errors.js';
import {OPTIONS as SERVER_OPTIONS, parseArgs as parseServerFlags, unknownFlagMessage, type Flags} from '../config/flags.js';

export type OptionSpec = Readonly<Record<string, {type: 'string' | 'boolean'}>>;

export type CommandArgs = {
	positionals: string[];
	/** the command's string options, by name */
	values: Readonly<Record<string, string>>;
	/** the command's boolean options that were given */
	switches: ReadonlySet<string>;
	/** the server selection and the rest of the TUI's flags */
	flags: Flags;
};

const NOT_HERE = new Set(['help', 'version']);

export function parseCommandArgs(argv: readonly string[], spec: OptionSpec): CommandArgs | 'help' {
	const options = {...SERVER_OPTIONS, ...spec, help: {type: 'boolean' as const, short: 'h'}};
	const {tokens} = parseTokens({args: [...argv], options, strict: false, allowPositionals: true, tokens: true});
	const positionals: string[] = [];
	const values: Record<string, string> = {};
	const switches = new Set<string>();
	const serverArgv: string[] = [];
	for (const token of tokens) {
		if (token.kind === 'option-terminator') continue;
		if (token.kind === 'positional') {
			positionals.push(token.value);
			continue;
		}
		const {name, rawName} = token;
		if (name === 'help') return 'help';
		const own = Object.hasOwn(spec, name) ? spec[name] : undefined;
		const server = !own && Object.hasOwn(SERVER_OPTIONS, name) && !NOT_HERE.has(name) ? SERVER_OPTIONS[name as keyof typeof SERVER_OPTIONS] : undefined;
		const type = own?.type ?? server?.type;
		if (!type) throw new UsageError(unknownFlagMessage(rawName));
		if (type === 'boolean') {
			if (token.value !== undefined) throw new UsageError(`${rawName} does not take a value`);
			if (own) switches.add(name);
			else serverArgv.push(`--${name}`);
			continue;
		}
		const {value} = token;
		// `--limit --json`: parseArgs takes the next flag as the value; a forgotten value is likelier
		if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--') && value.length > 2)) {
			throw new UsageError(`--${name} needs a value`);
		}
		if (own) values[name] = value;
		else serverArgv.push(`--${name}=${value}`);
	}
	const parsed = parseServerFlags(serverArgv);
	if (parsed.command !== 'run') throw new UsageError('unexpected argument');
	return {positionals, values, switches, flags: parsed.flags};
}

/** `--limit 20`: a whole number in range, or a usage error naming the flag (not the value). */
export function wholeNumber(values: Readonly<Record<string, string>>, name: string, min: number, max: number): number | undefined {
	const text = values[name];
	if (text === undefined) return undefined;
	const n = Number(text);
	if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
		throw new UsageError(`--${name}: expected a whole number from ${min} to ${max}`);
	}
	return n;
}

/** `--timeout 90` / `--timeout 1.5`: seconds, > 0. */
export function secondsOption(values: Readonly<Record<string, string>>, name: string, max = 7 * 24 * 3600): number | undefined {
	const text = values[name];
	if (text === undefined) return undefined;
	const n = Number(text);
	if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || n > max) throw new UsageError(`--${name}: expected a number of seconds > 0`);
	return n;
}

/** One of a fixed set of words. */
export function choice<T extends string>(values: Readonly<Record<string, string>>, name: string, choices: readonly T[]): T | undefined {
	const text = values[name];
	if (text === undefined) return undefined;
	if (!(choices as readonly string[]).includes(text)) throw new UsageError(`--${name}: expected ${choices.map(c => `"${c}"`).join(', ')}`);
	return text as T;
}
