/**
 * Which server this is (shared/openhands-api-newer.md 1.2) and which scheme it takes the key with
 * (3), found with as few requests as the answers allow:
 *
 * 1. `GET /api/v1/settings`: JSON 2xx, `404 {"error":"Settings not found"}` or a JSON 401 → current.
 *    HTML (the web app answers every unknown GET with its index page, 200; 1.1), `404 {"detail":…}`
 *    or 405 → the route does not exist → 2. A probe counts only JSON (content type and body).
 * 2. `GET /api/settings`: JSON 2xx, `404 Settings not found` or a JSON 401 → legacy; anything else
 *    → not an OpenHands app server.
 * 3. current only: `GET /api/v1/web-client/config` (public) for the flavour: `app_mode` `saas` →
 *    `cloud`, `oss` → `sandbox-server`. That is the second extra request; a legacy server has spent
 *    its two on 1 and 2, so its `/api/options/config` is not asked and its flavour is `openhands`
 *    (the only server legacy ones are). Either way, a server that took only Bearer is `cloud`.
 *
 * Authentication `auto` (with a key): the first JSON 401 that is not `{"error":"Invalid token"}`
 * (that one comes from a settings handler that ran, so the key passed; 2.1) is asked once more with
 * the other scheme; if that one passes, the client keeps it. An OSS-shaped refusal is first asked
 * again the same way. At most two extra requests, always to the same origin (the Http of this client knows no other, and follows no redirect).
 *
 * The answer is remembered for the run. `invalidate()` (the client calls it when a request could
 * not reach the server) makes the next caller probe again. A probe that failed for another reason
 * (5xx, 429, not an OpenHands server) is remembered for RETRY_FAILED_MS, so a poll every few
 * seconds does not turn into three requests every few seconds; the api layer has no timers, it only
 * compares times.
 */
import {otherAuth} from './auth.js';
import type {AuthMode, AuthSetting, Capabilities, Generation, ServerInfo} from './client.js';
import {type ApiError, isApiError} from './errors.js';
import {errorFromResponse, header, tryJson} from './errorFromResponse.js';
import {makeError} from './errorText.js';
import type {Http, HttpResponse} from './http.js';

export const RETRY_FAILED_MS = 30_000;

export type Probe = {
	info(signal?: AbortSignal): Promise<ServerInfo>;
	/** what the last probe found, without asking; null before the first one ended or after invalidate() */
	peek(): ServerInfo | null;
	invalidate(): void;
};

function isJson(raw: HttpResponse): boolean {
	return /^application\/(?:[\w.+-]+\+)?json/i.test(header(raw, 'content-type') ?? '') && tryJson(raw) !== undefined;
}

function errorText(raw: HttpResponse): string | null {
	const body = tryJson(raw);
	if (!body || typeof body !== 'object') return null;
	const error = (body as {error?: unknown}).error;
	return typeof error === 'string' ? error : null;
}

function detailText(raw: HttpResponse): string | null {
	const body = tryJson(raw);
	if (!body || typeof body !== 'object') return null;
	const detail = (body as {detail?: unknown}).detail;
	return typeof detail === 'string' ? detail : null;
}

/** Refused for its credentials: a JSON 401, except the settings handler's own `Invalid token`. */
function refused(raw: HttpResponse): boolean {
	return raw.status === 401 && isJson(raw) && errorText(raw) !== 'Invalid token';
}

type Verdict = 'exists' | 'absent' | 'error';

/** What an answer to a settings path says about the route. */
function verdict(raw: HttpResponse): Verdict {
	if (!isJson(raw)) {
		// the web app's index page (200 text/html), or Starlette's plain 405/404 bodies
		return raw.status >= 500 || raw.status === 429 ? 'error' : 'absent';
	}
	if (raw.status >= 200 && raw.status < 300) return 'exists';
	if (raw.status === 401) return 'exists';
	// FastAPI's own `{"detail":"Not Found"}` is a route that does not exist; any other 404 body
	// (`{"error":"Settings not found"}` on a fresh install) comes from a handler that ran
	if (raw.status === 404) return detailText(raw) === 'Not Found' ? 'absent' : 'exists';
	if (raw.status === 405) return 'absent';
	return 'error';
}

/** App servers reach agent-server routes only through a conversation's `conversation_url`. */
export const appServerCapabilities: Capabilities = {
	sandboxes: true,
	specs: true,
	startTasks: true,
	confirmationPolicy: false,
	gitChanges: false,
	liveEvents: false,
};

export function labelOf(generation: Generation, flavour: string | null): string {
	return flavour ? `${generation} · ${flavour}` : generation;
}

