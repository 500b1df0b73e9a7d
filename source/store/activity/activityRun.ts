/**
 * The open conversation's run: its window of events, the cursors that continue it on either side,
 * and the follow/backoff state. Taking a page into the window is here; the requests are
 * ./activityReads.ts, and when to make them ./activity.ts.
 */
import type {EventQuery} from '../../api/client.js';
import {PageGuard, readKey} from '../../api/paging/pageGuard.js';
import {parseServerTime} from '../../api/serverTime.js';
import type {AppConversation, ConversationEvent, EventPage} from '../../api/schemas/index.js';
import {type Viewport, freshOnly, indexOf, isPersisted, latestExecutionStatus, mergeEvents, trimWindow, windowLimit, withStatus} from './activityWindow.js';
import {type AgentInfo, emptyAgentInfo} from '../agentTypes.js';
import {retryDelayMs} from '../backoff.js';
import {DuplicateEvents} from './duplicateEvents.js';
import {keepableAll} from './largeEvents.js';
import {Lane} from '../lane.js';
import type {Feed} from '../live/liveSockets.js';
import type {ActivityState, ActivityTransport} from '../types.js';

/** Events a request asks for (the servers' maximum). */
export const PAGE = 100;

export type Continuation = {query: EventQuery; pageId: string};

/** The one open conversation's lane, window and cursors (internal; the snapshot shows ActivityState). */
export type Run = {
	id: string;
	lane: Lane;
	events: ConversationEvent[];
	ids: Set<string>;
	loaded: boolean;
	following: boolean;
	hasOlder: boolean;
	hasNewer: boolean;
	older: Continuation | null;
	newer: Continuation | null;
	/** a follow tick that stopped at MAX_PAGES_PER_JOB: the next one goes on from there */
	followNext: Continuation | null;
	viewport: Viewport | null;
	lastFollowAt: number;
	failures: number;
	retryAt: number | null;
	olderBlockedUntil: number;
	cancelTimer: (() => void) | null;
	conversation: AppConversation | null;
	unreadable: number;
	/** the conversation's events socket (./activityLive.ts) and the address and key it was opened with */
	feed: Feed | null;
	feedKey: string | null;
	/** events come over the socket now, not from searches */
	live: boolean;
	transport: ActivityTransport | null;
	/** when the socket last brought something (the silent check counts from it) */
	heardAt: number;
	/** frames that came while the newest page was on its way: taken after it */
	arrived: ConversationEvent[] | null;
	/** the last read of the conversation for the header while live, and the one planned */
	conversationAt: number;
	cancelConversation: (() => void) | null;
	/** every event search's page links go through it: a looping server ends the read (issue 21 item 10) */
	guard: PageGuard;
	/**
	 * Why reading events stopped (a loop in the server's pages), or null: nothing is searched on
	 * its own until the user asks again (Ctrl-r, issue 27 item 13); the socket still brings events.
	 */
	stopped: string | null;
	/** the whole of an event kept short, read for its pager (issue 27 item 2) */
	whole: {id: string; event: ConversationEvent | null; error: string | null} | null;
	/** events whose ids repeat, counted once each (issue 21 item 18) */
	duplicates: DuplicateEvents;
	/** its agent server (version, abilities, policy, clock offset) */
	agent: AgentInfo;
	/** the agent server was asked once (its version does not change while the view is open) */
	factsAsked: boolean;
	/**
	 * the execution status the agent reports (the conversation as listed or fetched, its socket), not
	 * what the events held say: an app server's event store can be behind it (./agentCatchUp.ts)
	 */
	reported: string | null;
	/** what the last read of the agent server's own events was for (./agentCatchUp.ts) */
	agentReadKey: string | null;
	/** an app server's conversation as its agent server reported it, and when (its clock: ./activityAgent.ts) */
	agentSeen: {conversation: AppConversation; at: number} | null;
};

