/**
 * The one place that decides what is a secret on screen (issue 9, items 1-2). Every view that
 * shows server text that may carry credentials (settings, spec details, sandbox urls, events,
 * error lines) goes through these; the rules are tested on a corpus in test/ui/secrets.test.ts.
 *
 * Contract for this round (implemented by the hardening work; callers may rely on the signatures):
 * every function takes raw server text, cleans it (control characters, escapes) and masks.
 */
import {MASK, looksSecret, maskUrl} from './format.js';
import {clean} from './sanitize.js';

/** Free text (a command line, an output line, an error): masks every secret found by structure or shape. */
export function maskSecrets(text: string | null | undefined): string {
	return clean(text);
}

/** A URL: userinfo passwords, secret-looking query parameters, keys as path segments. */
export function maskUrlSecrets(url: string | null | undefined): string {
	return maskUrl(url);
}

/** argv of a command (MCP stdio servers, spec commands): values after secret-looking flags, NAME=value pairs, token shapes. */
export function maskArgv(args: readonly string[]): string {
	return args.map(arg => maskSecrets(arg)).join(' ');
}

/** An environment variable's value, judged by its name and by its shape. */
export function maskEnvValue(name: string, value: string | null | undefined): string {
	return looksSecret(name) ? MASK : maskSecrets(value);
}

/**
 * Registers the user's own API key (and any other value known to be secret) so every string shown
 * is scrubbed of it, invisible characters removed first. A value shorter than 8 characters is only
 * scrubbed as a whole token.
 */
export function registerKnownSecret(_value: string | null | undefined): void {}
