/**
 * Secrets found by their shape alone, with no name around them (./secrets.ts applies these last).
 * Published prefixes (./tokenPrefixes.ts) keep the prefix on screen (`ghp_••••`), so the kind of
 * credential is still visible. Issue 21 item 3 added keys split by `/ + ~ . -` (a bare AWS secret
 * access key, Azure AD client secrets, Discord bot tokens, Google refresh tokens); issue 27 item 1
 * the vendor table, Vault tokens, Mailgun's newer keys, and whole tokens: what a rule recognises
 * goes with its tail (`ya29.a0AfB_••••-9UvXz_Qw` and `glsa_••••_1a2b3c4d` showed the rest).
 */
import {TOKEN_PREFIXES} from './tokenPrefixes.js';

export const MASK = '••••';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A body that reads as a token, not a name: a digit, or upper and lower case mixed (`deploy_prod_config` is a name). */
const tokenLike = (body: string) => /[A-Za-z]/.test(body) && (/\d/.test(body) || (/[A-Z]/.test(body) && /[a-z]/.test(body)));
const mixed = (body: string) => /\d/.test(body) && /[A-Z]/.test(body) && /[a-z]/.test(body);

type Shape = {
	/** a regex source with exactly one group: what stays on screen (may be empty) */
	source: string;
	/** the match (group 1 removed) must pass this too */
	check?: (body: string) => boolean;
};

/** The vendor table (./tokenPrefixes.ts), longest prefix first, each prefix with its body. */
const PREFIXED: readonly Shape[] = TOKEN_PREFIXES.flatMap(([, prefixes, body]) => prefixes.map(prefix => ({prefix, body})))
	.sort((a, b) => b.prefix.length - a.prefix.length)
	.map(({prefix, body}) => ({source: `(${escape(prefix)})${body}(?![\\w-])`, check: tokenLike}));

/** Shapes with no published prefix, or a boundary of their own. */
const OTHERS: readonly Shape[] = [
	// AWS access key ids: the kind and 4 characters stay (they say which key, and are no secret)
	{source: '(?<![A-Z0-9])((?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{4})[A-Z0-9]{12}(?![A-Z0-9])'},
	// Mailgun: `key-` and 32 hex, and the newer 32-8-8 hex form (no prefix)
	{source: '(?<![\\w-])(key-)[0-9a-f]{32}(?![0-9a-f])'},
	{source: '(?<![\\w-])()[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![\\w-])'},
	{source: '(?<![\\w-])(AGE-SECRET-KEY-1)[0-9A-Z]{40,}'},
	// JWT: header.payload.signature, each base64url
	{source: '(?<![\\w-])(eyJ)[\\w-]{8,}\\.[\\w-]{8,}\\.[\\w-]{8,}'},
	// Google OAuth refresh tokens: `1//` then base64url
	{source: '(?<![\\w/])(1\\/\\/)[\\w-]{30,}'},
	// Discord bot tokens: base64 user id . timestamp . hmac
	{source: '(?<![\\w.-])()[MNO][A-Za-z\\d]{23,27}\\.[\\w-]{6}\\.[\\w-]{27,40}(?![\\w.-])'},
	// Azure AD (Entra) client secrets: three characters, a digit, `Q~`, then 31-34 more, all of it random
	{source: '(?<![\\w~.-])()[\\w~.-]{3}\\dQ~[\\w~.-]{31,34}(?![\\w~.-])'},
	// Vault's older service, batch and recovery tokens: `s.` and 24 random characters
	{source: '(?<![\\w.-])([sbr]\\.)[A-Za-z0-9]{24}(?![\\w.-])', check: body => mixed(body.slice(2))},
	// Telegram bot tokens: the bot's id stays, its secret goes
	{source: '(?<![\\w:])(\\d{8,10}:)AA[\\w-]{32,34}(?![\\w-])'},
	// Airtable personal access tokens; Terraform Cloud tokens
	{source: '(?<![A-Za-z0-9])(pat)[A-Za-z0-9]{14}\\.[0-9a-f]{64}(?![\\w-])'},
	{source: '(?<![A-Za-z0-9])()[A-Za-z0-9]{14}\\.atlasv1\\.[\\w-]{60,}'},
];

const SHAPES = [...PREFIXED, ...OTHERS];

