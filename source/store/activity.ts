import type {EventQuery, OpenHandsClient} from '../api/client.js';
import {parseServerTime} from '../api/serverTime.js';
import type {AppConversation, ConfirmationPolicy, EventPage} from '../api/schemas/index.js';
import {askAgent, learnClock, withPolicy} from './activityAgent.js';
import {MAX_PAGES_PER_JOB, newerStart, newRun, olderStart, PAGE, pageUntilFresh, recordFailure, recordSuccess, type Run, takePage} from './activityRun.js';
import {backoffMs} from './backoff.js';
import {PRIORITY, type Priority} from './budget.js';
import type {Core} from './core.js';
import {isAbort, toErrorInfo} from './oneLine.js';
import type {Resources} from './resources.js';
import {shareValue} from './share.js';
import type {ActivityState} from './types.js';

/** Rows from the window's newer edge at which the dropped newer events are fetched again. */
const NEAR_EDGE = 50;

/**
 * The activity view's events (issue 10), one conversation at a time. Its rules:
 *
 * - Open: the newest page (at most 100, newest first from the server), then follow. While open,
 *   the activity is what polls: the lists' poll pauses (Resources.hold) and resumes on close.
 * - Follow: one request per interval, counted from the end of the last one, asking only for what is
 *   at or after the newest event held (millisecond cursor, or on agent servers its id; the edge
 *   comes back and is deduped by id). Nothing new → no snapshot change, no notification. A failure
 *   backs off like the lists.
 * - Older pages (loadOlderEvents) continue the backward query by its page ids; newer ones (after
 *   the window dropped them) the forward one. One lane: never two event requests at once.
 * - The window holds WINDOW_MAX events; the side away from the viewport is dropped and fetched
 *   again when the user goes back there (hasOlder / hasNewer true again).
 * - The conversation's own fields: the status comes from ConversationStateUpdateEvents as they
 *   arrive; a batch get refreshes the rest only after new events (and when it was not listed).
 */
