/**
 * One sandbox status not trusted over a live socket (issue 27 item 17). OpenHands d6fab190's status
 * check of a docker sandbox (its agent server's health) times out while SDK 1.1.0 holds the
 * conversation's lock through a long model call, and the app server then reports the sandbox ERROR
 * with no agent server address, no key and no agent status (shared/openhands-api.md 4.1): a running
 * conversation flickered "sandbox ERROR", and its sockets were closed. While the agent's events
 * socket is alive, that one answer is not taken: the row keeps what it had from the agent's side.
 */
import type {AppConversation} from '../../api/schemas/index.js';

/** The answer that may be that timed-out check: a sandbox in ERROR with no agent server address. */
export function checkTimedOut(fresh: AppConversation): boolean {
	return fresh.sandbox_status === 'ERROR' && !fresh.conversation_url;
}

/** `fresh` with `held`'s sandbox and agent fields, when `fresh` is that ERROR and `held` had the agent running; else `fresh`. */
export function trustLiveSocket(held: AppConversation | undefined | null, fresh: AppConversation): AppConversation {
	if (!held || !checkTimedOut(fresh)) return fresh;
	if (held.sandbox_status !== 'RUNNING' || !held.conversation_url) return fresh;
	return {
		...fresh,
		sandbox_status: held.sandbox_status,
		execution_status: held.execution_status,
		conversation_url: held.conversation_url,
		session_api_key: held.session_api_key,
	};
}