export function newRun(id: string, conversation: AppConversation | null, now: number, onSettled: () => void): Run {
	return {
		id,
		lane: new Lane(onSettled),
		events: [],
		ids: new Set(),
		loaded: false,
		following: true,
		hasOlder: false,
		hasNewer: false,
		older: null,
		newer: null,
		followNext: null,
		viewport: null,
		lastFollowAt: now,
		failures: 0,
		retryAt: null,
		olderBlockedUntil: 0,
		cancelTimer: null,
		conversation,
		unreadable: 0,
		feed: null,
		feedKey: null,
		live: false,
		transport: null,
		heardAt: now,
		arrived: null,
		conversationAt: now,
		cancelConversation: null,
		guard: new PageGuard(),
		stopped: null,
		whole: null,
		duplicates: new DuplicateEvents(),
		agent: emptyAgentInfo(),
		factsAsked: false,
		reported: conversation?.execution_status ?? null,
		agentReadKey: null,
		agentSeen: null,
	};
}

/** What the view shows of a run just opened: loading its first page. */
export function openedState(run: Run): ActivityState {
	return {
		conversationId: run.id,
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
		transport: null,
		agent: run.agent,
		stopped: null,
	};
}

/*
 * After the window dropped a side, the query for it starts again from the edge's whole second:
 * legacy pages are cut in file-name order (second, then kind), so the edge's second may be held
 * only in part, on either side of the edge event. The repeats are deduped by id.
 */
function secondOf(event: ConversationEvent): number {
	return Math.floor(parseServerTime(event.timestamp) / 1000) * 1000;
}

function secondAfter(event: ConversationEvent): number {
	return secondOf(event) + 1000;
}

/** Where loading older events starts: the backward query's next page, else again before the window's oldest second. */
export function olderStart(run: Run): Continuation | null {
	if (run.older) return run.older;
	const oldest = run.events[0];
	return oldest ? {query: {sortOrder: 'TIMESTAMP_DESC', limit: PAGE, timestampLt: new Date(secondAfter(oldest)), anchorEventId: oldest.id}, pageId: ''} : null;
}

/** Where loading newer events starts: the forward query's next page, else again from the window's newest second. */
export function newerStart(run: Run): Continuation | null {
	const newest = run.events[run.events.length - 1];
	if (!newest) return null;
	return run.newer ?? {query: {sortOrder: 'TIMESTAMP', limit: PAGE, timestampGte: new Date(secondOf(newest)), anchorEventId: newest.id}, pageId: ''};
}

/**
 * Merges a page into the window, trims it, keeps the viewport on its rows; returns how many were new.
 * `descending`: the page came newest first (TIMESTAMP_DESC); the window is oldest first.
 */
export function takePage(run: Run, page: EventPage, side: 'older' | 'newer', descending: boolean): number {
	// an event too large to keep is a stand-in from here on (issue 27 item 2)
	const items = keepableAll(descending ? [...page.items].reverse() : page.items);
	run.duplicates.note(items, id => (run.ids.has(id) ? run.events.findLast(e => e.id === id) : undefined));
	// a follow tick fetches its edge again: count what it could not read only with news
	if (side === 'older' || freshOnly(run.ids, items).length > 0) run.unreadable += page.skipped;
	return takeEvents(run, items, side, page.byTime === true);
}

/**
 * Events from the websocket, as they came (./activityLive.ts). Only what the event log holds goes
 * into the window (a `full_state` snapshot and streaming deltas never are in a search either, 6.2),
 * and only while the window reaches the newest events; the state they report counts either way.
 */
export function takeLive(run: Run, frames: readonly ConversationEvent[]): number {
	const events = keepableAll(frames);
	// the state they report: a `full_state` (the state now) and what is new; a replayed event already
	// held is old news (a resume replays a margin before the newest event received)
	const news = events.filter(event => !isPersisted(event) || !run.ids.has(event.id));
	const added = run.hasNewer ? 0 : takeEvents(run, news.filter(isPersisted), 'newer');
	const status = latestExecutionStatus(news);
	run.conversation = withStatus(run.conversation, status);
	if (status !== null) run.reported = status;
	return added;
}

