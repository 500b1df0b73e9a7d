/**
 * An app server's event store behind the conversation's agent server (issue 27 item 7): OpenHands
 * d6fab190 gets a conversation's events through the agent server's webhook, 10 at a time or 30 s
 * after the newest one (SDK 1.1.0 `WebhookSubscriber`), so a conversation opened early has none
 * there yet, and one that just came to wait has not its pending action. Its socket (SDK 1.1.0
 * cannot replay) brings only what happens after it opened. The agent server has them all: where
 * the events held do not reach what the agent reports, its own newest page is read, through
 * `conversation_url` with the sandbox's key (as the agent facts are), and taken into the window
 * like any page (by id, once; placed by time, as the legacy store lists them).
 *
 * Asked once per change of what it is about (the status reported, the newest event held), so an
 * agent server that cannot be reached, or whose newest page says no more, costs one request, not
 * one a tick.
 */
import type {AppConversation, ConversationEvent} from '../../api/schemas/index.js';
import type {OpenHandsClient} from '../../api/client.js';
import {targetOf} from '../actions/agentTarget.js';
import {latestExecutionStatus} from './activityWindow.js';
import {PAGE, type Run, takePage} from './activityRun.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort} from '../oneLine.js';

/**
 * The store is behind the agent: nothing held yet (every conversation has events), an agent that
 * waits for a confirmation with no wait among the events held (its pending action is not there), or
 * one that stopped while the events held have it running (its last steps are not there).
 */
export function behind(run: Run): boolean {
	return eventsBehind(run.events, run.reported);
}

/** `events` (oldest first) do not reach `reported`, the status the agent reports (as `behind`). */
export function eventsBehind(events: readonly ConversationEvent[], reported: string | null): boolean {
	if (events.length === 0) return true;
	const held = latestExecutionStatus(events);
	if (held === null || reported === null || held === reported) return false;
	return reported === 'waiting_for_confirmation' || (held === 'running' && STOPPED.has(reported));
}

/** A run's ends as the agent reports them (idle is where a conversation starts, not an end). */
const STOPPED: ReadonlySet<string> = new Set(['finished', 'error', 'stuck', 'paused']);

/** An app server's conversation whose agent server can be asked (a direct agent server's search is its own). */
export function reachable(conversation: AppConversation | null): conversation is AppConversation {
	return Boolean(conversation?.conversation_url);
}

function keyOf(run: Run): string {
	return `${run.reported ?? ''}\n${run.events.at(-1)?.id ?? ''}`;
}

type Deps = {core: Core; client: OpenHandsClient; live(): boolean};

/**
 * The agent server's newest page into the window when the events held are behind it. Returns how
 * many were new.
 */
export async function catchUpFromAgent(run: Run, {core, client, live}: Deps): Promise<number> {
	const conversation = run.conversation;
	if (!reachable(conversation) || run.hasNewer || !behind(run)) return 0;
	const key = keyOf(run);
	if (key === run.agentReadKey) return 0;
	run.agentReadKey = key;
	try {
		const page = await core.send(PRIORITY.poll, o => client.searchAgentEvents(targetOf(conversation), {sortOrder: 'TIMESTAMP_DESC', limit: PAGE}, o));
		if (!live()) return 0;
		// placed by time among what the app server's store gave (it lists by time too)
		const added = takePage(run, {...page, byTime: true}, 'newer', true);
		run.agentReadKey = keyOf(run);
		return added;
	} catch (error) {
		// the view works from the app server's events; asked again when something changes
		if (isAbort(error)) run.agentReadKey = null;
		return 0;
	}
}