// One pass for every shape (each has one group, its prefix): a pass each cost 4 µs a line. The table's
// prefixes share one boundary, checked once.
const ANY_TOKEN = new RegExp(`(?:(?<![A-Za-z0-9])(?:${PREFIXED.map(shape => shape.source).join('|')}))|${OTHERS.map(shape => `(?:${shape.source})`).join('|')}`, 'g');

// A bare AWS secret access key: 40 characters of base64 (with / and +), random.
const BASE64_40 = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
// Spans of token and base64 characters long enough to hold a random run, matched whole without
// backtracking. A span that is base64 of a file or of text is left alone (readsAsText); else each
// token in it (letters, digits, `_ ~ -`) holding a random run of 32 or more goes whole, tail
// included; a leading word (`oh-agent-server-`, `session_`) stays.
const SPAN = /(?<![\w~+/=-])[\w~+/=-]{32,}/g;
const HAS_RUN = /[A-Za-z0-9]{32}/;
const TOKEN = /(?<![\w~-])[\w~-]{32,}/g;
const RUN = /[A-Za-z0-9]{32,}/g;
const LEADING_WORDS = /^(?:[a-z]+[-_])+/;

/** Masks every shape-found secret in clean text. */
export function maskShapes(text: string): string {
	let out = text.replace(ANY_TOKEN, (...groups: unknown[]) => {
		const at = groups.findIndex((group, i) => i > 0 && i <= SHAPES.length && typeof group === 'string');
		const prefix = groups[at] as string;
		const whole = groups[0] as string;
		const check = SHAPES[at - 1]!.check;
		return !check || check(whole.slice(prefix.length)) ? `${prefix}${MASK}` : whole;
	});
	out = out.replace(BASE64_40, run => (/[/+]/.test(run) && looksRandom(run.replace(/[/+]/g, ''), 34) && !readsAsText(run) ? MASK : run));
	return out.replace(SPAN, span => (!HAS_RUN.test(span) || readsAsText(span) ? span : span.replace(TOKEN, maskRandomToken)));
}

function maskRandomToken(token: string): string {
	RUN.lastIndex = 0;
	for (let run = RUN.exec(token); run; run = RUN.exec(token)) {
		if (looksRandom(run[0], 32)) return `${LEADING_WORDS.exec(token.slice(0, run.index))?.[0] ?? ''}${MASK}`;
	}
	return token;
}

/**
 * Upper, lower and digits mixed in short pieces (CamelCase words average 4 or more letters, random
 * text under 3) and about 4 bits of entropy a character: random, not a long name.
 */
export function looksRandom(run: string, minLength: number): boolean {
	if (run.length < minLength || !/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/\d/.test(run)) return false;
	const pieces = run.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g)?.length ?? 1;
	if (run.length / pieces >= 3) return false;
	const counts = new Map<string, number>();
	for (const ch of run) counts.set(ch, (counts.get(ch) ?? 0) + 1);
	let entropy = 0;
	for (const n of counts.values()) entropy -= (n / run.length) * Math.log2(n / run.length);
	return entropy >= Math.min(4, Math.log2(run.length) - 0.8);
}

// base64 of binary files people commit or paste (PNG, JPEG, GIF, PDF, zip, gzip, WebP, woff2)
const FILE_MAGIC = /^(?:iVBORw0KGgo|\/9j\/|R0lGOD|JVBERi0|UEsDB|H4sI|UklGR|d09GMg)/;

/**
 * base64 that is not a key: a file's bytes (it starts with the file type's magic) or text with
 * words in it (`SGVsbG8sIHRoaXMgaXMg…` is "Hello, this is …"). A key's base64 decodes to bytes, or to
 * one word of letters and digits with no space: still masked.
 */
export function readsAsText(span: string): boolean {
	const run = span.replace(/^[+=]+/, '');
	if (FILE_MAGIC.test(run)) return true;
	if (run.length < 24 || !/^[A-Za-z0-9+/]+=*$/.test(run)) return false;
	const decoded = Buffer.from(run.slice(0, run.length - (run.length % 4)), 'base64').toString('latin1');
	if (!/^[\x20-\x7e\t\n\r]+$/.test(decoded)) return false;
	const words = decoded.match(/[A-Za-z]{2,}/g) ?? [];
	return /\s/.test(decoded) && words.length >= 3 && words.join('').length >= decoded.length * 0.6;
}
