/**
 * Secrets in URLs: a userinfo password, parameters with secret names or token shapes, keys as path
 * segments; also a URL whose slashes a JSON encoder escaped (`https:\/\/user:pass@host`, issue 27
 * item 1: the rule looked for `://` only) and JDBC's Oracle form (`jdbc:oracle:thin:user/pass@host`).
 */
import {isSecretName} from './secretNames.js';
import {MASK, looksRandom, maskShapes} from './secretShapes.js';

export const URL_PATTERN = /\b[a-z][a-z0-9+.-]{1,15}:(?:\/\/|\\\/\\\/)[^\s"'<>`]+/gi;
// user/password@ of an Oracle thin or OCI URL (`jdbc:oracle:thin:@host` has none)
const ORACLE = /(\bjdbc:oracle:[a-z0-9]+:[^\s/@:"'`]+\/)([^\s@"'`]+)(@)/gi;

/** URLs in clean text, each masked (escaped slashes kept as they came). */
export function maskUrls(text: string): string {
	let out = text.includes('jdbc:oracle:') ? text.replace(ORACLE, (_whole, head: string, _password: string, at: string) => head + MASK + at) : text;
	if (out.includes(':/') || out.includes(':\\/')) out = out.replace(URL_PATTERN, url => (url.includes('\\/') ? maskUrl(url.replaceAll('\\/', '/')).replaceAll('/', '\\/') : maskUrl(url)));
	return out;
}

/** One URL (already clean): userinfo password, secret-named or token-shaped parameters and path segments. */
export function maskUrl(url: string): string {
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
	const maskedTail = tail.replace(/([?&#;])([^=&#;]*)(=?)([^&#;]*)/g, (_whole, sep: string, name: string, eq: string, value: string) => {
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
