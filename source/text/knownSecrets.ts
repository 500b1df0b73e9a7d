/**
 * Values known to be secret (the user's API key), scrubbed from every string `clean` returns
 * (issue 9 item 2: a start task's error detail echoed the key). Kept apart from secrets.ts so
 * sanitize.ts can use it without an import cycle; registered through secrets.ts.
 *
 * `clean` runs for every cell of every frame, so the check for the usual case (no key in the
 * text) is one `includes` per registered form.
 */
export const SCRUBBED = '••••';

type Known = {
	/** raw, URL-encoded and JSON-escaped forms (a server may echo any of them) */
	forms: readonly string[];
	/** keys under 8 characters: only as a whole token, so "work" never turns "network" into "net••••" */
	whole: RegExp | null;
	/** the user's own keys stay for the run; others (sandbox session keys) make room for newer ones */
	pinned: boolean;
};

/**
 * Session keys kept at most. Each sandbox has one, and ohtui is kept open for days: unbounded, the
 * list grew with every sandbox ever listed, and every `clean` paid for it (issue 21 item 13). An
 * old sandbox's key that is echoed after it left the list is still masked by its shape (a long random run).
 */
const MAX_UNPINNED = 100;

let known: readonly Known[] = [];
/** the shortest form registered: a shorter text (most cells: a status, a short id) holds none */
let shortest = Number.POSITIVE_INFINITY;

export function addKnownSecret(value: string, pinned = false): void {
	if (!value) return;
	const at = known.findIndex(k => k.forms[0] === value);
	if (at !== -1) {
		if (pinned && !known[at]!.pinned) known = known.map((k, i) => (i === at ? {...k, pinned: true} : k));
		return;
	}
	const forms = [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), ...base64Forms(value)])].filter(Boolean);
	const whole = value.length < 8 ? new RegExp(`(?<![A-Za-z0-9])(?:${forms.map(escapeRegExp).join('|')})(?![A-Za-z0-9])`, 'g') : null;
	let next = [...known, {forms, whole, pinned}];
	if (next.filter(k => !k.pinned).length > MAX_UNPINNED) {
		const oldest = next.findIndex(k => !k.pinned);
		next = next.filter((_, i) => i !== oldest);
	}
	known = next;
	shortest = Math.min(...known.flatMap(k => k.forms.map(form => form.length)));
}

/** How many values are registered (tests). */
export function knownSecretCount(): number {
	return known.length;
}

/** Tests only: forget every registered value. */
export function clearKnownSecrets(): void {
	known = [];
	shortest = Number.POSITIVE_INFINITY;
}

/** `text` with every registered value replaced by the mask. */
export function scrubKnown(text: string): string {
	if (text.length < shortest) return text;
	let out = text;
	for (const {forms, whole} of known) {
		if (whole) {
			if (forms.some(form => out.includes(form))) out = out.replace(whole, SCRUBBED);
			continue;
		}
		for (const form of forms) if (out.includes(form)) out = out.split(form).join(SCRUBBED);
	}
	return out;
}

/**
 * The key in base64 and base64url, without padding (`b64=…` in an error line, issue 21 item 3):
 * an echo of it encoded is as much the key as an echo of it plain. Only for keys of 8 characters or
 * more: a short key's base64 is a short string that may turn up anywhere.
 */
export function base64Forms(value: string): string[] {
	if (value.length < 8) return [];
	const plain = Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, '');
	return [plain, plain.replaceAll('+', '-').replaceAll('/', '_')];
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
