/**
 * The config file's schema (zod) and its messages. Loaded with a dynamic import only when a config
 * file exists: zod costs about 40 ms of start-up, which a run without a file (demo mode, or
 * everything in flags and env) does not pay.
 */
import {z} from 'zod';
import {choiceList} from './flags.js';
import {printable} from './text.js';
import {badKeyMessage, isSendableKey} from './apiKey.js';
import {credentialsMessage, hasCredentials, isHttpUrl} from './url.js';

const notify = z.enum(['bell', 'desktop', 'both', 'off']);
const theme = z.enum(['auto', 'dark', 'light']);
const logFile = z.string().min(1);
/** a program and its arguments, run without a shell (terminal/notifyCommand.ts) */
const notifyCommand = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** One server to talk to, like a k9s context. */
const profileSchema = z.strictObject({
	url: z
		.string()
		.min(1)
		.refine(isHttpUrl, {message: 'expected an http:// or https:// URL', abort: true})
		.refine(url => !hasCredentials(url), {message: credentialsMessage}),
	apiKey: z.string().min(1).refine(isSendableKey, {message: badKeyMessage}).optional(),
	auth: z.enum(['auto', 'session', 'bearer']).optional(),
	/** seconds */
	refresh: z.number().min(1).optional(),
	/** rows loaded per list at most */
	maxItems: z.number().int().min(100).optional(),
	/** every key that changes something on the server is disabled */
	readOnly: z.boolean().optional(),
	log: logFile.optional(),
	notify: notify.optional(),
	theme: theme.optional(),
});

export const configFileSchema = z.strictObject({
	current: z.string().min(1).optional(),
	/** the profiles ohtui opens together when no flag or OPENHANDS_URL names a server (config/servers.ts) */
	open: z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).optional(),
	profiles: z.record(z.string(), profileSchema).default({}),
	theme: theme.optional(),
	notify: notify.optional(),
	/** run for each announcement of something that needs you, beside `notify` (issue 19 §3) */
	notifyCommand: notifyCommand.optional(),
	log: logFile.optional(),
	/** command name → key or keys; checked against the keymap by resolveConfig */
	keys: z.record(z.string(), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])).optional(),
});

export type Profile = z.infer<typeof profileSchema>;
export type ConfigFile = z.infer<typeof configFileSchema>;

export type CheckResult = {ok: true; file: ConfigFile} | {ok: false; message: string};

/** The parsed file, or one line naming the first field that breaks the schema (never its value). */
export function checkConfigFile(json: unknown): CheckResult {
	const result = configFileSchema.safeParse(json);
	return result.success ? {ok: true, file: result.data} : {ok: false, message: describeIssue(result.error.issues[0])};
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue | undefined): string {
	if (!issue) {
		return 'invalid';
	}

	const where = issue.path.length > 0 ? issue.path.map(part => printable(String(part))).join('.') : '(top level)';
	// one shape, however zod words the part that failed (a string, an empty list, a number)
	if (issue.path[0] === 'open') return 'open: expected "all" or a list of profile names';
	if (issue.path[0] === 'notifyCommand') return 'notifyCommand: expected a program, or a list: the program and its arguments';
	return `${where}: ${issueText(issue)}`;
}

function issueText(issue: Issue): string {
	switch (issue.code) {
		case 'invalid_type': {
			const expected = issue.expected === 'record' || issue.expected === 'object' ? 'an object' : issue.expected;
			return `expected ${expected}`;
		}

		case 'too_small': {
			if (issue.origin === 'string') {
				return 'expected a non-empty string';
			}

			return `expected ${issue.origin} >= ${String(issue.minimum)}`;
		}

		case 'invalid_union': {
			return 'expected a key name or a list of key names';
		}

		case 'invalid_value': {
			return `expected ${choiceList(issue.values.map(value => String(value)))}`;
		}

		case 'unrecognized_keys': {
			const keys = issue.keys.map(key => `"${printable(key)}"`).join(', ');
			return `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`;
		}

		case 'custom': {
			return issue.message;
		}

		default: {
			return 'invalid value';
		}
	}
}
