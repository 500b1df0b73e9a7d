/** The server URL must be http(s); anything else would fail later with a less useful message. */
export function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

/**
 * `http://user:pass@host`: fetch drops the userinfo without a word (the request then fails as
 * unauthorised), and on the command line the password shows in `ps`. Refused instead.
 */
export function hasCredentials(value: string): boolean {
	try {
		const url = new URL(value);
		return url.username !== '' || url.password !== '';
	} catch {
		return false;
	}
}

export const credentialsMessage = 'credentials in the URL are not supported (they would show in ps and be dropped): put the key in OPENHANDS_API_KEY or the config file';

/**
 * The URL as shown in the header: no user:password, no query, no fragment, no trailing slash,
 * since a URL pasted from a browser may carry credentials or a token.
 */
export function serverLabel(value: string): string {
	try {
		const url = new URL(value);
		const path = url.pathname.replace(/\/+$/, '');
		return `${url.protocol}//${url.host}${path}`;
	} catch {
		return 'server';
	}
}