export class Activity {
	private run: Run | null = null;

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly resources: Resources,
	) {}

	/** the conversation as the activity knows it (fresher than the list while open) */
	conversation(id: string): AppConversation | null {
		if (this.run?.id === id && this.run.conversation) return this.run.conversation;
		return this.core.get().conversations.data?.find(c => c.id === id) ?? null;
	}

	/**
	 * a fresher copy of a conversation (after a batch get elsewhere): into the view and the list.
	 * `sentAt`: when the request that brought it was sent (older data never replaces newer, ./freshness.ts)
	 */
	putConversation(conversation: AppConversation, sentAt: number): void {
		this.resources.upsert('conversations', conversation, false, sentAt);
		const run = this.run;
		if (run?.id !== conversation.id) return;
		run.conversation = shareValue(run.conversation ?? undefined, conversation);
		this.commit(run, {});
	}

	open(conversationId: string): void {
		if (this.run?.id === conversationId) return;
		this.close();
		const conversation = this.core.get().conversations.data?.find(c => c.id === conversationId) ?? null;
		const run: Run = newRun(conversationId, conversation, this.core.now(), () => this.schedule(run));
		this.run = run;
		this.resources.hold(true);
		const state: ActivityState = {
			conversationId,
			events: [],
			hasOlder: false,
			loadingOlder: false,
			following: true,
			loading: true,
			error: null,
			fetchedAt: null,
			hasNewer: false,
			conversation: run.conversation,
			unreadable: 0,
			agent: run.agent,
		};
		this.core.set({...this.core.get(), activity: state});
		void run.lane.run('refresh', () => this.loadNewest(run), true);
	}

	close(): void {
		const run = this.run;
		if (!run) return;
		run.cancelTimer?.();
		this.run = null;
		const snapshot = this.core.get();
		if (snapshot.activity) this.core.set({...snapshot, activity: null});
		this.resources.hold(false);
	}

	setFollow(on: boolean): void {
		const run = this.run;
		if (!run || run.following === on) return;
		run.following = on;
		this.commit(run, {});
		if (!on) {
			run.cancelTimer?.();
			run.cancelTimer = null;
			return;
		}
		// back at the end: what the window dropped at the newer side is reloaded as the newest page
		const job = run.hasNewer || !run.loaded ? () => this.loadNewest(run) : () => this.follow(run);
		void run.lane.run('refresh', job, true);
	}

	setViewport(first: number, last: number): void {
		const run = this.run;
		if (!run) return;
		run.viewport = {first: Math.max(0, first), last: Math.max(first, last)};
		if (run.hasNewer && run.loaded && last >= run.events.length - NEAR_EDGE && !run.lane.has('all')) {
			void run.lane.run('all', () => this.loadNewer(run), true);
		}
	}

	loadOlder(): void {
		const run = this.run;
		if (!run || !run.loaded || !run.hasOlder || run.lane.has('more')) return;
		if (this.core.now() < run.olderBlockedUntil) return;
		this.commit(run, {loadingOlder: true});
		void run.lane.run('more', () => this.loadOlderPages(run), true);
	}

	dispose(): void {
		this.run?.cancelTimer?.();
		this.run = null;
	}

	private live(run: Run): boolean {
		return this.run === run && !this.core.disposed;
	}

	/** After every job of the lane: the next follow tick (or retry of the first load). */
	private schedule(run: Run): void {
		run.cancelTimer?.();
		run.cancelTimer = null;
		if (!this.live(run) || run.lane.has('refresh')) return;
		if (run.loaded && !run.following) return;
		const now = this.core.now();
		const due = run.failures > 0 ? (run.retryAt ?? now) : run.lastFollowAt + this.core.config.refreshMs;
		const job = run.loaded && !run.hasNewer ? () => this.follow(run) : () => this.loadNewest(run);
		run.cancelTimer = this.core.after(Math.max(0, due - now), () => {
			run.cancelTimer = null;
			void run.lane.run('refresh', job, true);
		});
	}

	private search(run: Run, priority: Priority, query: EventQuery): Promise<EventPage> {
		return this.core.send(priority, o => this.client.searchEvents(run.id, query, o));
	}

	/** The newest page replaces the window: on open, on `G` after the window dropped newer events. */
	private async loadNewest(run: Run): Promise<void> {
		const query: EventQuery = {sortOrder: 'TIMESTAMP_DESC', limit: PAGE};
		try {
			const page = await this.search(run, PRIORITY.page, query);
			if (!this.live(run)) return;
			run.events = [];
			run.ids = new Set();
			run.older = page.next_page_id === null ? null : {query, pageId: page.next_page_id};
			run.newer = null;
			run.followNext = null;
			run.hasOlder = page.next_page_id !== null;
			run.hasNewer = false;
			run.loaded = true;
			run.viewport = null;
			recordSuccess(run, this.core.now());
			takePage(run, page, 'newer');
			this.commit(run, {loading: false, error: null}, true);
			if (!run.conversation) await this.refetchConversation(run);
			if (learnClock(run)) this.commit(run, {});
			await this.askAgent(run);
		} catch (error) {
			this.fail(run, error);
		}
	}

	/** One tick: what is at or after the newest event held (the edge comes back; deduped by id). */
	private async follow(run: Run): Promise<void> {
		const newest = run.events[run.events.length - 1];
		if (!newest) return this.loadNewest(run);
		// Legacy pages are cut in file-name order, not time order: a tick that stopped early holds
		// some later events of a second and not yet earlier ones, so a time cursor would skip those.
		// agent servers page from the newest event held, by its id (anchorEventId); app servers by time
		const query: EventQuery = run.followNext?.query ?? {
			sortOrder: 'TIMESTAMP',
			limit: PAGE,
			timestampGte: new Date(Math.floor(parseServerTime(newest.timestamp))),
			anchorEventId: newest.id,
		};
		try {
			let added = 0;
			let pageId: string | null = run.followNext?.pageId ?? null;
			for (let pages = 0; pages < MAX_PAGES_PER_JOB; pages++) {
				const page: EventPage = await this.search(run, PRIORITY.poll, {...query, pageId});
				if (!this.live(run)) return;
				added += takePage(run, page, 'newer');
				pageId = page.next_page_id;
				if (pageId === null) break;
			}
			run.followNext = pageId === null ? null : {query, pageId};
			const recovered = run.failures > 0;
			recordSuccess(run, this.core.now());
			if (added > 0) this.commit(run, {error: null}, true);
			else if (recovered) this.commit(run, {error: null});
			if (added > 0) await this.refetchConversation(run);
			if (added > 0 && learnClock(run)) this.commit(run, {});
			if (!run.factsAsked) await this.askAgent(run);
		} catch (error) {
			this.fail(run, error);
		}
	}

	private async loadOlderPages(run: Run): Promise<void> {
		const start = olderStart(run);
		if (!start) return this.commit(run, {loadingOlder: false});
		try {
			const next = await pageUntilFresh(run, start, 'older', query => this.search(run, PRIORITY.page, query), () => this.live(run));
			if (!this.live(run)) return;
			run.older = next;
			run.hasOlder = next !== null;
			this.commit(run, {loadingOlder: false}, true);
		} catch (error) {
			if (!this.live(run) || isAbort(error)) return;
			// the view asks again on the next key press: not before a short pause
			run.olderBlockedUntil = this.core.now() + backoffMs(1, this.core.config.random);
			this.commit(run, {loadingOlder: false, error: toErrorInfo(error, this.core.now())});
		}
	}

	private async loadNewer(run: Run): Promise<void> {
		const start = newerStart(run);
		if (!start) return;
		try {
			const next = await pageUntilFresh(run, start, 'newer', query => this.search(run, PRIORITY.page, query), () => this.live(run));
			if (!this.live(run)) return;
			run.newer = next;
			run.hasNewer = next !== null;
			this.commit(run, {}, true);
		} catch (error) {
			if (!this.live(run) || isAbort(error)) return;
			this.commit(run, {error: toErrorInfo(error, this.core.now())});
		}
	}

	private async refetchConversation(run: Run): Promise<void> {
		try {
			const sentAt = this.core.now();
			const [conversation] = await this.core.send(PRIORITY.poll, o => this.client.getConversations([run.id], o));
			if (!this.live(run) || !conversation) return;
			this.putConversation(conversation, sentAt);
		} catch {
			// the events are what the view is about; the header keeps what it had
		}
	}

	/** The switched policy shows at once, in the view and (an agent server's) in the list. */
	policyChanged(conversationId: string, policy: ConfirmationPolicy): void {
		const run = this.run;
		const listed = this.conversation(conversationId);
		const updated = withPolicy(listed, policy);
		if (updated && updated !== listed) this.resources.upsert('conversations', updated, false, this.core.now());
		if (run?.id !== conversationId) return;
		run.conversation = withPolicy(run.conversation, policy);
		run.agent = {...run.agent, policy};
		this.commit(run, {});
	}

	private askAgent = (run: Run): Promise<void> => askAgent(run, {core: this.core, client: this.client, live: () => this.live(run), commit: () => this.commit(run, {})});

	private fail(run: Run, error: unknown): void {
		if (!this.live(run) || isAbort(error)) return;
		const now = this.core.now();
		recordFailure(run, error, now, this.core.config.random);
		this.commit(run, {loading: false, error: toErrorInfo(error, now)});
	}

	/** Publishes the run (plus `fields`); nothing changed → no new snapshot, nobody notified. */
	private commit(run: Run, fields: Partial<ActivityState>, touch = false): void {
		const current = this.core.get().activity;
		if (!current || !this.live(run)) return;
		const next: ActivityState = {
			...current,
			events: run.events,
			hasOlder: run.hasOlder,
			hasNewer: run.hasNewer,
			following: run.following,
			conversation: run.conversation,
			unreadable: run.unreadable,
			agent: run.agent,
			...fields,
		};
		const keys = Object.keys(next) as (keyof ActivityState)[];
		if (keys.every(key => Object.is(current[key], next[key]))) return;
		if (touch) next.fetchedAt = this.core.now();
		this.core.set({...this.core.get(), activity: next});
	}
}
