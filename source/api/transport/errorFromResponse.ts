import {createRequire} from 'node:module';
import {type ApiError, MAX_RETRY_AFTER_MS} from '../errors.js';
import {maskSecrets} from '../../text/secrets.js';
import {type ErrorContext, makeError, oneLine, serverText} from '../errorText.js';

export type RawResponse = {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
};

export function header(raw: Pick<RawResponse, 'headers'>, name: string): string | undefined {
	const value = raw.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

export function looksLikeHtml(raw: RawResponse): boolean {
	const type = header(raw, 'content-type') ?? '';
	if (/html/i.test(type)) return true;
	return /^\s*<(?:!doctype|html|head|body)/i.test(raw.text);
}

/** The body as JSON when it is JSON, else undefined (never throws). */
export function tryJson(raw: RawResponse): unknown {
	if (looksLikeHtml(raw)) return undefined;
	try {
		return JSON.parse(raw.text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * The human part of an error body. FastAPI uses `{"detail": …}` (1.7), the settings route and the
 * SaaS middleware `{"error": …}`, the OSS rate limiter `{"message": …}`, the git-provider handler a bare
 * JSON string; an uncaught exception is the plain text `Internal Server Error`.
 */
export function bodyDetail(raw: RawResponse, ctx: ErrorContext): string | undefined {
	if (looksLikeHtml(raw)) return undefined;
	const json = tryJson(raw);
	if (typeof json === 'string') return serverText(json, ctx) || undefined;
	if (json && typeof json === 'object' && !Array.isArray(json)) {
		const record = json as Record<string, unknown>;
		for (const key of ['detail', 'error', 'message']) {
			const value = record[key];
			if (typeof value === 'string' && value.trim()) return withException(serverText(value, ctx), record, ctx);
		}
		const detail = record['detail'];
		if (Array.isArray(detail)) return validationText(detail, ctx);
		return undefined;
	}
	if (json !== undefined) return undefined;
	const firstLine = raw.text.split(/\r?\n/).find(line => line.trim() !== '');
	return firstLine ? serverText(firstLine, ctx) : undefined;
}

/**
 * An agent server's 500 says `{"detail":"Internal Server Error","exception":"<str(exc)>","error_id":"<hex>"}`
 * (shared/openhands-agent-server.md 1.3): what went wrong is the exception, masked (a provider's
 * error may quote a key), and the id finds it in the server's log. Issue 26 item 13: a failed start
 * said only "Internal Server Error".
 */
function withException(detail: string, record: Record<string, unknown>, ctx: ErrorContext): string {
	const raw = record['exception'];
	const exception = typeof raw === 'string' && raw.trim() ? serverText(maskSecrets(raw), ctx, 100) : '';
	const id = typeof record['error_id'] === 'string' ? serverText(record['error_id'], ctx, 40) : '';
	const text = !exception || exception === detail ? detail : /^internal server error$/i.test(detail) ? exception : `${detail}: ${exception}`;
	return id ? `${text} (error id ${id})` : text;
}

/** pydantic errors: `query.limit: Input should be greater than 0; body.x: …` */
function validationText(detail: unknown[], ctx: ErrorContext): string | undefined {
	const parts: string[] = [];
	for (const item of detail.slice(0, 5)) {
		if (!item || typeof item !== 'object') continue;
		const {loc, msg} = item as {loc?: unknown; msg?: unknown};
		const where = Array.isArray(loc) ? loc.map(String).join('.') : '';
		const what = typeof msg === 'string' ? msg : 'invalid';
		parts.push(where ? `${where}: ${what}` : what);
	}
	return parts.length > 0 ? serverText(parts.join('; '), ctx, 170) : undefined;
}

// MAX_RETRY_AFTER_MS lives in errors.ts: the store reads it, and this file's chunk loads zod
export {MAX_RETRY_AFTER_MS} from '../errors.js';

/** `Retry-After` is seconds or an HTTP date (RFC 9110 10.2.3); the wait is clamped to 0..MAX_RETRY_AFTER_MS. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
	if (!value) return undefined;
	const text = value.trim();
	let wait: number;
	if (/^\d+(?:\.\d+)?$/.test(text)) {
		wait = Number(text) * 1000;
	} else {
		const at = Date.parse(text);
		if (Number.isNaN(at)) return undefined;
		wait = at - now;
	}
	if (!Number.isFinite(wait)) wait = MAX_RETRY_AFTER_MS;
	return Math.round(Math.min(MAX_RETRY_AFTER_MS, Math.max(0, wait)));
}

let statusCodes: Readonly<Record<number, string | undefined>> | undefined;

/**
 * HTTP's reason phrases, from node:http at the first error answer: this module is in the TUI's
 * chunk (the UI reads its errors), and a static import made Node load node:http (~2 ms on Node 20)
 * before the first frame; the client (undici) loads it anyway, after that frame.
 */
function reason(status: number): string | undefined {
	statusCodes ??= (createRequire(import.meta.url)('node:http') as typeof import('node:http')).STATUS_CODES;
	return statusCodes[status];
}

function phrase(status: number): string {
	return (reason(status) ?? 'error').toLowerCase();
}

function isTrivial(detail: string, status: number): boolean {
	return detail.toLowerCase() === (reason(status) ?? '').toLowerCase();
}

/** Maps a non-2xx answer to an ApiError. */
export function errorFromResponse(ctx: ErrorContext, raw: RawResponse): ApiError {
	const {status} = raw;
	const detail = bodyDetail(raw, ctx);
	if (status === 401 || status === 403) {
		// the hint is ohtui's own: kept out of the short key's scrub (./errorText.ts makeError)
		const hint = ctx.apiKey ? 'check the API key' : 'the server needs an API key';
		const said = detail && !isTrivial(detail, status);
		return makeError(ctx, {kind: 'unauthorized', status, message: `unauthorized (${status})${said ? `: ${detail}` : ''}`}, `${said ? ';' : ':'} ${hint}`);
	}
	if (status === 404) {
		const text = detail && !isTrivial(detail, status) ? `not found (404): ${detail}` : 'not found (404)';
		return makeError(ctx, {kind: 'not_found', status, message: text});
	}
	if (status === 422) {
		return makeError(ctx, {kind: 'validation', status, message: `invalid request: ${detail ?? 'rejected by the server'}`});
	}
	if (status === 429) {
		const wait = retryAfterMs(header(raw, 'retry-after'));
		const base = `rate limited (429): ${detail ?? 'too many requests'}`;
		const message = wait === undefined ? base : `${base}; retry in ${Math.ceil(wait / 1000)} s`;
		return makeError(ctx, {kind: 'rate_limited', status, message, ...(wait === undefined ? {} : {retryAfterMs: wait})});
	}
	if (status >= 500) {
		return makeError(ctx, {kind: 'server', status, message: `server error (${status}): ${detail ?? phrase(status)}`});
	}
	if (status >= 400) {
		// 400 (newer servers: too many batch ids), 405 (wrong method under the SPA mount, 1.7), …
		return makeError(ctx, {kind: 'validation', status, message: `request refused (${status}): ${detail ?? phrase(status)}`});
	}
	// undici does not follow redirects (a redirect carrying the key elsewhere would leak it); an
	// OpenHands API never sends one, so it is a wrong URL: say where it points (issue 9 item 18).
	if (status >= 300 && status < 400) {
		const target = redirectTarget(header(raw, 'location'), ctx);
		return makeError(ctx, {
			kind: 'bad_response',
			status,
			message: target
				? `the server redirects (${status}) to ${target}: use that URL (ohtui does not follow redirects)`
				: `the server redirects (${status}) without saying where: check the URL`,
		});
	}
	return makeError(ctx, {
		kind: 'bad_response',
		status,
		message: oneLine(`unexpected status ${status} ${phrase(status)} — is the URL an OpenHands server?`),
	});
}

/** Where a redirect points, as scheme://host/path (no query or credentials: they may hold a token). */
function redirectTarget(location: string | undefined, ctx: ErrorContext): string | undefined {
	if (!location) return undefined;
	try {
		const url = new URL(location, `http://${ctx.host}`);
		const path = url.pathname.replace(/\/+$/, '');
		return serverText(`${url.protocol}//${url.host}${path}`, ctx, 120);
	} catch {
		return undefined;
	}
}
