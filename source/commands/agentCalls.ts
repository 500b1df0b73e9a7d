/**
 * What `send` and the agent commands share: the conversation's sandbox brought back when asked
 * (`--resume`: the TUI's resume, then a watch to RUNNING), and an action call with the actions'
 * deadline, whose time-out or lost answer after sending is an unknown outcome (store/actions.ts), not a failure.
 */
import type {CallOptions} from '../api/client.js';
import {isApiError} from '../api/errors.js';
import type {AppConversation} from '../api/schemas/index.js';
import {outcomeUnknown} from '../store/actions/actions.js';
import {SANDBOX_WATCH_MS} from '../store/actions/watchSources.js';
import {clean} from '../text/sanitize.js';
import {CommandError, EXIT} from './exitCodes.js';
import type {OpenServer} from './servers.js';
import {sleep} from './sleep.js';

/** The store's action deadline (store/core.ts): a send-message waits on the agent server's own 30 s. */
export const ACTION_DEADLINE_MS = 60_000;
/** The store's watch time-out (store/core.ts `watchTimeoutMs`): a resumed sandbox is RUNNING well within it. */
export const RESUME_WATCH_MS = 120_000;

/**
 * One action request. When it went out and no answer came (a time-out, a connection closed after
 * sending, a gateway's 504), the outcome is unknown: exit 3 with what happened and that it may have
 * happened (`mayHave`). Before, every such case read "no answer within 60 s", even a connection
 * reset 0.47 s after the send (issue 27 item 16).
 */
export async function act<T>(what: string, call: (options: CallOptions) => Promise<T>, signal: AbortSignal, mayHave = 'it may have happened'): Promise<T> {
	try {
		return await call({deadlineMs: ACTION_DEADLINE_MS, signal});
	} catch (error) {
		if (!outcomeUnknown(error) || !isApiError(error)) throw error;
		throw new CommandError(EXIT.unreachable, `${what}: ${error.message}; ${mayHave} (see ohtui show)`);
	}
}

/** The sandbox must run for the agent to take anything: the reason it cannot, or null. */
export function notRunning(conversation: AppConversation): string | null {
	if (conversation.sandbox_status === 'RUNNING') return null;
	return `the sandbox is ${clean(conversation.sandbox_status)}`;
}

/**
 * Resumes the conversation's sandbox and waits until it runs and the conversation has its agent's
 * address again (a resumed sandbox may come back with a new one); returns the conversation read then.
 */
export async function resumeFirst(server: OpenServer, conversation: AppConversation, signal: AbortSignal, now: () => number, say: (text: string) => void): Promise<AppConversation> {
	const sandbox = conversation.sandbox_id;
	if (conversation.sandbox_status === 'MISSING') throw new CommandError(EXIT.refused, 'the sandbox is MISSING: it cannot be resumed');
	say(`resuming sandbox ${clean(sandbox)}…`);
	await act('resuming the sandbox', o => server.client.resumeSandbox(sandbox, o), signal);
	const deadline = now() + RESUME_WATCH_MS;
	while (now() < deadline) {
		if (!(await sleep(SANDBOX_WATCH_MS, signal))) throw new CommandError(EXIT.interrupted, 'interrupted');
		const [latest] = await server.client.getConversations([conversation.id], {signal});
		if (!latest) throw new CommandError(EXIT.notFound, 'the conversation is gone');
		if (latest.sandbox_status === 'MISSING') throw new CommandError(EXIT.refused, 'the sandbox went MISSING while resuming');
		if (latest.sandbox_status === 'RUNNING' && latest.conversation_url) return latest;
	}
	throw new CommandError(EXIT.unreachable, `gave up waiting for sandbox ${clean(sandbox)} to run after ${RESUME_WATCH_MS / 1000} s`);
}
