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
import {SCRUBBED, addKnownSecret} from './knownSecrets.js';
import {clean} from './sanitize.js';

export const MASK = SCRUBBED;

// Words that make a name (env var, query parameter, JSON member, flag, header) secret-looking.
const SECRET_WORDS = new Set([
	'key', 'keys', 'apikey', 'token', 'tokens', 'tkn', 'secret', 'secrets', 'password', 'passwords', 'passwd', 'pass', 'pwd', 'passphrase',
	'auth', 'authorization', 'oauth', 'credential', 'credentials', 'cred', 'creds', 'signature', 'sig', 'dsn', 'pat', 'cookie', 'session',
	'jwt', 'bearer', 'webhook', 'webhooks', 'privatekey',
]);
const SECRET_SUFFIX = /(?:apikey|token|secret|password|passwd|accesskey|secretkey|privatekey|authkey)$/;
// The shell's working directories, not passwords.
const NOT_SECRET = new Set(['pwd', 'oldpwd']);

/** Whether a name (env var, query parameter, JSON member, flag, header) says its value is secret. */
export function isSecretName(name: string): boolean {
	const bare = name.replace(/^-+/, '');
	if (NOT_SECRET.has(bare.toLowerCase())) return false;
	const words = bare
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.map(word => word.replace(/\d+$/, ''));
	return words.some(word => SECRET_WORDS.has(word) || SECRET_SUFFIX.test(word));
}

// Token shapes, by their published prefixes; group 1 is the prefix kept on screen.
const TOKEN_SHAPES: readonly RegExp[] = [
	/(?<![\w-])(sk-|sk_(?:live|test)_|rk_(?:live|test)_|pk_live_)[\w-]{12,}/g,
	/(?<!\w)(gh[pousr]_|github_pat_)\w{20,}/g,
	/(?<!\w)(xox[abposre]-|xapp-)[\w-]{10,}/g,
	/(?<!\w)(glpat-|glptt-|gldt-)[\w-]{16,}/g,
	/(?<![A-Z0-9])((?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{4})[A-Z0-9]{12}(?![A-Z0-9])/g,
	/(?<!\w)(AIza)[\w-]{30,}/g,
	/(?<!\w)(hf_|npm_|lin_api_|tvly-|dop_v1_|shpat_|shpss_|pypi-|SG\.)[\w.-]{16,}/g,
	// JWT: header.payload.signature, each base64url
	/(?<![\w-])(eyJ)[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g,
];
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g;
// Runs of base62 long enough to be random rather than words: at least 32 characters (ids such as
// sandbox names carry 22, git hashes are hex), upper, lower and digits mixed, and high entropy.
const LONG_RUN = /[A-Za-z0-9]{32,}/g;
const URL = /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'<>`]+/gi;

function maskShapes(text: string): string {
	let out = text;
	for (const shape of TOKEN_SHAPES) out = out.replace(shape, (_whole, prefix: string) => `${prefix}${MASK}`);
	return out.replace(LONG_RUN, run => (looksRandom(run, 32) ? MASK : run));
}

/**
 * Upper, lower and digits mixed in short pieces (CamelCase words average 4 or more letters, random
 * text under 3) and about 4 bits of entropy a character: random, not a long name.
 */
function looksRandom(run: string, minLength: number): boolean {
	if (run.length < minLength || !/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/\d/.test(run)) return false;
	const pieces = run.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g)?.length ?? 1;
	if (run.length / pieces >= 3) return false;
	const counts = new Map<string, number>();
	for (const ch of run) counts.set(ch, (counts.get(ch) ?? 0) + 1);
	let entropy = 0;
	for (const n of counts.values()) entropy -= (n / run.length) * Math.log2(n / run.length);
	return entropy >= Math.min(4, Math.log2(run.length) - 0.8);
}

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

const QUOTED_MEMBER = /(["'])([^"']{1,64})\1(\s*:\s*)(["'])((?:\\.|(?!\4)[^\\])*)\4/g;
const ASSIGNMENT = /(?<![\w.-])(-{0,2}[A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|[^\s&;,"'}]+)/g;
const HEADER = /(?<![\w-])([A-Za-z][\w-]*)(:\s*)((?:bearer|basic|token|bot|digest)\s+)?([^\s,;"'}]+)/gi;
const FLAG_VALUE = /(?<!\S)(--?[A-Za-z][\w-]*)(\s+)(?!-)("[^"]*"|'[^']*'|\S+)/g;
const AUTH_SCHEME = /\b(bearer|basic)(\s+)[\w.~+/=-]{6,}/gi;

/** Secret values found by structure (names that say secret) and then by shape, in clean text. */
function maskText(text: string): string {
	if (text === '') return text;
	let out = text.replace(PRIVATE_KEY, MASK).replace(URL, maskUrlText);
	out = out.replace(QUOTED_MEMBER, (whole, q: string, name: string, colon: string, vq: string, value: string) =>
		value && isSecretName(name) ? `${q}${name}${q}${colon}${vq}${MASK}${vq}` : whole,
	);
	out = out.replace(ASSIGNMENT, (whole, name: string, value: string) => {
		if (!isSecretName(name) || value === MASK) return whole;
		const quote = /^["']/.test(value) ? value[0]! : '';
		return `${name}=${quote}${MASK}${quote}`;
	});
	out = out.replace(HEADER, (whole, name: string, colon: string, scheme: string | undefined, value: string) =>
		isSecretName(name) && !value.startsWith('//') && value !== MASK ? `${name}${colon}${scheme ?? ''}${MASK}` : whole,
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
	for (const raw of args) {
		const arg = clean(raw);
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
export function registerKnownSecret(value: string | null | undefined): void {
	if (value) addKnownSecret(value);
}
