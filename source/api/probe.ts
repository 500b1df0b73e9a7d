/**
 * Which server this is (shared/openhands-api-newer.md 1.2, openhands-agent-server.md 1.2) and which
 * scheme it takes the key with (newer doc 3), found with as few requests as the answers allow:
 *
 * 1. `GET /api/v1/settings`: JSON 2xx, `404 {"error":"Settings not found"}` or a JSON 401 → current.
 *    HTML (the web app answers every unknown GET with its index page, 200; 1.1), `404 {"detail":…}`
 *    or 405 → the route does not exist → 2. A probe counts only JSON (content type and body). An
 *    agent server answers 404 `{"detail":"Not Found"}` here (its routes are under `/api/settings`).
 * 2. `GET /api/settings`: JSON with `llm_api_key_is_set` or `misc_settings` → an agent server (its
 *    settings since SDK 1.17); other JSON 2xx or `404 Settings not found` → legacy app server. A
 *    JSON 401 is either (a legacy server with SESSION_API_KEY, or an agent server with a wrong key),
 *    and so is a 404 (an agent server before 1.17 has no settings route): `/server_info` tells. One
 *    that fails (5xx, 429) tells nothing: no verdict, the probe is asked again later; and the settings
 *    asked again (the other scheme, below) may be an agent server's after all.
 * 3. current only: `GET /api/v1/web-client/config` (public) for the flavour: `app_mode` `saas` →
 *    `cloud`, `oss` → `sandbox-server`. Agent servers (and 401/404 answers at 2) instead:
 *    `GET /server_info` without a key: `title: "OpenHands Agent Server"` is an agent server and gives
 *    its version. Neither is an OpenHands server: a final `not_openhands` error, probed again after
 *    RETRY_FAILED_MS. At most two requests beyond the first, plus the one for the scheme below.
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
import {otherAuth} from './transport/auth.js';
import {readServerInfo, type AgentServerFacts} from './agent/agentServerInfo.js';
import type {AuthMode, AuthSetting, Capabilities, Generation, ServerInfo} from './types.js';
import {type ApiError, isApiError} from './errors.js';
import {errorFromResponse} from './transport/errorFromResponse.js';
import {makeError} from './errorText.js';
import type {Http, HttpResponse} from './transport/http.js';
import {agentShaped, flavourOf, refused, verdict, ossRefusal} from './probeAnswers.js';

export const RETRY_FAILED_MS = 30_000;

export type Probe = {
	info(signal?: AbortSignal): Promise<ServerInfo>;
	/** what the last probe found, without asking; null before the first one ended or after invalidate() */
	peek(): ServerInfo | null;
	/** the last probe's failure while it is remembered (a `not_openhands` verdict, a 5xx); null otherwise */
	failure(): ApiError | null;
	/** a probe is on its way */
	busy(): boolean;
	invalidate(): void;
};

/**
 * App servers reach agent-server routes only through a conversation's `conversation_url` (its git
 * changes, its confirmation policy): where that agent server is reachable from here.
 */
export const appServerCapabilities: Capabilities = {
	sandboxes: true,
	specs: true,
	startTasks: true,
	confirmationPolicy: true,
	gitChanges: true,
	// over the conversation's `conversation_url`, where this machine reaches it (store/liveSockets.ts)
	liveEvents: true,
};

export const agentServerCapabilities: Capabilities = {
	sandboxes: false,
	specs: false,
	startTasks: false,
	confirmationPolicy: true,
	gitChanges: true,
	liveEvents: true,
};

/** The header's name for an app server: `sandbox-server`, `cloud`, `legacy` (or `current` when nothing tells). */
export function labelOf(generation: Generation, flavour: string | null): string {
	if (flavour === 'cloud') return 'cloud';
	if (generation === 'legacy') return 'legacy';
	return flavour ?? 'current';
}

export function agentLabel(version: string | null): string {
	return version ? `agent server ${version}` : 'agent server';
}

