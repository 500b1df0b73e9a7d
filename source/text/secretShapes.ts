/**
 * Secrets found by their shape alone, with no name around them (./secrets.ts applies these last).
 * Published prefixes keep the prefix on screen (`ghp_••••`), so the kind of credential is still
 * visible. Issue 21 item 3 added the families that passed: keys split by `/ + ~ . -` (a bare AWS
 * secret access key, Azure AD client secrets, Discord bot tokens, Google refresh tokens) and
 * prefixes that were missing (GOCSPX-, glrt-, GR1348941, key-, AGE-SECRET-KEY-1, dckr_pat_, …).
 */
export const MASK = '••••';

// Token shapes, by their published prefixes; group 1 is the prefix kept on screen.
const TOKEN_SHAPES: readonly RegExp[] = [
	/(?<![\w-])(sk-|sk_(?:live|test)_|rk_(?:live|test)_|pk_live_|whsec_)[\w-]{12,}/g,
	/(?<!\w)(gh[pousr]_|github_pat_)\w{20,}/g,
	/(?<!\w)(xox[abposre]-|xoxe\.xox[bp]-|xapp-)[\w-]{10,}/g,
	/(?<!\w)(glpat-|glptt-|gldt-|glrt-|glcbt-|glsoat-|glft-|glimt-|glagent-|GR1348941)[\w-]{16,}/g,
	/(?<![A-Z0-9])((?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{4})[A-Z0-9]{12}(?![A-Z0-9])/g,
	/(?<!\w)(AIza)[\w-]{30,}/g,
	/(?<!\w)(GOCSPX-)[\w-]{20,}/g,
	/(?<!\w)(hf_|npm_|lin_api_|tvly-|dop_v1_|shpat_|shpss_|shpca_|shppa_|pypi-|SG\.|dckr_pat_)[\w.-]{16,}/g,
	/(?<![\w-])(key-)[0-9a-f]{32}(?![0-9a-f])/g,
	/(?<![\w-])(AGE-SECRET-KEY-1)[0-9A-Z]{40,}/g,
	// JWT: header.payload.signature, each base64url
	/(?<![\w-])(eyJ)[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g,
	// Google OAuth refresh tokens: `1//` then base64url
	/(?<![\w/])(1\/\/)[\w-]{30,}/g,
	// Discord bot tokens: base64 user id . timestamp . hmac
	/(?<![\w.-])([MNO][A-Za-z\d]{23,27})\.[\w-]{6}\.[\w-]{27,40}(?![\w.-])/g,
	// Azure AD (Entra) client secrets: three characters, a digit, `Q~`, then 31-34 more
	/(?<![\w~.-])([\w-]{3}\dQ~)[\w~.-]{31,34}(?![\w~.-])/g,
];

// Runs of base62 long enough to be random rather than words: at least 32 characters (ids such as
// sandbox names carry 22, git hashes are hex), upper, lower and digits mixed, and high entropy.
const LONG_RUN = /[A-Za-z0-9]{32,}/g;
// A bare AWS secret access key: 40 characters of base64 (with / and +), random.
const BASE64_40 = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

// One pass for every prefix shape (each has one group, its prefix): fourteen passes cost 4 µs a line.
const ANY_TOKEN = new RegExp(TOKEN_SHAPES.map(shape => `(?:${shape.source})`).join('|'), 'g');

/** Masks every shape-found secret in clean text. */
export function maskShapes(text: string): string {
	let out = text.replace(ANY_TOKEN, (...groups: unknown[]) => {
		const prefix = groups.slice(1, TOKEN_SHAPES.length + 1).find(group => typeof group === 'string') as string;
		return `${prefix}${MASK}`;
	});
	out = out.replace(BASE64_40, run => (/[/+]/.test(run) && looksRandom(run.replace(/[/+]/g, ''), 34) ? MASK : run));
	return out.replace(LONG_RUN, run => (looksRandom(run, 32) ? MASK : run));
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
