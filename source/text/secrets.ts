/**
 * The one place that decides what is a secret on screen (issue 9, items 1-2). Every view that
 * shows server text that may carry credentials (settings, spec details, sandbox urls, events,
 * error lines) goes through these; the rules are tested on a corpus in test/text/secrets.test.ts.
 *
 * Every function takes raw server text, cleans it (control characters, escapes, the registered
 * key) and masks what looks secret, by structure first (URL userinfo and parameters, NAME=value,
 * JSON members, headers, flags with names that say secret) and then by shape (token prefixes such
 * as sk-, ghp_, xoxb-, AKIA; JWTs; long random runs). A masked value reads `••••`; a known token
 * prefix stays (`ghp_••••`) so the kind of credential is still visible.
 */
import {maskCommandArgs, maskCommandText} from './commandSecrets.js';
import {addKnownSecret} from './knownSecrets.js';
import {clean} from './sanitize.js';
import {maskFileFormats, maskKeyBlocks} from './secretFormats.js';
import {MASK, looksRandom, maskShapes} from './secretShapes.js';

export {MASK};

// Words that make a name (env var, query parameter, JSON member, flag, header) secret-looking.
const SECRET_WORDS = new Set([
	'key', 'keys', 'apikey', 'token', 'tokens', 'tkn', 'secret', 'secrets', 'password', 'passwords', 'passwd', 'pass', 'pwd', 'passphrase',
	'auth', 'authorization', 'oauth', 'credential', 'credentials', 'cred', 'creds', 'signature', 'sig', 'dsn', 'pat', 'cookie', 'session',
	'jwt', 'bearer', 'webhook', 'webhooks', 'privatekey', 'pw', 'pword', 'passw',
]);
const SECRET_SUFFIX = /(?:apikey|token|secret|password|passwd|accesskey|secretkey|privatekey|authkey)$/;
// The shell's working directories, not passwords.
const NOT_SECRET = new Set(['pwd', 'oldpwd']);

// A last word that makes the value something about the secret, not the secret (`--password-stdin`,
// `PASSWORD_FILE=/run/secrets/db`, `password_min_length`, `token_count`).
const ABOUT_SECRET = new Set(['stdin', 'file', 'files', 'path', 'dir', 'env', 'var', 'prompt', 'length', 'len', 'count', 'size', 'min', 'max', 'ttl', 'timeout', 'type', 'format', 'id', 'ids', 'header', 'name', 'expiry', 'expires', 'lifetime']);

/** Whether a name (env var, query parameter, JSON member, flag, header) says its value is secret. */
export function isSecretName(name: string): boolean {
	const bare = name.replace(/^-+/, '');
	if (NOT_SECRET.has(bare.toLowerCase())) return false;
	const words = bare
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.map(word => word.replace(/\d+$/, ''))
		.filter(Boolean);
	if (words.length > 1 && ABOUT_SECRET.has(words[words.length - 1]!)) return false;
	return words.some(word => SECRET_WORDS.has(word) || SECRET_SUFFIX.test(word));
}

/**
 * A conversation state update names the field it changed in a member called `key`
 * (`{"key": "execution_status", "value": "running"}`, agent-server doc 4.4): that `key` is the name
 * of a state field, no credential (issue 26 item 17: the event view showed `"key": "••••"`). Only
 * these names, as the agent server's ConversationState has them, pass; any other value of a `key`
 * is judged as before.
 */
const STATE_FIELDS = new Set([
	'execution_status', 'full_state', 'stats', 'last_user_message_id', 'leaf_event_id', 'head_is_empty', 'confirmation_policy', 'security_analyzer',
	'activated_knowledge_skills', 'invoked_skills', 'blocked_actions', 'blocked_messages', 'secret_registry', 'agent_state', 'hook_config', 'title',
	'metrics', 'max_iterations', 'stuck_detection', 'agent', 'workspace', 'persistence_dir', 'tags',
]);