function takeEvents(run: Run, items: readonly ConversationEvent[], side: 'older' | 'newer', byTime = false): number {
	const fresh = freshOnly(run.ids, items);
	if (fresh.length === 0) return 0;
	const anchor = run.viewport ? run.events[run.viewport.first]?.id : undefined;
	const merged = mergeEvents(run.events, fresh, side, byTime);
	for (const event of fresh) run.ids.add(event.id);
	const at = indexOf(merged, anchor);
	let viewport = run.viewport && at >= 0 ? {first: at, last: at + run.viewport.last - run.viewport.first} : run.viewport;
	// following: the oldest go; loading older without a viewport: the newest go; else by the viewport
	const drop = side === 'newer' ? (run.following ? 'older' : 'auto') : viewport ? 'auto' : 'newer';
	const trimmed = trimWindow(merged, viewport, drop, windowLimit(merged));
	for (const event of merged.slice(0, trimmed.droppedOlder)) run.ids.delete(event.id);
	for (const event of merged.slice(merged.length - trimmed.droppedNewer)) run.ids.delete(event.id);
	if (trimmed.droppedOlder > 0) {
		// the backward query's page ids point past what was dropped: start again from the window
		run.older = null;
		run.hasOlder = true;
		if (viewport) viewport = {first: viewport.first - trimmed.droppedOlder, last: viewport.last - trimmed.droppedOlder};
	}
	if (trimmed.droppedNewer > 0) {
		run.newer = null;
		run.followNext = null;
		run.hasNewer = true;
		run.following = false;
	}
	run.events = trimmed.events;
	run.viewport = viewport;
	if (side === 'newer' && trimmed.droppedNewer === 0) {
		run.conversation = withStatus(run.conversation, latestExecutionStatus(fresh));
	}
	return fresh.length;
}

/** A follow or load that answered: the next follow counts from now, the backoff starts over. */
export function recordSuccess(run: Run, now: number): void {
	run.lastFollowAt = now;
	run.failures = 0;
	run.retryAt = null;
}

/**
 * A failed request: the same backoff as lists and watches (Retry-After clamped, a minute after a 401
 * unless the key was taken a moment ago: `serverTookKey`, ../backoff.ts).
 */
export function recordFailure(run: Run, error: unknown, now: number, random: () => number, serverTookKey = false): void {
	run.failures++;
	run.retryAt = now + retryDelayMs(error, run.failures, random, run.loaded || serverTookKey);
}

/** Requests one job may chain: a burst of new events, or a second denser than a page. */
export const MAX_PAGES_PER_JOB = 10;

/** Pages on from `start` until one brings an event not held (a dense second repeats the edge). */
export async function pageUntilFresh(
	run: Run,
	start: Continuation,
	side: 'older' | 'newer',
	search: (query: EventQuery) => Promise<EventPage>,
	live: () => boolean,
): Promise<Continuation | null> {
	let pageId: string | null = start.pageId || null;
	for (let pages = 0; pages < MAX_PAGES_PER_JOB; pages++) {
		const page = await search({...start.query, pageId});
		if (!live()) return null;
		const added = takePage(run, page, side, start.query.sortOrder === 'TIMESTAMP_DESC');
		if (page.next_page_id === null) return null;
		pageId = page.next_page_id;
		if (added > 0) return {query: start.query, pageId};
	}
	return pageId === null ? null : {query: start.query, pageId};
}

/**
 * A page of events through the run's loop guard (issue 21 item 10); `say` tells why a read ended.
 * A loop in a read of its own (`stops`: follow, catch-up, newer pages) stops the reading until the user asks again.
 */
export function guardPage(run: Run, query: EventQuery, page: EventPage, stops: boolean, say: (why: string) => unknown): EventPage {
	const guarded = run.guard.take(readKey(query), query.pageId ?? null, page);
	if (guarded.loop) {
		if (stops) run.stopped = guarded.loop;
		say(guarded.loop);
	}
	return guarded.page;
}

/** The user asks to read again (Ctrl-r): a stop is forgotten, and the pages' dead ends with it. */
export function readAgain(run: Run): void {
	run.stopped = null;
	run.guard = new PageGuard();
}
