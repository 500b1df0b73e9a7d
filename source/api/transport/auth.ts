import type {AuthMode, AuthSetting} from '../types.js';

/**
 * The two ways an OpenHands server takes a key (shared/openhands-api.md 1.5, openhands-api-newer.md 3):
 * OSS servers with SESSION_API_KEY read `X-Session-API-Key` only; Cloud reads `Authorization: Bearer`
 * (and on some deployments the session header as a fallback). `auto` starts with the session header,
 * the scheme of every OSS server, and the probe (./probe.ts) switches to Bearer when the server
 * refuses it and accepts Bearer: one extra request, to the same origin, at most once a probe.
 */
export function initialAuth(setting: AuthSetting | undefined): AuthMode {
	return setting === 'bearer' ? 'bearer' : 'session';
}

export function otherAuth(mode: AuthMode): AuthMode {
	return mode === 'session' ? 'bearer' : 'session';
}

/** The headers carrying the key; none without a key. The key only ever goes to the client's own origin. */
export function authHeaders(mode: AuthMode, apiKey: string | null): Record<string, string> {
	if (!apiKey) return {};
	return mode === 'bearer' ? {authorization: `Bearer ${apiKey}`} : {'x-session-api-key': apiKey};
}

/** `X-Session-API-Key` / `Authorization: Bearer`, for the doctor and the log. */
export function authName(mode: AuthMode): string {
	return mode === 'bearer' ? 'Authorization: Bearer' : 'X-Session-API-Key';
}
