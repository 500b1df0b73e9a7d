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
import {addKnownSecret, scrubKnown} from './knownSecrets.js';
import {clean} from './sanitize.js';
import {maskFileFormats, maskPairs} from './secretFormats.js';
import {hidesValue, isSecretName} from './secretNames.js';
import {MASK, maskShapes} from './secretShapes.js';
import {maskUrl, maskUrls} from './secretUrls.js';

export {MASK, isSecretName};

const PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----(.*?)(-----END \1-----|$)/g;

/**
 * `name = value` with spaces (INI, TOML, `~/.aws/credentials`, Python, `:=`, `=>`), issue 21 item 3.
 * A value that reads as code (a call, an index, a dotted name) or a small number is no secret.
 */
const SPACED_ASSIGNMENT = /(?<![\w.-])([A-Za-z_][\w.-]*)(\s+(?:=|:=|=>)\s*|(?:=|:=|=>)\s+)(?![=>])("[^"\n]*"|'[^'\n]*'|[^\s&;,"'}#()[\]]+)(?![([.\w])/g;
// a hex key beside a word that names it, in prose (`the Datadog API key 3f8a… is invalid`, `DD_API_KEY
// 3f8a…`, `accessKey 3f8a…`): alone, 32 hex digits are as likely a conversation id or an md5 sum
const HEX_KEY = '(?<![0-9a-fA-F])([0-9a-f]{32,64}|[0-9A-F]{32,64})(?![0-9a-fA-F])';
const NAMED_HEX = new RegExp(`((?<![A-Za-z])(?:key|keys|token|secret|password|passwd|apikey|auth)(?![A-Za-z])[^\\n]{0,24}?)${HEX_KEY}`, 'gi');
const CAMEL_NAMED_HEX = new RegExp(`((?<=[a-z])(?:Key|Keys|Token|Secret|Password)(?![a-z])[^\\n]{0,24}?)${HEX_KEY}`, 'g');

