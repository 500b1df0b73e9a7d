/**
 * An API key goes into an HTTP header: a line break or control character there (a key pasted
 * with its newline into the config file) makes every request fail before it is sent, which the
 * UI could only show as an endless "offline". It is a config error instead.
 */
export function isSendableKey(key: string): boolean {
	return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(key);
}

export const badKeyMessage = 'contains a line break, control character, space at an end or non-ASCII character (an HTTP header cannot carry it)';
