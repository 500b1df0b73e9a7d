/**
 * Running conversations watched over their events websockets (issue 18 §2): a conversation that
 * comes to need the user (waiting for confirmation, finished, error, stuck) is counted the moment its
 * agent server says so, not at the next background check. The sockets left over by the open
 * activity (./liveSockets.ts: 8 in all, the activity first) go to the loaded conversations whose
 * agent runs, the most recently updated first; the rest are found by the background check at the
 * refresh pace (./attention.ts).
 *
 * A watch asks for no replay (only what happens from now on matters) and reads nothing but the
 * execution status: the `full_state` on connect and the `execution_status` updates. A change puts
 * the conversation's row in the list with the new status, as fresh as the moment it came; the list
 * change is what attention sees. A conversation no longer running loses its socket.
 *
 * What the socket brings that the event log holds goes to `onEvents` too (./glimpses.ts): the list's
 * "doing now" column and the preview follow the agent as it works, without a search (issue 19 §2).
 */
import type {AgentTarget} from '../../api/client.js';
import type {AppConversation, ConversationEvent} from '../../api/schemas/index.js';
import {isPersisted, latestExecutionStatus} from '../activity/activityWindow.js';
import type {Core} from '../core.js';
import type {Feed, LiveSockets} from './liveSockets.js';
import type {Resources} from '../lists/resources.js';

type Watch = {feed: Feed; key: string};

export class LiveWatch {
	private readonly watches = new Map<string, Watch>();
	private seen: readonly AppConversation[] | undefined;
	private looking: string | null = null;
	private unsubscribe: (() => void) | null = null;

	constructor(
		private readonly core: Core,
		private readonly sockets: LiveSockets,
		private readonly resources: Resources,
		private readonly onEvents: (conversationId: string, events: readonly ConversationEvent[]) => void = () => {},
	) {}

	start(): void {
		if (this.unsubscribe) return;
		this.unsubscribe = this.core.subscribe(() => this.sync());
		this.sync();
	}

	dispose(): void {
		this.unsubscribe?.();
		this.unsubscribe = null;
		for (const id of [...this.watches.keys()]) this.stop(id);
	}

	/** Only when the rows or the open activity changed: a snapshot for anything else costs a comparison. */
	private sync(): void {
		const snapshot = this.core.get();
		const rows = snapshot.conversations.data;
		const looking = snapshot.activity?.conversationId ?? null;
		if (rows === this.seen && looking === this.looking) return;
		this.seen = rows;
		this.looking = looking;
		const wanted = new Map<string, AppConversation>();
		const running = (rows ?? []).filter(c => c.execution_status === 'running' && c.id !== looking && hasAgentServer(c));
		for (const c of [...running].sort((a, b) => b.updated_at - a.updated_at)) wanted.set(c.id, c);
		for (const [id, watch] of this.watches) {
			const c = wanted.get(id);
			if (!c || watch.key !== keyOf(c)) this.stop(id);
		}
		for (const c of wanted.values()) {
			if (this.watches.has(c.id)) continue;
			const target: AgentTarget = {id: c.id, conversation_url: c.conversation_url, session_api_key: c.session_api_key, sandbox_id: c.sandbox_id};
			const feed = this.sockets.open(
				target,
				'watch',
				null,
				{onEvents: events => this.events(c.id, events), onState: () => {}},
				() => this.watches.delete(c.id),
			);
			// the budget is full: the rest wait for the background check
			if (!feed) break;
			this.watches.set(c.id, {feed, key: keyOf(c)});
		}
	}

	private stop(id: string): void {
		this.watches.get(id)?.feed.close();
		this.watches.delete(id);
	}

	private events(id: string, events: readonly ConversationEvent[]): void {
		const logged = events.filter(isPersisted);
		if (logged.length > 0) this.onEvents(id, logged);
		const status = latestExecutionStatus(events);
		const row = this.core.get().conversations.data?.find(c => c.id === id);
		if (status === null || !row || row.execution_status === status) return;
		const moved: AppConversation = {...row, execution_status: status};
		this.resources.upsert('conversations', moved, false, this.core.now());
	}
}

/**
 * An app server's conversation has an agent server while its sandbox runs (`conversation_url`); an
 * agent server's own conversations have no sandbox (`sandbox_id` '') and are on the server itself.
 */
function hasAgentServer(c: AppConversation): boolean {
	return Boolean(c.conversation_url) || c.sandbox_id === '';
}

function keyOf(c: AppConversation): string {
	return `${c.conversation_url ?? ''}\n${c.session_api_key ?? ''}`;
}