function agentInfo(facts: AgentServerFacts | null, auth: AuthMode): ServerInfo {
	const version = facts?.version ?? null;
	return {kind: 'agent-server', generation: null, flavour: null, auth, version, capabilities: agentServerCapabilities, label: agentLabel(version)};
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

		/** the other scheme, once a probe, when the first was refused and the second is not */
		const retryOther = async (path: string, refusedFirst: HttpResponse): Promise<HttpResponse> => {
			let first = refusedFirst;
			if (!tryOther || authTried || !refused(first)) return first;
			authTried = true;
			// An OSS refusal (`{"detail":"Unauthorized"}`, newer doc 3) is asked once more the same way
			// before the scheme is doubted: a server that 401s the first call of each path made the
			// probe conclude Bearer (issue 21 item 17). Cloud's `{"error":…}` never saw the session key.
			if (ossRefusal(first)) {
				first = await http.send({method: 'GET', path, signal, auth});
				if (!refused(first)) return first;
			}
			const second = await http.send({method: 'GET', path, signal, auth: otherAuth(auth)});
			if (refused(second)) return first;
			auth = otherAuth(auth);
			return second;
		};
		const ask = async (path: string) => retryOther(path, await http.send({method: 'GET', path, signal, auth}));
		/**
		 * The public `/server_info`: no key goes with it. `undecided` when it failed (a 5xx or 429): an
		 * agent server behind a proxy that fails once must not be taken for a legacy app server for the
		 * rest of the run.
		 */
		const agentFacts = async (): Promise<AgentServerFacts | null | {undecided: HttpResponse}> => {
			const raw = await http.send({method: 'GET', path: '/server_info', signal, anonymous: true}).catch((error: unknown) => {
				if (isTransportFailure(error)) throw error;
				return null;
			});
			if (raw && (raw.status >= 500 || raw.status === 429)) return {undecided: raw};
			return raw ? readServerInfo(raw) : null;
		};
		/** facts for the label: a version the server does not give now is left out */
		const versionFacts = async (): Promise<AgentServerFacts | null> => {
			const facts = await agentFacts();
			return facts && 'undecided' in facts ? null : facts;
		};
		/** `answer`: the settings read the verdict rests on */
		const settle = (info: ServerInfo, answer: HttpResponse): ServerInfo => {
			if (auth !== http.auth) http.setAuth(auth);
			const keyTaken = http.hasKey && answer.status >= 200 && answer.status < 300;
			return {...info, auth: setting === 'auto' ? auth : setting, keyTaken};
		};

		const current = await ask('/api/v1/settings');
		const first = verdict(current);
		if (first === 'error') throw errorFromResponse(current.ctx, current);
		if (first === 'exists') {
			const config = await http.send({method: 'GET', path: '/api/v1/web-client/config', signal}).catch((error: unknown) => {
				if (isTransportFailure(error)) throw error;
				return null;
			});
			let flavour = flavourOf(config);
			// only Cloud refuses the session header and takes Bearer (newer doc 3)
			if (auth === 'bearer' && setting === 'auto' && flavour === null) flavour = 'cloud';
			return settle(appInfo('current', flavour), current);
		}

		let legacy = await http.send({method: 'GET', path: '/api/settings', signal, auth});
		if (agentShaped(legacy)) return settle(agentInfo(await versionFacts(), auth), legacy);
		if (refused(legacy) || (legacy.status === 404 && verdict(legacy) === 'absent')) {
			// a key refused, or no settings route: an agent server says so without a key
			const facts = await agentFacts();
			const undecided = facts && 'undecided' in facts ? facts.undecided : null;
			if (facts && !undecided) return settle(agentInfo(facts as AgentServerFacts, auth), legacy);
			legacy = await retryOther('/api/settings', legacy);
			// asked again, the settings may be an agent server's after all (its first answer refused once)
			if (agentShaped(legacy)) return settle(agentInfo(await versionFacts(), auth), legacy);
			// still refused or absent, and /server_info could not say: no verdict yet, asked again later
			if (undecided && verdict(legacy) !== 'error') throw errorFromResponse(undecided.ctx, undecided);
		}
		const second = verdict(legacy);
		if (second === 'error') throw errorFromResponse(legacy.ctx, legacy);
		if (second === 'absent') {
			throw makeError(legacy.ctx, {
				kind: 'not_openhands',
				status: legacy.status,
				message: `not an OpenHands server: ${http.baseUrl.replace(/^https?:\/\//, '')} answers neither /api/v1/settings, /api/settings nor /server_info as OpenHands does`,
			});
		}
		// a legacy server that took only Bearer is Cloud; otherwise the only server legacy ones are
		const flavour = auth === 'bearer' && setting === 'auto' ? 'cloud' : 'openhands';
		return settle(appInfo('legacy', flavour), legacy);
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
		busy: () => running !== null,
		failure: () => (failed && now() - failed.at < RETRY_FAILED_MS ? failed.error : null),
		invalidate() {
			known = null;
			failed = null;
			running = null;
			generationOfRun++;
		},
	};
}

function appInfo(generation: Generation, flavour: string | null): ServerInfo {
	return {
		kind: 'app-server',
		generation,
		flavour,
		auth: 'session',
		version: null,
		capabilities: appServerCapabilities,
		label: labelOf(generation, flavour),
	};
}
