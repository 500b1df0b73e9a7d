/**
 * The events websockets (issue 18 §1), one module for their whole life: connect, resume, liveness,
 * backoff and the budget of sockets. What the events mean is the owner's (./activityLive.ts for the
 * open activity, ./liveWatch.ts for attention); a feed hands them over in arrival order.
 *
 * - Budget: at most MAX_SOCKETS at once (one SocketBudget may be shared by several stores). The open
 *   activity always gets one: a watch socket is closed to make room.
 * - Rate: a handshake is a request like any other (issue 27 item 6: 11 handshakes and 9 searches
 *   went out in the first second of a start). It takes a place in the store's request budget (10 a
 *   second, ../budget.ts), the open activity's at page priority and the watches' at poll priority,
 *   and holds it until answered; the first to an agent server takes a second place, for the version
 *   asked before it. Decided: one budget per store, so an app server and the agent servers behind
 *   its conversations share its 10 a second (never more to any one of them).
 * - Resume (shared/openhands-agent-server.md 6.4): the feed remembers the newest timestamp of a
 *   persisted event it received (not a `full_state` snapshot, not a streaming delta: their times are
 *   not log positions) and reconnects with `resend_mode=since&after_timestamp=` that timestamp, in
 *   the server's own shape, minus RESUME_MARGIN_MS: a `stats` update is stored after the step it is
 *   dated before (6.2), so the newest time received can be later than an event not yet received.
 *   What comes again is dropped by id by the owner. Servers before 1.15 cannot replay: the owner is
 *   told (`replays: false`) and catches up by event search.
 * - Drops and a server out of reach: reconnect after 1 s doubling (±20 %), at most the refresh
 *   interval (or QUICK_CAP_MS) apart, like any request (a restart or a blip is over in seconds, and
 *   the lane polls meanwhile); a server that could not be reached is tried again at once when a REST
 *   request to it answers (Core.onReachable, issue 26 item 8: a reconnect that failed during a 20 s
 *   outage was taken for a refusal and waited five minutes). A refused upgrade (a 4xx: a wrong key, a
 *   bad parameter, an old server or a proxy without websockets), a 4001 or a 4004 is no blip: it is
 *   tried again only after REFUSED_RETRY_MS; 1013 (the server's 50 subscribers per conversation, 6.2)
 *   after BUSY_RETRY_MS. A 5xx from a proxy in front (a restart behind it) is a drop. A socket never
 *   up after NEVER_UP_ATTEMPTS tries (a sandbox address only its own network reaches) waits as a
 *   refused one, unless the server answers REST again after an outage.
 * - Fruitless sockets: one replaced because it brought nothing new since it opened (it stalls, hangs
 *   in an unfinished fragment, only pings: the owner's search found what it missed) waits a backoff
 *   step before the next, and FRUITLESS_DROPS in a row wait as a refused one; more than FLOOD_FRAMES
 *   frames in a second that bring nothing end the socket at once (issue 27 item 9). One feed's life
 *   is ./socketFeed.ts.
 * - Liveness: the server's pings are answered by undici. Our own ping control frame goes every
 *   PING_MS while the socket is up; a socket that showed no life (no frame, no pong) since the last
 *   one is closed and reconnected. Nothing else ticks for an idle socket.
 */
import type {AgentTarget, OpenHandsClient} from '../../api/client.js';
import {PRIORITY} from '../budget.js';
import type {Core} from '../core.js';
import {type Priority, type SocketBudget} from './socketBudget.js';
import {type Feed, type FeedListener, SocketFeed} from './socketFeed.js';

export {BUSY_RETRY_MS, FLOOD_FRAMES, FRUITLESS_DROPS, FRUITLESS_MS, NEVER_UP_ATTEMPTS, PING_MS, QUICK_CAP_MS, REFUSED_RETRY_MS, RESUME_MARGIN_MS} from './socketFeed.js';
export type {Feed, FeedListener, FeedState} from './socketFeed.js';

/** Agent servers remembered as asked for their version (a sandbox's address changes when it restarts). */
const MAX_VERSIONED = 64;

/** `http://host:port` of a conversation's agent server; null for an agent server's own conversations (its version is the probe's). */
function originOf(url: string | null | undefined): string | null {
	if (!url) return null;
	try {
		return new URL(url).origin;
	} catch {
		return null;
	}
}

export class LiveSockets {
	private readonly feeds = new Set<SocketFeed>();
	/** agent servers a socket opened to: their version is known */
	private readonly versioned = new Set<string>();

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly budget: SocketBudget,
	) {
		// the server answers again after an outage: a socket that could not reach it tries at once
		core.onReachable(() => {
			for (const feed of this.feeds) feed.reachable();
		});
	}

	/**
	 * A feed of `target`'s events, or null when the budget has no room for this priority. `anchor`:
	 * the newest event the owner holds (a replay starts there); null: only what happens from now on.
	 */
	open(target: AgentTarget, priority: Priority, anchor: string | null, listener: FeedListener, onEvicted: () => void = () => {}): Feed | null {
		let feed: SocketFeed | null = null;
		const release = this.budget.claim(priority, () => {
			feed?.close();
			onEvicted();
		});
		if (!release) return null;
		feed = new SocketFeed(
			this.client,
			this.core,
			target,
			listener,
			() => {
				release();
				this.feeds.delete(feed!);
			},
			priority === 'activity' ? PRIORITY.page : PRIORITY.poll,
			this.agentOf(target),
		);
		this.feeds.add(feed);
		feed.setAnchor(anchor);
		feed.connect();
		return feed;
	}

	/**
	 * A conversation's agent server as the budget sees it: the first connect to an address no socket
	 * opened to yet asks its version first (api/agent/liveEvents.ts), one request more.
	 */
	private agentOf(target: AgentTarget): {places(): number; opened(): void} {
		const origin = originOf(target.conversation_url);
		return {
			places: () => (origin !== null && !this.versioned.has(origin) ? 2 : 1),
			opened: () => {
				if (origin === null || this.versioned.has(origin)) return;
				if (this.versioned.size >= MAX_VERSIONED) this.versioned.delete(this.versioned.values().next().value!);
				this.versioned.add(origin);
			},
		};
	}

	/** Some socket of this conversation is up now (the activity's or a watch's): its agent server answers. */
	alive(conversationId: string): boolean {
		for (const feed of this.feeds) if (feed.conversationId === conversationId && feed.state.kind === 'live') return true;
		return false;
	}

	dispose(): void {
		for (const feed of [...this.feeds]) feed.close();
	}
}
