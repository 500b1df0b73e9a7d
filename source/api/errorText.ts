import {markOwnWords, SHORT_KEY, scrubKey} from '../text/knownSecrets.js';
import {maskSecrets} from '../text/secrets.js';
import {ApiError, type ApiErrorInit} from './errors.js';

/**
 * What every error message is built with: the operation it belongs to and the secret it must never
 * show. Messages end up in a one-line status bar of a terminal, so they are made safe here, once.
 */
export type ErrorContext = {
	/** e.g. `GET /api/v1/sandboxes/search` */
	operation: string;
	/** e.g. `127.0.0.1:3000` */
	host: string;
	/** the configured API key; scrubbed from every message */
	apiKey?: string | null;
};

const MAX_MESSAGE = 200;

// C0/C1 controls (ESC starts terminal sequences) and line separators: a server body must not be
// able to move the cursor or break the status line.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// Zero-width characters, soft hyphens and bidi overrides are removed rather than spaced out: one
// hidden inside the key must not split it into pieces the scrub no longer finds (issue 9 item 2).
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

/**
 * Replaces every form of the key a server could echo (raw, URL-encoded, JSON-escaped, base64) with
 * `***`: the one scrub of text/knownSecrets.ts (a key under 8 characters only where it stands as a
 * token, issue 27 item 14).
 */
export function scrubSecret(text: string, secret: string | null | undefined): string {
	return scrubKey(text, secret, '***');
}

/** One line, no control characters, collapsed whitespace, at most `max` characters. */
export function oneLine(text: string, max = MAX_MESSAGE): string {
	const flat = text.replace(INVISIBLE, '').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A short, safe summary of text that came from a server (used inside a larger message). */
export function serverText(text: string, ctx: ErrorContext, max = 140): string {
	// scrub before cutting, or a cut could leave half a key behind; and again once invisible
	// characters are gone. Then masked as the screen masks server text (issue 27 item 1: a token in
	// a server's error detail reached the status line), before the cut too.
	return oneLine(maskSecrets(scrubSecret(oneLine(scrubSecret(text, ctx.apiKey), Number.POSITIVE_INFINITY), ctx.apiKey)), max);
}

/**
 * Builds the ApiError: `<text><own> (<operation>)`, one line, the key scrubbed from `text` as a last
 * line of defence. `own` (a hint such as `; check the API key`) and the operation are ohtui's own
 * words: a short key scrubbed from them only said what it was (verify-secrets: the key `key` read
 * "check the API ***", the key `api` turned the operation's `/api/` into stars); a long key is
 * scrubbed everywhere.
 */
export function makeError(ctx: ErrorContext, init: Omit<ApiErrorInit, 'operation'>, own = ''): ApiError {
	// masked too, as a last line of defence: a message built from server text that missed serverText
	const text = oneLine(maskSecrets(scrubSecret(oneLine(scrubSecret(init.message, ctx.apiKey), Number.POSITIVE_INFINITY), ctx.apiKey)));
	const longKey = ctx.apiKey && ctx.apiKey.length >= SHORT_KEY ? ctx.apiKey : null;
	const operation = oneLine(scrubSecret(ctx.operation, longKey), 80);
	// the screen and stderr scrub the message again: these stay whole there too
	markOwnWords(own.replace(/^[;:]?\s*/, ''));
	markOwnWords(operation);
	const message = scrubSecret(`${text}${own} (${operation})`, longKey);
	return new ApiError({...init, message, operation});
}

/** `15 s`, `0.1 s`, `1.5 s` */
export function seconds(ms: number): string {
	const s = ms / 1000;
	return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}