const QUOTED_MEMBER = /(["'])([^"']{1,64})\1(\s*(?::|=>)\s*)(["'])((?:\\.|(?!\4)[^\\])*)\4/g;
const ASSIGNMENT = /(?<![\w.-])(-{0,2}[A-Za-z_][\w.-]*)=("[^"]*"|'[^']*'|[^\s&;,"'}]+)/g;
// `Name: value`, a header or YAML; the name and the value may be quoted or in backticks (`` `OPENAI_API_KEY`: `…` ``),
// not a list or an object (`"keys": [`)
const HEADER = /(?<![\w-])([A-Za-z][\w-]*)(["'`]?)(:\s*)((?:bearer|basic|token|bot|digest)\s+)?(["'`]?)(?![[{])([^\s,;"'`}]+)/gi;
// `OPENAI_API_KEY is sk-…` in a sentence: an environment variable's name, then the value
const SAID_IS = /(?<![\w$])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(\s+(?:is|was|to|as)\s+)(["'`]?)([^\s"'`,;]*[^\s"'`,;.])/g;
// a redirection after a flag is none of its value (`gh auth login --with-token <<< …`)
const FLAG_VALUE = /(?<!\S)(--?[A-Za-z][\w-]*)(\s+)(?![-<>|])("[^"]*"|'[^']*'|\S+)/g;
// a JSON member inside a JSON string, its quotes escaped (`{\"password\":\"…\"}`: a request body in a
// log line, a tool's arguments quoted), found by the verification after round 4
const ESCAPED_MEMBER = /\\(["'])([^"'\\\n]{1,64})\\\1(\s*:\s*)\\(["'])((?:(?!\\\4)[^\n])*)\\\4/g;
// `my password is …`, `the API key was: …` in prose: a word that names a secret, then its value; a
// value that reads as a word (`is required`) or as a variable is none
const PROSE_SECRET = /\b((?:password|passphrase|passwd|secret|token|(?:api|access|secret)[ _-]key)s?)(\s+(?:is|was)(?::\s*|\s+))(["'`]?)([^\s"'`,;]*[^\s"'`,;.!?:])/gi;
const AUTH_SCHEME = /\b(bearer|basic)(\s+)[\w.~+/=-]{6,}/gi;
// the quick tests before the rules above
const HEX_RUN = /[0-9a-fA-F]{32}/;
const SAID = /_[A-Z0-9]+\s+(?:is|was|to|as)\s/;
const PROSE = /(?:password|passphrase|passwd|secret|token|key)s?\s+(?:is|was)\b/i;
const SCHEME = /bearer|basic/i;
const NAME_AND_COLON = /^[A-Za-z][\w-]*:$/;

/** Words, not a credential: "DB_PASSWORD is missing", "the key is Required". */
const readsAsWord = (value: string) => /^[A-Za-z][a-z]*$/.test(value);

/**
 * `Name: value` pairs masked where the name says secret. A value that is itself a name is looked at
 * again as one: in `command: password: 1234`, `password:` is `command`'s value and a name.
 */
function maskHeaders(text: string): string {
	let out = '';
	let done = 0;
	HEADER.lastIndex = 0;
	for (let match = HEADER.exec(text); match; match = HEADER.exec(text)) {
		const [whole, name, nq, colon, scheme, vq, value] = match as unknown as [string, string, string, string, string | undefined, string, string];
		if (value.startsWith('//') || value.includes(MASK) || !(scheme ? isSecretName(name) : hidesValue(name, `${vq}${value}${vq}`))) {
			// a value that is a name and its colon is the next name: the search goes on from it (only
			// then: a value `a:a:a:…` searched again from every colon was quadratic)
			if (NAME_AND_COLON.test(value)) HEADER.lastIndex = match.index + whole.length - value.length;
			continue;
		}
		out += `${text.slice(done, match.index)}${name}${nq}${colon}${scheme ?? ''}${vq}${MASK}`;
		done = match.index + whole.length;
	}
	return out + text.slice(done);
}

/** Secret values found by structure (names that say secret) and then by shape, in clean text. */
function maskText(text: string): string {
	if (text === '') return text;
	const keys = text.includes('-----BEGIN ')
		? text.replace(PRIVATE_KEY, (whole, label: string, body: string, end: string) => (body.trim() === MASK ? whole : `-----BEGIN ${label}----- ${MASK}${end ? ` ${end}` : ''}`))
		: text;
	let out = maskUrls(maskCommandText(maskPairs(maskFileFormats(keys))));
	// each rule runs where the text has what it looks for (a row is masked in a few µs)
	if (/["']/.test(out) && (out.includes(':') || out.includes('=>'))) {
		out = out.replace(QUOTED_MEMBER, (whole, q: string, name: string, colon: string, vq: string, value: string) =>
			hidesValue(name, `${vq}${value}${vq}`) && !value.includes(MASK) ? `${q}${name}${q}${colon}${vq}${MASK}${vq}` : whole,
		);
	}
	if (out.includes('=')) {
		const assigned = (whole: string, name: string, sign: string, value: string): string => {
			// a flag's value that is itself an assignment (`--from-literal=password=…`, `--env=API_TOKEN=…`)
			const inner = value.includes(MASK) || hidesValue(name, value) ? null : /^([A-Za-z_][\w.-]*)=(.+)$/s.exec(value);
			if (inner && hidesValue(inner[1]!, inner[2]!)) return `${name}${sign}${inner[1]}=${MASK}`;
			if (value.includes(MASK)) return whole;
			if (!hidesValue(name, value)) {
				// assignments inside a quoted value (`-var="db_password=…"`, `connectionString="…;Password=…;"`):
				// matched whole under a name that says nothing, the ones inside were skipped (verify-secrets)
				const quoted = /^(["'])([^]*=[^]*)\1$/.exec(value);
				const masked = quoted?.[2]!.replace(ASSIGNMENT, (w, n: string, v: string) => assigned(w, n, '=', v));
				return quoted && masked !== quoted[2] ? `${name}${sign}${quoted[1]}${masked}${quoted[1]}` : whole;
			}
			const quote = /^["']/.test(value) ? value[0]! : '';
			return `${name}${sign}${quote}${MASK}${quote}`;
		};
		// in an XML tag, `key="LogLevel"` names the `value=` beside it (./secretFormats.ts masks that one)
		const namesValue = (name: string, rest: string) => name === 'key' && /^[^<>\n]*\svalue=/.test(rest);
		out = out.replace(ASSIGNMENT, (whole, name: string, value: string, at: number, all: string) =>
			namesValue(name, all.slice(at + whole.length)) ? whole : assigned(whole, name, '=', value),
		);
		out = out.replace(SPACED_ASSIGNMENT, assigned);
	}
	if (out.includes('\\"') || out.includes("\\'")) {
		out = out.replace(ESCAPED_MEMBER, (whole, q: string, name: string, colon: string, vq: string, value: string) =>
			hidesValue(name, value) && !value.includes(MASK) ? `\\${q}${name}\\${q}${colon}\\${vq}${MASK}\\${vq}` : whole,
		);
	}
	if (HEX_RUN.test(out)) out = out.replace(NAMED_HEX, (_whole, head: string) => `${head}${MASK}`).replace(CAMEL_NAMED_HEX, (_whole, head: string) => `${head}${MASK}`);
	if (out.includes(':')) out = maskHeaders(out);
	if (SAID.test(out)) {
		out = out.replace(SAID_IS, (whole, name: string, is: string, q: string, value: string) =>
			readsAsWord(value) || value.includes(MASK) || !hidesValue(name, value) ? whole : `${name}${is}${q}${MASK}`,
		);
	}
	if (PROSE.test(out)) {
		out = out.replace(PROSE_SECRET, (whole, name: string, is: string, q: string, value: string) =>
			readsAsWord(value) || value.includes(MASK) || !hidesValue(name.replace(/\s+/g, '_'), value) ? whole : `${name}${is}${q}${MASK}`,
		);
	}
	if (out.includes('-')) {
		out = out.replace(FLAG_VALUE, (whole, flag: string, space: string, value: string) =>
			!value.includes(MASK) && isSecretName(flag) && hidesValue(flag, value) ? `${flag}${space}${MASK}` : whole,
		);
	}
	if (SCHEME.test(out)) out = out.replace(AUTH_SCHEME, (_whole, scheme: string, space: string) => `${scheme}${space}${MASK}`);
	return maskShapes(out);
}

/** Free text (a command line, an output line, an error): masks every secret found by structure or shape. */
export function maskSecrets(text: string | null | undefined): string {
	return maskText(clean(text));
}

// titles and the other fields drawn every frame, masked once: room for a full list's titles and
// repositories (1,000 rows), and only for short strings (a 10,000-character title is masked each time)
const fields = new Map<string, string>();
const FIELDS_KEPT = 2000;
const FIELD_CHARS = 1000;

/**
 * A conversation's title, cleaned and masked (issue 21 item 2): OpenHands writes the title from the
 * first user message, so a token pasted there was on the list, in details, in the activity header and
 * in every notification. Titles are drawn at every frame: the answers are kept.
 */
export function maskTitle(title: string | null | undefined): string {
	if (!title) return '';
	let shown = fields.get(title);
	if (shown === undefined) {
		shown = maskSecrets(title);
		if (title.length <= FIELD_CHARS) {
			if (fields.size >= FIELDS_KEPT) fields.clear();
			fields.set(title, shown);
		}
	}
	return shown;
}

/**
 * Any other short field drawn at every frame (a repository and branch, a working directory, a spec's
 * image), masked as the commands mask it (issue 27 item 1: `ls` masked a working directory the
 * screen showed as sent). Kept like titles.
 */
export const maskField = maskTitle;

/** A URL: userinfo passwords, secret-looking query parameters, keys as path segments. */
export function maskUrlSecrets(url: string | null | undefined): string {
	const text = clean(url);
	return /^[a-z][a-z0-9+.-]*:\/\/[^\s]*$/i.test(text) ? maskUrl(text) : maskText(text);
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
		if (hideNext && arg !== '' && !/^[-<>|]/.test(arg)) {
			out.push(MASK);
			hideNext = false;
			continue;
		}
		hideNext = /^--?[A-Za-z][\w-]*$/.test(arg) && isSecretName(arg);
		const masked = maskText(arg);
		out.push(/\s/.test(masked) || masked === '' ? `"${masked}"` : masked);
	}
	// and as the line it is shown as: a name in one argument may say what the next one is
	// (`echo DD_API_KEY 3f8a…`), as it does in a command line of free text (issue 27 item 1)
	return maskText(out.join(' '));
}

/** An environment variable's value, judged by its name and by its shape. */
export function maskEnvValue(name: string, value: string | null | undefined): string {
	const cleanName = clean(name);
	if (isSecretName(cleanName)) return value ? MASK : '';
	const shown = maskSecrets(value);
	return hidesValue(cleanName, shown) ? MASK : shown;
}

/**
 * A line `cleanLines` made (the pager's: spacing kept), the user's key scrubbed and every secret
 * masked by the same rules as `maskSecrets`, so a string reads the same in a row and in the pager.
 */
export function maskCleanLine(line: string): string {
	return maskText(scrubKnown(line));
}

/**
 * Registers the user's own API key (and any other value known to be secret) so every string shown
 * is scrubbed of it, invisible characters removed first. A value shorter than 8 characters is only
 * scrubbed as a whole token.
 */
export function registerKnownSecret(value: string | null | undefined, options: {pinned?: boolean} = {}): void {
	if (value) addKnownSecret(value, options.pinned === true);
}
