/** What one answer to a probe request says (./probe.ts): plain functions over the raw response. */
import {header, tryJson} from './transport/errorFromResponse.js';
import type {HttpResponse} from './transport/http.js';

export function isJson(raw: HttpResponse): boolean {
	return /^application\/(?:[\w.+-]+\+)?json/i.test(header(raw, 'content-type') ?? '') && tryJson(raw) !== undefined;
}

function stringField(raw: HttpResponse, name: 'error' | 'detail'): string | null {
	const body = tryJson(raw);
	if (!body || typeof body !== 'object') return null;
	const value = (body as Record<string, unknown>)[name];
	return typeof value === 'string' ? value : null;
}

/** Refused for its credentials: a JSON 401, except the settings handler's own `Invalid token`. */
/** An OSS-shaped refusal (`{"detail":…}`, newer doc 3): the key reached a check that said no. */
export function ossRefusal(raw: HttpResponse): boolean {
	return stringField(raw, 'detail') !== null;
}

export function refused(raw: HttpResponse): boolean {
	return raw.status === 401 && isJson(raw) && stringField(raw, 'error') !== 'Invalid token';
}

export type Verdict = 'exists' | 'absent' | 'error';

/** What an answer to a settings path says about the route. */
export function verdict(raw: HttpResponse): Verdict {
	// a redirect is not followed (it could carry the key elsewhere): its own error says where it points
	if (raw.status >= 300 && raw.status < 400) return 'error';
	if (!isJson(raw)) {
		// the web app's index page (200 text/html), or Starlette's plain 405/404 bodies
		return raw.status >= 500 || raw.status === 429 ? 'error' : 'absent';
	}
	if (raw.status >= 200 && raw.status < 300) return 'exists';
	if (raw.status === 401) return 'exists';
	// FastAPI's own `{"detail":"Not Found"}` is a route that does not exist; any other 404 body
	// (`{"error":"Settings not found"}` on a fresh install) comes from a handler that ran
	if (raw.status === 404) return stringField(raw, 'detail') === 'Not Found' ? 'absent' : 'exists';
	if (raw.status === 405) return 'absent';
	return 'error';
}

/**
 * An agent server's `GET /api/settings` (agent-server doc 1.2, 3.1): top-level `llm_api_key_is_set`
 * (bool) or `misc_settings` (object), which no app server's settings have.
 */
export function agentShaped(raw: HttpResponse): boolean {
	if (raw.status < 200 || raw.status >= 300 || !isJson(raw)) return false;
	const body = tryJson(raw);
	if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
	return 'llm_api_key_is_set' in body || 'misc_settings' in body;
}

/** `app_mode` of `/api/v1/web-client/config`: `saas` → `cloud`, `oss` → `sandbox-server`. */
export function flavourOf(raw: HttpResponse | null): string | null {
	if (!raw || raw.status !== 200 || !isJson(raw)) return null;
	const body = tryJson(raw) as {app_mode?: unknown} | null;
	const mode = body && typeof body === 'object' ? body.app_mode : undefined;
	if (mode === 'saas') return 'cloud';
	if (mode === 'oss') return 'sandbox-server';
	return null;
}
