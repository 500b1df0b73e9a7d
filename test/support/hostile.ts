/**
 * Hostile rewriting of real server answers: every human string and id gets a prefix carrying the
 * terminal attacks a server (or whoever controls a repository name or a conversation title) could
 * send, and titles and spec ids get a 10,000-character tail of wide, zero-width and emoji text.
 * The JSON stays valid and keeps its schema (strings stay strings; timestamps are left alone), and
 * the rewriting is deterministic, so an unchanged upstream answer gives an unchanged hostile one.
 *
 * Ids come back in later requests (batch get, pause): `unhostileUrl` strips the additions again,
 * so the upstream still finds what it listed.
 */

/** The bytes a scan of the terminal output looks for. */
export const HOSTILE_MARKERS = {
	oscTitle: '\u001B]0;pwned\u0007',
	oscTitleSt: '\u001B]2;pwned\u001B\\',
	clearScreen: '\u001B[2J',
	cursorMove: '\u001B[10;10H',
	colour: '\u001B[31m',
	bell: '\u0007',
	c1Csi: '\u009B31m',
	bidiOverride: '\u202E',
} as const;

export const HOSTILE_PREFIX =
	HOSTILE_MARKERS.oscTitle +
	HOSTILE_MARKERS.oscTitleSt +
	HOSTILE_MARKERS.clearScreen +
	HOSTILE_MARKERS.cursorMove +
	HOSTILE_MARKERS.colour +
	HOSTILE_MARKERS.bell +
	HOSTILE_MARKERS.c1Csi +
	HOSTILE_MARKERS.bidiOverride +
	'\r\n\t\u200B\u200D' +
	'漢字テスト🚀👩‍💻e\u0301\u0302\u0303\u0304';

const TAIL_UNIT = ' 長い題名のテスト🚀👩‍💻\u200B\u200C\u2060ＷＩＤＥ\u001B[2J\u009B2J\u202E';

/** Exactly 10,000 UTF-16 units, never splitting a surrogate pair. */
export const LONG_TAIL = (() => {
	const repeats = Math.floor(10_000 / TAIL_UNIT.length);
	const text = TAIL_UNIT.repeat(repeats);
	return text + 'x'.repeat(10_000 - text.length);
})();

/** Keys whose string values are rewritten (ids included: they are shown, and copied). */
const REWRITE_KEYS = new Set([
	'id',
	'title',
	'name',
	'selected_repository',
	'selected_branch',
	'git_provider',
	'url',
	'detail',
	'message',
	'error',
	'sandbox_id',
	'sandbox_spec_id',
	'conversation_id',
	'app_conversation_id',
	'created_by_user_id',
	'llm_model',
	'agent',
	'command',
	'working_dir',
	'trigger',
]);

/** Keys that also get the 10,000-character tail. */
const LONG_KEYS = new Set(['title', 'sandbox_spec_id', 'selected_repository']);

export function hostileString(key: string, value: string): string {
	return HOSTILE_PREFIX + value + (LONG_KEYS.has(key) ? LONG_TAIL : '');
}

/** Rewrites the strings under REWRITE_KEYS anywhere in a JSON value; everything else is kept. */
export function hostileJson(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(hostileJson);
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, inner] of Object.entries(value)) {
			if (REWRITE_KEYS.has(key) && typeof inner === 'string') out[key] = hostileString(key, inner);
			// e.g. a spec's `command` list
			else if (REWRITE_KEYS.has(key) && Array.isArray(inner)) out[key] = inner.map(item => (typeof item === 'string' ? hostileString(key, item) : hostileJson(item)));
			else out[key] = hostileJson(inner);
		}
		return out;
	}
	return value;
}

export function unhostile(text: string): string {
	return text.split(HOSTILE_PREFIX).join('').split(LONG_TAIL).join('');
}

/** The request URL with the hostile additions removed from path segments and query values. */
export function unhostileUrl(rawUrl: string): string {
	const url = new URL(rawUrl, 'http://127.0.0.1');
	const decode = (segment: string) => {
		try {
			return decodeURIComponent(segment);
		} catch {
			return segment;
		}
	};
	const path = url.pathname
		.split('/')
		.map(segment => encodeURIComponent(unhostile(decode(segment))))
		.join('/');
	const query = new URLSearchParams();
	for (const [name, value] of url.searchParams) query.append(name, unhostile(value));
	const search = query.toString();
	return search ? `${path}?${search}` : path;
}
