/**
 * The events websockets (issue 18 §1), one module for their whole life: connect, resume, liveness,
 * backoff and the budget of sockets. What the events mean is the owner's (./activityLive.ts for the
 * open activity, ./liveWatch.ts for attention); a feed hands them over in arrival order.
 *
 * - Budget: at most MAX_SOCKETS at once (one SocketBudget may be shared by several stores). The open
 *   activity always gets one: a watch socket is closed to make room.
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
 * - Liveness: the server's pings are answered by undici. Our own ping control frame goes every
 *   PING_MS while the socket is up; a socket that showed no life (no frame, no pong) since the last
 *   one is closed and reconnected. Nothing else ticks for an idle socket.
 */
import type {AgentTarget, OpenHandsClient} from '../../api/client.js';
import type {SocketClose} from '../../api/transport/eventSocket.js';
import type {LiveConnection} from '../../api/agent/liveEvents.js';
import type {ConversationEvent} from '../../api/schemas/index.js';
import {earlierServerTime, laterServerTime} from '../../api/serverTime.js';
import {isApiError} from '../../api/errors.js';
import {isPersisted} from '../activity/activityWindow.js';
import {backoffMs} from '../backoff.js';
import type {Core} from '../core.js';
import {errorMessage} from '../oneLine.js';
import {type Priority, type SocketBudget} from './socketBudget.js';

export const PING_MS = 30_000;
export const RESUME_MARGIN_MS = 1000;
export const REFUSED_RETRY_MS = 5 * 60_000;
export const BUSY_RETRY_MS = 30_000;
export const QUICK_CAP_MS = 5000;
export const NEVER_UP_ATTEMPTS = 3;
/**
 * Drops this soon after the socket opened, with no new event in between, are fruitless; this many
 * in a row and the feed polls as if refused. An event over the frame cap (8 MB, ../api/eventSocket.ts)
 * ends the socket (1006: undici fails the connection), and each resume replays it: reconnecting at
 * once pulled it again every few seconds, for good (issue 21 item 9 over the live transport).
 */
export const FRUITLESS_MS = 10_000;
export const FRUITLESS_DROPS = 3;


/** `live`: events come as they happen; otherwise the owner polls (`message` says why, one line). */
export type FeedState = {kind: 'connecting' | 'live' | 'down' | 'refused'; replays: boolean; message: string | null};

export type FeedListener = {
	/** fresh frames in arrival order, a batch per burst (`full_state` included: it carries the state now) */
	onEvents(events: readonly ConversationEvent[]): void;
	onState(state: FeedState): void;
};

export type Feed = {
	readonly state: FeedState;
	/** the owner holds events up to this timestamp (its first page): a resume starts there at the latest */
	setAnchor(timestamp: string | null): void;
	/** the owner found events the socket did not bring: a new socket now */
	restart(): void;
	close(): void;
};

export class LiveSockets {
	private readonly feeds = new Set<SocketFeed>();

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
		feed = new SocketFeed(this.client, this.core, target, listener, () => {
			release();
			this.feeds.delete(feed!);
		});
		this.feeds.add(feed);
		feed.setAnchor(anchor);
		feed.connect();
		return feed;
	}

	dispose(): void {
		for (const feed of [...this.feeds]) feed.close();
	}
}

