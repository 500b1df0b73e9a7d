/**
 * Values known to be secret (the user's API key), scrubbed from every string `clean` returns
 * (issue 9 item 2: a start task's error detail echoed the key). Kept apart from secrets.ts so
 * sanitize.ts can use it without an import cycle; registered through secrets.ts.
 *
 * The one way a key is scrubbed (issue 27 item 14): the screen's `clean`, error messages (`***`,
 * api/errorText.ts), the log file, fatal errors and `doctor` all call `scrubKey`/`scrubKeys`. A key
 * of SHORT_KEY characters or more goes wherever it appears; a shorter one only where it stands as a
 * token (letters, digits, `_` and `-` on neither side): scrubbed inside words, the key `k` turned
 * "check the API key" into "chec*** the API ***ey", and gave itself away. ohtui says at start when a
 * key is that short (config/resolveConfig.ts).
 *
 * `clean` runs for every cell of every frame, so the check for the usual case (no key in the
 * text) is one `includes` per registered form.
 */
export const SCRUBBED = '••••';

/** Keys shorter than this are scrubbed only as tokens, and ohtui warns about them at start. */
export const SHORT_KEY = 8;

type Scrubber = {
	/** raw, URL-encoded, JSON-escaped and base64 forms (a server may echo any of them) */
	forms: readonly string[];
	/** keys under SHORT_KEY characters: only as a whole token, so "work" never turns "network" into "net••••" */
	whole: RegExp | null;
};

type Known = Scrubber & {
	/** the user's own keys stay for the run; others (sandbox session keys) make room for newer ones */
	pinned: boolean;
};

function scrubber(value: string): Scrubber {
	const forms = [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), ...base64Forms(value)])].filter(Boolean);
	const whole = value.length < SHORT_KEY ? new RegExp(`(?<![A-Za-z0-9_-])(?:${forms.map(escapeRegExp).join('|')})(?![A-Za-z0-9_-])`, 'g') : null;
	return {forms, whole};
}

/**
 * ohtui's own words that an error puts beside what a server said (its hint, the operation): a short
 * key that is one of them is left standing there. api/errorText.ts makeError leaves them whole, but
 * the screen and the commands' stderr scrub every message once more, and the key `key` read "check
 * the API ••••" there (`api`: "GET /••••/conversations"), which said what the key was. Bounded: the
 * couple of hints and the operations of the latest errors.
 */
const OWN_WORDS_KEPT = 64;
const ownWords = new Set<string>();

/** Marks `phrase` as ohtui's own words: a short key inside it is not scrubbed where the phrase appears whole. */
export function markOwnWords(phrase: string): void {
	if (!phrase || ownWords.has(phrase)) return;
	if (ownWords.size >= OWN_WORDS_KEPT) ownWords.delete(ownWords.values().next().value!);
	ownWords.add(phrase);
}

/** Where in `text` an own phrase holding one of `forms` stands: [from, to) spans. */
function ownSpans(text: string, forms: readonly string[]): [number, number][] {
	const spans: [number, number][] = [];
	for (const phrase of ownWords) {
		if (!forms.some(form => phrase.includes(form))) continue;
		for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) spans.push([at, at + phrase.length]);
	}
	return spans;
}

function scrubWith(text: string, {forms, whole}: Scrubber, mark: string): string {
	if (whole) {
		if (!forms.some(form => text.includes(form))) return text;
		const own = ownSpans(text, forms);
		if (own.length === 0) return text.replace(whole, mark);
		return text.replace(whole, (found: string, at: number) => (own.some(([from, to]) => at >= from && at + found.length <= to) ? found : mark));
	}
	let out = text;
	for (const form of forms) if (out.includes(form)) out = out.split(form).join(mark);
	return out;
}

// the few keys of a run, compiled once (error messages and log lines are made often)
const compiled = new Map<string, Scrubber>();

/** `text` with every form of `key` replaced by `mark` (a short key only where it stands as a token). */
export function scrubKey(text: string, key: string | null | undefined, mark = SCRUBBED): string {
	if (!key || !text) return text;
	let found = compiled.get(key);
	if (!found) {
		if (compiled.size >= 50) compiled.clear();
		found = scrubber(key);
		compiled.set(key, found);
	}
	return scrubWith(text, found, mark);
}

/** `text` with every one of `keys` scrubbed (the log file, a fatal error, doctor: `***`). */
export function scrubKeys(text: string, keys: readonly (string | null | undefined)[], mark = SCRUBBED): string {
	return keys.reduce<string>((out, key) => scrubKey(out, key, mark), text);
}

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
	let next = [...known, {...scrubber(value), pinned}];
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
	ownWords.clear();
	shortest = Number.POSITIVE_INFINITY;
}

/** `text` with every registered value replaced by the mask. */
export function scrubKnown(text: string): string {
	if (text.length < shortest) return text;
	let out = text;
	for (const entry of known) out = scrubWith(out, entry, SCRUBBED);
	return out;
}

/**
 * The key in base64 and base64url, without padding (`b64=…` in an error line, issue 21 item 3):
 * an echo of it encoded is as much the key as an echo of it plain. Only for keys of SHORT_KEY
 * characters or more: a short key's base64 is a short string that may turn up anywhere.
 */
export function base64Forms(value: string): string[] {
	if (value.length < SHORT_KEY) return [];
	const plain = Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, '');
	return [plain, plain.replaceAll('+', '-').replaceAll('/', '_')];
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
