import {json, type Reply, unauthorized} from './errors.js';
import type {Ctx} from './ctx.js';
import type {Credentials} from './types.js';

/** What a request carried in the two places a client puts a key, and where it was sent. */
export function credentialsOf(headers: Ctx['headers']): Credentials {
	const session = headers['x-session-api-key'];
	return {session: typeof session === 'string' ? session : null, bearer: bearer({headers}), host: headers.host ?? null};
}

/** Routes no generation guards: the web-client config (newer doc 1.3) and the legacy public options. */
const PUBLIC = new Set(['/api/v1/web-client/config', '/api/options/config']);

/** Enterprise auth failures are `{"error":…}`, not FastAPI's `{"detail":…}` (openhands-api.md 1.5). */
const noCredentials = (): Reply => json(401, {error: 'NoCredentialsError'});

function header(ctx: Pick<Ctx, 'headers'>, name: string): string | null {
	const value = ctx.headers[name];
	return typeof value === 'string' ? value : null;
}

function bearer(ctx: Pick<Ctx, 'headers'>): string | null {
	const auth = header(ctx, 'authorization');
	return auth !== null && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '') : null;
}

/**
 * The 401 a request gets before its handler runs, or null when it may pass. `matched`: a route of this
 * generation claimed the path (unknown paths reach the SPA / 404 unguarded, except Cloud's middleware).
 *
 * - legacy (d6fab190): with SESSION_API_KEY only the legacy `/api/...` routers check
 *   `X-Session-API-Key`; V1 is open (openhands-api.md 1.5). ohtui also has a bearer mode, so
 *   `Authorization: Bearer` passes too, as it always did here.
 * - current OSS: every V1 router but web-client checks `X-Session-API-Key` exactly; Bearer is not
 *   looked at (newer doc 3).
 * - Cloud: `SetAuthCookieMiddleware` answers 401 on any `/api` path that carries no credentials at
 *   all; a matched route then needs a valid Bearer key. Real SaaS would also take the session header
 *   as an API key; this flavour is Bearer only, so clients must find the right scheme (issue 12).
 *
 * Without an `apiKey` nothing is checked, in every flavour.
 */
export function denied(ctx: Pick<Ctx, 'state' | 'path' | 'headers' | 'apiKey'>, matched: boolean): Reply | null {
	const key = ctx.apiKey;
	if (!key || PUBLIC.has(ctx.path)) return null;
	const {state, path} = ctx;
	if (state.cloud) {
		if (!/^\/(api|mcp)(\/|$)/.test(path)) return null;
		const token = bearer(ctx);
		if (token === null && header(ctx, 'x-session-api-key') === null) return noCredentials();
		return matched && token !== key ? noCredentials() : null;
	}
	if (!matched) return null;
	const v1 = path.startsWith('/api/v1/');
	if (state.generation === 'current') return v1 && header(ctx, 'x-session-api-key') !== key ? unauthorized() : null;
	if (v1 || !path.startsWith('/api/')) return null;
	return header(ctx, 'x-session-api-key') === key || bearer(ctx) === key ? null : unauthorized();
}
