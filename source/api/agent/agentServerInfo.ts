/**
 * An agent server's public `GET /server_info` (shared/openhands-agent-server.md 1.1): no key needed,
 * `title: "OpenHands Agent Server"` tells an agent server, `version` (fallback `sdk_version`) its SDK.
 * Read without zod: the probe and the per-origin version lookup both use it.
 */
import {tryJson} from '../transport/errorFromResponse.js';
import type {HttpResponse} from '../transport/http.js';

export const AGENT_SERVER_TITLE = 'OpenHands Agent Server';

export type AgentServerFacts = {
	/** `1.43.1`; null when the server does not say (`"unknown"`) */
	version: string | null;
};

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?$/;

function versionText(value: unknown): string | null {
	if (typeof value !== 'string') return null;
	const text = value.trim();
	// a version is short and plain: anything else is not shown (the header prints it)
	return VERSION.test(text) && text.length <= 40 ? text.replace(/^v/, '') : null;
}

/** The facts of an agent server's `/server_info` answer; null when it is not one. */
export function readServerInfo(raw: HttpResponse): AgentServerFacts | null {
	if (raw.status !== 200) return null;
	const body = tryJson(raw);
	if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
	const record = body as Record<string, unknown>;
	if (record['title'] !== AGENT_SERVER_TITLE) return null;
	return {version: versionText(record['version']) ?? versionText(record['sdk_version'])};
}

/** [major, minor, patch] of a version, null when it is not one. */
function parts(version: string): [number, number, number] | null {
	const match = VERSION.exec(version.trim());
	return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** `version >= floor`; null when the version is unknown (the caller decides what unknown means). */
export function versionAtLeast(version: string | null, floor: string): boolean | null {
	const have = version ? parts(version) : null;
	const want = parts(floor);
	if (!have || !want) return null;
	for (let i = 0; i < 3; i++) {
		if (have[i]! !== want[i]!) return have[i]! > want[i]!;
	}
	return true;
}

/**
 * Before SDK 1.6.0 `respond_to_confirmation` with `accept: false` behaves as pause (issue 21 item 1):
 * the server answers 200, records no rejection, drops the reason, and a later run executes the action.
 * Unknown versions are given the benefit of the doubt: every agent server since 1.6.0 rejects.
 */
export const REJECT_SINCE = '1.6.0';
/** `POST …/interrupt` exists since v1.23.0 (agent-server doc 7.2, 9). */
export const INTERRUPT_SINCE = '1.23.0';
/** The git routes take `?path=` since about v1.13; v1.1.0 has only `/api/git/changes/{path}` (8.1). */
export const GIT_QUERY_SINCE = '1.13.0';

/** What an agent server of this version can do that older ones cannot; unknown versions: the current behaviour. */
export function agentAbilities(version: string | null): {rejects: boolean; interrupts: boolean; gitQuery: boolean} {
	return {
		rejects: versionAtLeast(version, REJECT_SINCE) ?? true,
		interrupts: versionAtLeast(version, INTERRUPT_SINCE) ?? true,
		gitQuery: versionAtLeast(version, GIT_QUERY_SINCE) ?? true,
	};
}