function namesStateField(name: string, value: string): boolean {
	return name.toLowerCase() === 'key' && STATE_FIELDS.has(value.replace(/^["']|["']$/g, ''));
}

const PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----(.*?)(-----END \1-----|$)/g;
const URL = /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'<>`]+/gi;

/** One URL (already clean): userinfo password, secret-named or token-shaped parameters and path segments. */
function maskUrlText(url: string): string {
	const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(url);
	if (!match) return maskShapes(url);
	const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
	let host = authority;
	const at = authority.lastIndexOf('@');
	if (at !== -1) {
		const userinfo = authority.slice(0, at);
		const colon = userinfo.indexOf(':');
		// `user:password@`: the user stays; a bare `token@` (a Sentry DSN's key) goes when it is long.
		const shown = colon !== -1 ? `${userinfo.slice(0, colon)}:${MASK}` : userinfo.length >= 12 || isSecretName(userinfo) ? MASK : userinfo;
		host = `${shown}@${authority.slice(at + 1)}`;
	}
	const queryStart = rest.search(/[?#]/);
	const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
	const tail = queryStart === -1 ? '' : rest.slice(queryStart);
	const maskedPath = path
		.split('/')
		.map(segment => {
			const shaped = maskShapes(segment);
			if (shaped !== segment) return shaped;
			// a key as a path segment (`/services/T0/B0/<24 random>`): a lower bar than in free text, still
			// above the 22 random characters of a sandbox id
			return segment.split(/[-_.]/).some(piece => looksRandom(piece, 24)) ? MASK : segment;
		})
		.join('/');
	const maskedTail = tail.replace(/([?&#;])([^=&#;]*)(=?)([^&#;]*)/g, (whole, sep: string, name: string, eq: string, value: string) => {
		if (!eq) return sep + maskShapes(name);
		if (value && isSecretName(decodeSafe(name))) return `${sep}${name}=${MASK}`;
		return `${sep}${name}=${maskShapes(value)}`;
	});
	return scheme + host + maskedPath + maskedTail;
}

function decodeSafe(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * `name = value` with spaces (INI, TOML, `~/.aws/credentials`, Python, `:=`, `=>`), issue 21 item 3.
 * A value that reads as code (a call, an index, a dotted name) or a small number is no secret.
 */
const SPACED_ASSIGNMENT = /(?<![\w.-])([A-Za-z_][\w.-]*)(\s+(?:=|:=|=>)\s*|(?:=|:=|=>)\s+)(?![=>])("[^"\n]*"|'[^'\n]*'|[^\s&;,"'}#()[\]]+)(?![([.\w])/g;
const NOT_A_SECRET_VALUE = /^(?:\d{1,6}|true|false|null|none|nil|yes|no|on|off|["']{2}|\$.*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)$/i;
// a hex key beside a word that names it, in prose (`the Datadog API key 3f8a… is invalid`):
// alone, 32 hex digits are as likely a conversation id
const NAMED_HEX = /((?<![A-Za-z])(?:key|keys|token|secret|password|passwd|apikey|auth)(?![A-Za-z])[^\n]{0,24}?)(?<![0-9a-fA-F])([0-9a-f]{32,64}|[0-9A-F]{32,64})(?![0-9a-fA-F])/gi;

const QUOTED_MEMBER = /(["'])([^"']{1,64})\1(\s*(?::|=>)\s*)(["'])((?:\\.|(?!\4)[^\\])*)\4/g;
const ASSIGNMENT = /(?<![\w.-])(-{0,2}[A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|[^\s&;,"'}]+)/g;
const HEADER = /(?<![\w-])([A-Za-z][\w-]*)(:\s*)((?:bearer|basic|token|bot|digest)\s+)?([^\s,;"'}]+)/gi;
const FLAG_VALUE = /(?<!\S)(--?[A-Za-z][\w-]*)(\s+)(?!-)("[^"]*"|'[^']*'|\S+)/g;
const AUTH_SCHEME = /\b(bearer|basic)(\s+)[\w.~+/=-]{6,}/gi;

/** Secret values found by structure (names that say secret) and then by shape, in clean text. */
function maskText(text: string): string {
	if (text === '') return text;
	const keys = text.replace(PRIVATE_KEY, (whole, label: string, body: string, end: string) =>
		body.trim() === MASK ? whole : `-----BEGIN ${label}----- ${MASK}${end ? ` ${end}` : ''}`,
	);
	let out = maskCommandText(maskFileFormats(keys)).replace(URL, maskUrlText);
	out = out.replace(QUOTED_MEMBER, (whole, q: string, name: string, colon: string, vq: string, value: string) =>
		value && isSecretName(name) && !namesStateField(name, value) ? `${q}${name}${q}${colon}${vq}${MASK}${vq}` : whole,
	);
	const assigned = (whole: string, name: string, sign: string, value: string): string => {
		if (!isSecretName(name) || value.includes(MASK) || NOT_A_SECRET_VALUE.test(value) || namesStateField(name, value)) return whole;
		const quote = /^["']/.test(value) ? value[0]! : '';
		return `${name}${sign}${quote}${MASK}${quote}`;
	};
	out = out.replace(ASSIGNMENT, (whole, name: string, value: string) => assigned(whole, name, '=', value));
	out = out.replace(SPACED_ASSIGNMENT, assigned);
	out = out.replace(NAMED_HEX, (_whole, head: string) => `${head}${MASK}`);
	out = out.replace(HEADER, (whole, name: string, colon: string, scheme: string | undefined, value: string) =>
		isSecretName(name) && !value.startsWith('//') && value !== MASK && !namesStateField(name, value) ? `${name}${colon}${scheme ?? ''}${MASK}` : whole,
	);
	out = out.replace(FLAG_VALUE, (whole, flag: string, space: string, value: string) =>
		isSecretName(flag) && !value.includes(MASK) ? `${flag}${space}${MASK}` : whole,
	);
	out = out.replace(AUTH_SCHEME, (_whole, scheme: string, space: string) => `${scheme}${space}${MASK}`);
	return maskShapes(out);
}

/** Free text (a command line, an output line, an error): masks every secret found by structure or shape. */
export function maskSecrets(text: string | null | undefined): string {
	return maskText(clean(text));
}

const titles = new Map<string, string>();

/**
 * A conversation's title, cleaned and masked (issue 21 item 2): OpenHands writes the title from the
 * first user message, so a token pasted there was on the list, in details, in the activity header and
 * in every notification. Titles are drawn at every frame: the answers are kept (500 at most).
 */
export function maskTitle(title: string | null | undefined): string {
	if (!title) return '';
	let shown = titles.get(title);
	if (shown === undefined) {
		if (titles.size >= 500) titles.clear();
		shown = maskSecrets(title);
		titles.set(title, shown);
	}
	return shown;
}

/** A URL: userinfo passwords, secret-looking query parameters, keys as path segments. */
export function maskUrlSecrets(url: string | null | undefined): string {
	const text = clean(url);
	return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? maskUrlText(text) : maskText(text);
}

/**
 * argv of a command (MCP stdio servers, spec commands): the value after a secret-looking flag
 * (`--api-key VALUE`), NAME=value pairs, headers, JSON and token shapes inside each argument. An
 * argument with spaces is shown in quotes so the line still reads as the command it is.
 */
export function maskArgv(args: readonly string[]): string {
	const out: string[] = [];
	let hideNext = false;
	for (const arg of maskCommandArgs(args.map(raw => clean(raw)))) {
		if (hideNext && arg !== '' && !arg.startsWith('-')) {
			out.push(MASK);
			hideNext = false;
			continue;
		}
		hideNext = /^--?[A-Za-z][\w-]*$/.test(arg) && isSecretName(arg);
		const masked = maskText(arg);
		out.push(/\s/.test(masked) || masked === '' ? `"${masked}"` : masked);
	}
	return out.join(' ');
}

/** An environment variable's value, judged by its name and by its shape. */
export function maskEnvValue(name: string, value: string | null | undefined): string {
	if (isSecretName(clean(name))) return value ? MASK : '';
	return maskSecrets(value);
}

/**
 * Registers the user's own API key (and any other value known to be secret) so every string shown
 * is scrubbed of it, invisible characters removed first. A value shorter than 8 characters is only
 * scrubbed as a whole token.
 */
export function registerKnownSecret(value: string | null | undefined, options: {pinned?: boolean} = {}): void {
	if (value) addKnownSecret(value, options.pinned === true);
}