class SocketFeed implements Feed {
	state: FeedState = {kind: 'connecting', replays: false, message: null};
	private anchor: string | null = null;
	private socket: LiveConnection | null = null;
	private generation = 0;
	private closed = false;
	private attempts = 0;
	private everLive = false;
	private openedAt = 0;
	/** the anchor moved (a new event came) since the socket opened */
	private advanced = false;
	private fruitless = 0;
	private cancelTimer: (() => void) | null = null;
	/** the wait under way is for a server out of reach: a REST answer from it ends the wait */
	private awaitingServer = false;
	private aliveAt = 0;
	private pingedAt = 0;
	private batch: ConversationEvent[] = [];

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly target: AgentTarget,
		private readonly listener: FeedListener,
		private readonly onClosed: () => void,
	) {}

	setAnchor(timestamp: string | null): void {
		if (timestamp !== null) this.anchor = laterServerTime(this.anchor, timestamp);
	}

	restart(): void {
		if (this.closed) return;
		this.flush();
		this.drop();
		this.connect();
	}

	close(): void {
		if (this.closed) return;
		this.closed = true;
		this.drop();
		this.onClosed();
	}

	/** The server answered a REST request after an outage: a socket that could not reach it tries now. */
	reachable(): void {
		if (this.closed || !this.awaitingServer || !this.cancelTimer) return;
		this.stopTimer();
		this.connect();
	}

	connect(): void {
		if (this.closed || this.core.disposed) return;
		this.awaitingServer = false;
		const generation = ++this.generation;
		this.setState({kind: 'connecting', replays: this.state.replays, message: this.state.message});
		const after = this.anchor === null ? null : earlierServerTime(this.anchor, RESUME_MARGIN_MS);
		const mine = () => generation === this.generation && !this.closed;
		this.client
			.openEvents(this.target, after, {
				onOpen: () => {
					if (!mine()) return;
					this.attempts = 0;
					this.everLive = true;
					this.openedAt = this.core.now();
					this.advanced = false;
					this.aliveAt = this.core.now();
					this.setState({kind: 'live', replays: this.socket?.replays ?? false, message: null});
					this.armPing();
				},
				onEvent: event => {
					if (mine()) this.take(event);
				},
				onUnreadable: () => {},
				onAlive: () => {
					if (mine()) this.aliveAt = this.core.now();
				},
				onClose: close => {
					if (mine()) this.lost(close);
				},
			})
			.then(
				socket => {
					if (mine()) this.socket = socket;
					else socket.close();
				},
				(error: unknown) => {
					if (!mine()) return;
					// the server (asked what it is first) is out of reach: a drop, not a refusal
					if (isApiError(error) && (error.kind === 'unreachable' || error.kind === 'timeout')) return this.outOfReach();
					// no agent server to reach (none advertised, a loopback address from afar) or no live
					// events on this backend at all: poll, and ask again much later (never for `unsupported`)
					const final = isApiError(error) && error.kind === 'unsupported';
					this.setState({kind: 'refused', replays: false, message: errorMessage(error)});
					if (!final) this.retryIn(REFUSED_RETRY_MS);
				},
			);
	}

	private take(event: ConversationEvent): void {
		if (isPersisted(event)) {
			const before = this.anchor;
			this.anchor = laterServerTime(this.anchor, event.timestamp);
			if (this.anchor !== before) this.advanced = true;
		}
		this.batch.push(event);
		// frames of one read arrive in one go: hand them over as one batch (one snapshot, one render)
		if (this.batch.length === 1) queueMicrotask(() => this.flush());
	}

	private flush(): void {
		const events = this.batch;
		this.batch = [];
		if (events.length > 0 && !this.closed) this.listener.onEvents(events);
	}

	private lost(close: SocketClose): void {
		this.flush();
		this.socket = null;
		this.stopTimer();
		const refused = (!close.opened && close.status !== null && close.status >= 400 && close.status < 500) || close.code === 4001 || close.code === 4004;
		if (refused) {
			const why = close.status !== null && !close.opened ? `the server refused the socket (${close.status})` : `the server closed the socket (${close.code}${close.reason ? ` ${close.reason}` : ''})`;
			this.setState({kind: 'refused', replays: false, message: why});
			return this.retryIn(REFUSED_RETRY_MS);
		}
		const fruitless = close.opened && !this.advanced && this.core.now() - this.openedAt < FRUITLESS_MS;
		this.fruitless = fruitless ? this.fruitless + 1 : 0;
		if (this.fruitless >= FRUITLESS_DROPS) {
			this.fruitless = 0;
			this.setState({kind: 'refused', replays: false, message: 'the socket drops each time it opens'});
			return this.retryIn(REFUSED_RETRY_MS);
		}
		// no answer to the upgrade at all (refused, reset, timed out): the server is out of reach
		if (!close.opened && close.status === null) return this.outOfReach();
		this.attempts++;
		const busy = close.code === 1013;
		this.setState({kind: 'down', replays: this.state.replays, message: busy ? 'the server has too many sockets on this conversation' : 'the socket dropped'});
		this.retryIn(busy ? BUSY_RETRY_MS : this.backoff());
	}

	/** Like any request: 1 s doubling, capped at about the refresh interval. */
	private backoff(): number {
		return Math.min(backoffMs(this.attempts, this.core.config.random), Math.max(QUICK_CAP_MS, this.core.config.refreshMs));
	}

	/** The server could not be reached: backed off like any request, and tried at once when REST reaches it again. */
	private outOfReach(): void {
		this.attempts++;
		this.setState({kind: 'down', replays: this.state.replays, message: 'the server cannot be reached'});
		// never up after a few tries (an address only the server's own network reaches): as if refused
		const never = !this.everLive && this.attempts >= NEVER_UP_ATTEMPTS;
		this.retryIn(never ? REFUSED_RETRY_MS : this.backoff());
		this.awaitingServer = true;
	}

	private retryIn(ms: number): void {
		this.stopTimer();
		this.cancelTimer = this.core.after(ms, () => {
			this.cancelTimer = null;
			this.connect();
		});
	}

	private armPing(): void {
		this.stopTimer();
		this.cancelTimer = this.core.after(PING_MS, () => {
			this.cancelTimer = null;
			if (!this.socket) return;
			if (this.pingedAt > 0 && this.aliveAt < this.pingedAt) {
				// no frame and no pong since the last ping: a half-dead connection
				this.restart();
				return;
			}
			this.pingedAt = this.core.now();
			this.socket.ping();
			this.armPing();
		});
	}

	private stopTimer(): void {
		this.cancelTimer?.();
		this.cancelTimer = null;
	}

	/** ends the current socket, if any, without telling the listener (a reconnect or the end) */
	private drop(): void {
		this.generation++;
		this.stopTimer();
		this.batch = [];
		const socket = this.socket;
		this.socket = null;
		this.pingedAt = 0;
		socket?.close();
	}

	private setState(next: FeedState): void {
		const now = this.state;
		if (now.kind === next.kind && now.replays === next.replays && now.message === next.message) return;
		this.state = next;
		if (!this.closed) this.listener.onState(next);
	}
}
