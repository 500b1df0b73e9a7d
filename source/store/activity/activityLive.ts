/**
 * The open activity's events as they happen (issue 18 §1, PLAN decision 6): a transport of the
 * activity lane, not a store of its own. Events come from the conversation's websocket when it has
 * one and from the event search when it has not, into one window with one rule for both: fresh by
 * id, in the order they came (./activityRun.ts). The socket's life is ./liveSockets.ts.
 *
 * - The socket opens after the first page, replaying from the newest event of that page; frames
 *   that came while a newest page was on its way (`G` back to the end) are taken after it.
 * - While the socket is up, no search: the header's status comes from its state updates, the rest of
 *   the conversation (cost, title) is read again at most once an interval after new events. Servers
 *   that cannot replay (before 1.15) get one search after each connect, from the newest event held.
 * - A socket silent for an interval while the agent runs is checked by a search; if the search finds
 *   what the socket did not bring, the socket is replaced.
 * - Down or refused: the lane polls as before, and the header says `polling every 5 s`.
 */
import type {AgentTarget} from '../../api/client.js';
import type {ConversationEvent} from '../../api/schemas/index.js';
import {type Run, takeLive} from './activityRun.js';
import {keepableAll} from './largeEvents.js';
import type {Core} from '../core.js';
import type {FeedState, LiveSockets} from '../live/liveSockets.js';
import type {ActivityState} from '../types.js';

export type LaneHost = {
	isOpen(run: Run): boolean;
	/** publishes the run (plus `fields`); nothing changed → no snapshot */
	commit(run: Run, fields: Partial<ActivityState>, touch?: boolean): void;
	/** a follow search through the lane, from the newest event held */
	catchUp(run: Run): void;
	/** plans the next tick again: how events come has changed */
	reschedule(run: Run): void;
	refreshConversation(run: Run): Promise<void>;
};

export class ActivityLive {
	constructor(
		private readonly core: Core,
		private readonly sockets: LiveSockets,
		private readonly host: LaneHost,
	) {}

	/** Opens the socket once the conversation is known, again when its agent server address or key changed. */
	attach(run: Run): void {
		const c = run.conversation;
		if (!c || !run.loaded || !this.host.isOpen(run)) return;
		const key = `${c.conversation_url ?? ''}\n${c.session_api_key ?? ''}`;
		if (run.feed && run.feedKey === key) return;
		const wasLive = run.live;
		this.detach(run);
		// another address or key (the sandbox restarted): the lane polls until the new socket is up
		if (wasLive) this.host.reschedule(run);
		const target: AgentTarget = {id: c.id, conversation_url: c.conversation_url, session_api_key: c.session_api_key, sandbox_id: c.sandbox_id};
		run.feedKey = key;
		run.feed = this.sockets.open(target, 'activity', run.events.at(-1)?.timestamp ?? null, {
			onEvents: events => this.events(run, events),
			onState: state => this.state(run, state),
		});
	}

	detach(run: Run): void {
		run.feed?.close();
		run.feed = null;
		run.feedKey = null;
		run.live = false;
		run.cancelConversation?.();
		run.cancelConversation = null;
	}

	/** When the next search is due while the socket is up: only if it stays silent while the agent runs. */
	silentCheckAt(run: Run): number | null {
		if (run.conversation?.execution_status !== 'running') return null;
		return Math.max(run.heardAt, run.lastFollowAt) + this.core.config.refreshMs;
	}

	/** A search while the socket was up found events it had not brought: it is replaced. */
	missed(run: Run, added: number): void {
		if (run.live && added > 0) run.feed?.restart();
	}

	/** A newest page is on its way: frames wait for it (it replaces the window). */
	holdFrames(run: Run, on: boolean): ConversationEvent[] {
		const held = run.arrived ?? [];
		run.arrived = on && run.feed ? [] : null;
		return held;
	}

	private events(run: Run, events: readonly ConversationEvent[]): void {
		if (!this.host.isOpen(run)) return;
		run.heardAt = this.core.now();
		if (run.arrived) {
			run.arrived.push(...keepableAll(events));
			return;
		}
		const running = run.conversation?.execution_status === 'running';
		const added = takeLive(run, events);
		this.host.commit(run, {}, added > 0);
		if (added > 0) this.conversationLater(run);
		// the silent check is armed only while the agent runs
		if (running !== (run.conversation?.execution_status === 'running')) this.host.reschedule(run);
	}

	private state(run: Run, state: FeedState): void {
		if (!this.host.isOpen(run)) return;
		const live = state.kind === 'live';
		const changed = live !== run.live;
		run.live = live;
		if (live) run.heardAt = this.core.now();
		const everyMs = this.core.config.refreshMs;
		// `connecting` the first time says nothing yet; after a drop the lane polls while it reconnects
		if (state.kind !== 'connecting' || run.transport !== null) {
			const t = run.transport;
			if (!t || t.live !== live || t.why !== state.message || t.everyMs !== everyMs) run.transport = {live, everyMs, why: state.message};
		}
		this.host.commit(run, {});
		if (!changed) return;
		if (live && !state.replays) this.host.catchUp(run);
		this.host.reschedule(run);
	}

	/** The header's cost and title after new events: at most one read an interval. */
	private conversationLater(run: Run): void {
		if (run.cancelConversation) return;
		const due = run.conversationAt + this.core.config.refreshMs;
		run.cancelConversation = this.core.after(Math.max(0, due - this.core.now()), () => {
			run.cancelConversation = null;
			run.conversationAt = this.core.now();
			if (this.host.isOpen(run)) void this.host.refreshConversation(run);
		});
	}
}
