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
