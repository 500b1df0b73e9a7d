/**
 * Keeps a token from argv or the config file (a field name, a profile name) short and free of
 * control characters so a one-line message cannot move the cursor or change colours.
 */
export function printable(text: string, max = 40): string {
	// eslint-disable-next-line no-control-regex
	const clean = text.replace(/[\u0000-\u001F\u007F-\u009F]/g, '?');
	return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