function flavourOf(raw: HttpResponse | null): string | null {
	if (!raw || raw.status !== 200 || !isJson(raw)) return null;
	const body = tryJson(raw) as {app_mode?: unknown} | null;
	const mode = body && typeof body === 'object' ? body.app_mode : undefined;
	if (mode === 'saas') return 'cloud';
	if (mode === 'oss') return 'sandbox-server';
	return null;
}

const TRANSPORT = new Set(['unreachable', 'timeout', 'aborted']);

/** The server was not reached or the caller gave up: no verdict about the server. */
export function isTransportFailure(error: unknown): boolean {
	return isApiError(error) && TRANSPORT.has(error.kind);
}

/** The server could not be reached: what answers next time may be another server. */
export function isUnreachable(error: unknown): boolean {
	return isApiError(error) && (error.kind === 'unreachable' || error.kind === 'timeout');
}

export function createProbe(http: Http, setting: AuthSetting = 'auto', now: () => number = Date.now): Probe {
	let known: ServerInfo | null = null;
	let running: Promise<ServerInfo> | null = null;
	let failed: {error: ApiError; at: number} | null = null;
	let generationOfRun = 0;

	async function run(signal: AbortSignal | undefined): Promise<ServerInfo> {
		const tryOther = setting === 'auto' && http.hasKey;
		let authTried = false;
		let auth: AuthMode = http.auth;

		const ask = async (path: string): Promise<HttpResponse> => {
			let first = await http.send({method: 'GET', path, signal, auth});
			if (!tryOther || authTried || !refused(first)) return first;
			authTried = true;
			// An OSS refusal (`{"detail":"Unauthorized"}`, newer doc 3) is asked once more the same way
			// before the scheme is doubted: a server that 401s the first call of each path made the
			// probe conclude Bearer (issue 21 item 17). Cloud's `{"error":…}` never saw the session key.
			if (detailText(first) !== null) {
				first = await http.send({method: 'GET', path, signal, auth});
				if (!refused(first)) return first;
			}
			const second = await http.send({method: 'GET', path, signal, auth: otherAuth(auth)});
			if (refused(second)) return first;
			auth = otherAuth(auth);
			return second;
		};

		let generation: Generation;
		const current = await ask('/api/v1/settings');
		const first = verdict(current);
		if (first === 'error') throw errorFromResponse(current.ctx, current);
		if (first === 'exists') {
			generation = 'current';
		} else {
			const legacy = await ask('/api/settings');
			const second = verdict(legacy);
			if (second === 'error') throw errorFromResponse(legacy.ctx, legacy);
			if (second === 'absent') {
				throw makeError(legacy.ctx, {
					kind: 'bad_response',
					status: legacy.status,
					message: 'not an OpenHands server: neither /api/v1/settings nor /api/settings answered',
				});
			}
			generation = 'legacy';
		}
		let flavour: string | null = generation === 'legacy' ? 'openhands' : null;
		if (generation === 'current') {
			const config = await http.send({method: 'GET', path: '/api/v1/web-client/config', signal}).catch((error: unknown) => {
				if (isTransportFailure(error)) throw error;
				return null;
			});
			flavour = flavourOf(config);
		}
		// only Cloud refuses the session header and takes Bearer (newer doc 3)
		if (auth === 'bearer' && setting === 'auto' && (flavour === null || generation === 'legacy')) flavour = 'cloud';
		if (auth !== http.auth) http.setAuth(auth);
		const resolvedAuth: AuthMode = setting === 'auto' ? auth : setting;
		return {
			kind: 'app-server',
			generation,
			flavour,
			auth: resolvedAuth,
			version: null,
			capabilities: appServerCapabilities,
			label: labelOf(generation, flavour),
		};
	}

	return {
		info(signal) {
			if (known) return Promise.resolve(known);
			if (failed && now() - failed.at < RETRY_FAILED_MS) return Promise.reject(failed.error);
			if (running) return running;
			const mine = ++generationOfRun;
			const attempt = run(signal).then(
				info => {
					if (mine === generationOfRun) {
						known = info;
						failed = null;
						running = null;
					}
					return info;
				},
				(error: unknown) => {
					if (mine === generationOfRun) {
						running = null;
						if (isApiError(error) && !TRANSPORT.has(error.kind)) failed = {error, at: now()};
					}
					throw error;
				},
			);
			running = attempt;
			return attempt;
		},
		peek: () => known,
		invalidate() {
			known = null;
			failed = null;
			running = null;
			generationOfRun++;
		},
	};
}
