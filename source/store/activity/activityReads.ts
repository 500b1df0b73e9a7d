/**
 * The event requests of the activity lane: ./activity.ts decides when each runs (one at a time,
 * through the run's lane); this module asks the server and takes the answer into the window.
 *
 * - The newest page replaces the window: on open, and on `G` after the window dropped newer events.
 * - A follow tick asks only for what is at or after the newest event held (millisecond cursor, or on
 *   agent servers its id; the edge comes back and is deduped by id), chaining pages in a burst.
 * - Older pages continue the backward query by its page ids; newer ones (after the window dropped
 *   them) the forward one.
 * - A failure of the newest page or a follow backs the lane off like the lists (./activityRun.ts); one
 *   of older pages only holds the next key press back a moment.
 */
import type {EventQuery, OpenHandsClient} from '../../api/client.js';
import {parseServerTime} from '../../api/serverTime.js';
import type {EventPage} from '../../api/schemas/index.js';
import {askAgent, learnClock} from './activityAgent.js';
import {catchUpFromAgent} from './agentCatchUp.js';
import type {ActivityLive} from './activityLive.js';
import {MAX_PAGES_PER_JOB, newerStart, olderStart, PAGE, pageUntilFresh, recordFailure, recordSuccess, type Run, takeLive, takePage, guardPage} from './activityRun.js';
import {backoffMs} from '../backoff.js';
import {PRIORITY, type Priority} from '../budget.js';
import type {Core} from '../core.js';
import {isAbort, toErrorInfo} from '../oneLine.js';
import type {ActivityState} from '../types.js';

/** What the requests need of the activity that runs them. */
export type ReadsHost = {
	/** the run is still the open one (and the store not disposed) */
	live(run: Run): boolean;
	/** publishes the run (plus `fields`); nothing changed → no snapshot */
	commit(run: Run, fields: Partial<ActivityState>, touch?: boolean): void;
	/** a batch get of the conversation, into the view and the list */
	refetchConversation(run: Run): Promise<void>;
};

export class ActivityReads {
	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly liveLane: ActivityLive,
		private readonly host: ReadsHost,
	) {}

	/** The newest page replaces the window. */
	async newest(run: Run): Promise<void> {
		const query: EventQuery = {sortOrder: 'TIMESTAMP_DESC', limit: PAGE};
		this.liveLane.holdFrames(run, true);
		try {
			const page = await this.search(run, PRIORITY.page, query);
			if (!this.host.live(run)) return;
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
			this.core.tookKey();
			takePage(run, page, 'newer', true);
			takeLive(run, this.liveLane.holdFrames(run, false));
			this.host.commit(run, {loading: false, error: null}, true);
			if (!run.conversation) await this.host.refetchConversation(run);
			if (learnClock(run, this.core.now())) this.host.commit(run, {});
			await this.askAgent(run);
			this.liveLane.attach(run);
			// what the app server's store does not have yet, from the agent server (after the socket: it comes first)
			if ((await this.catchUp(run)) > 0) {
				learnClock(run, this.core.now());
				this.host.commit(run, {}, true);
			}
		} catch (error) {
			this.liveLane.holdFrames(run, false);
			this.fail(run, error);
		}
	}

	/**
	 * One tick: what is at or after the newest event held (the edge comes back; deduped by id), and
	 * the agent server's own newest events where the app server's store is behind it. Returns how
	 * many were new.
	 */
	async follow(run: Run): Promise<number> {
		// the server's pages went round: nothing until the user asks again (issue 27 item 13)
		if (run.stopped) return 0;
		const newest = run.events[run.events.length - 1];
		if (!newest) return this.newest(run).then(() => run.events.length);
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
				if (!this.host.live(run)) return 0;
				added += takePage(run, page, 'newer', false);
				pageId = page.next_page_id;
				if (pageId === null) break;
			}
			run.followNext = pageId === null ? null : {query, pageId};
			const recovered = run.failures > 0;
			recordSuccess(run, this.core.now());
			this.core.tookKey();
			if (added > 0) this.host.commit(run, {error: null}, true);
			else if (recovered) this.host.commit(run, {error: null});
			if (added > 0) await this.host.refetchConversation(run);
			const caught = await this.catchUp(run);
			if (caught > 0) this.host.commit(run, {error: null}, true);
			added += caught;
			if (added > 0 && learnClock(run, this.core.now())) this.host.commit(run, {});
			if (!run.factsAsked) await this.askAgent(run);
			return added;
		} catch (error) {
			this.fail(run, error);
			return 0;
		}
	}

	async older(run: Run): Promise<void> {
		const start = olderStart(run);
		if (!start) return this.host.commit(run, {loadingOlder: false});
		try {
			const next = await pageUntilFresh(run, start, 'older', query => this.search(run, PRIORITY.page, query, false), () => this.host.live(run));
			if (!this.host.live(run)) return;
			run.older = next;
			run.hasOlder = next !== null;
			this.host.commit(run, {loadingOlder: false}, true);
		} catch (error) {
			if (!this.host.live(run) || isAbort(error)) return;
			// the view asks again on the next key press: not before a short pause
			run.olderBlockedUntil = this.core.now() + backoffMs(1, this.core.config.random);
			this.host.commit(run, {loadingOlder: false, error: toErrorInfo(error, this.core.now())});
		}
	}

	async newer(run: Run): Promise<void> {
		const start = newerStart(run);
		if (!start || run.stopped) return;
		try {
			const next = await pageUntilFresh(run, start, 'newer', query => this.search(run, PRIORITY.page, query), () => this.host.live(run));
			if (!this.host.live(run)) return;
			run.newer = next;
			run.hasNewer = next !== null;
			this.host.commit(run, {}, true);
		} catch (error) {
			if (!this.host.live(run) || isAbort(error)) return;
			this.host.commit(run, {error: toErrorInfo(error, this.core.now())});
		}
	}

	/** `stops`: a loop in this read stops the reading (every read but the older pages the user scrolls to) */
	/** The whole of an event the window keeps short: one request, kept while its pager is open. */
	async whole(run: Run, eventId: string): Promise<void> {
		let whole: NonNullable<Run['whole']>;
		try {
			const event = await this.core.send(PRIORITY.page, o => this.client.getEvent(run.id, eventId, o));
			whole = {id: eventId, event, error: event ? null : 'the server no longer has this event'};
		} catch (error) {
			if (isAbort(error)) return;
			whole = {id: eventId, event: null, error: toErrorInfo(error, this.core.now()).message};
		}
		if (!this.host.live(run) || run.whole?.id !== eventId) return;
		run.whole = whole;
		this.host.commit(run, {});
	}

	private async search(run: Run, priority: Priority, query: EventQuery, stops = true): Promise<EventPage> {
		const page = await this.core.send(priority, o => this.client.searchEvents(run.id, query, o));
		return guardPage(run, query, page, stops, why => {
			if (!this.host.live(run)) return;
			this.core.notice('error', `stopped reading events: ${why}${stops ? ' (Ctrl-r reads again)' : ''}`);
			this.host.commit(run, {});
		});
	}

	private catchUp(run: Run): Promise<number> {
		return catchUpFromAgent(run, {core: this.core, client: this.client, live: () => this.host.live(run)});
	}

	private askAgent(run: Run): Promise<void> {
		return askAgent(run, {core: this.core, client: this.client, live: () => this.host.live(run), commit: () => this.host.commit(run, {})});
	}

	private fail(run: Run, error: unknown): void {
		if (!this.host.live(run) || isAbort(error)) return;
		const now = this.core.now();
		recordFailure(run, error, now, this.core.config.random, this.core.lastSuccessAt !== null);
		this.host.commit(run, {loading: false, error: toErrorInfo(error, now)});
	}
}
