/**
 * One conversation's events socket over its whole life (./liveSockets.ts says the rules): connect,
 * resume from the anchor, liveness, the waits after a drop, a refusal, an outage, fruitless sockets
 * and floods. Its owner gets the events in arrival order and its state.
 */
import type {AgentTarget, OpenHandsClient} from '../../api/client.js';
import type {SocketClose} from '../../api/transport/eventSocket.js';
import type {LiveConnection} from '../../api/agent/liveEvents.js';
import type {ConversationEvent} from '../../api/schemas/index.js';
import {earlierServerTime, laterServerTime} from '../../api/serverTime.js';
import {isApiError} from '../../api/errors.js';
import {isPersisted} from '../activity/activityWindow.js';
import {backoffMs} from '../backoff.js';
import {PRIORITY, type Priority as BudgetPriority} from '../budget.js';
import type {Core} from '../core.js';
import {errorMessage} from '../oneLine.js';
import {FruitlessSockets} from './fruitlessSockets.js';
import {closeVerdict} from './socketClose.js';
import {IdleFrames} from './idleFrames.js';

export {FLOOD_FRAMES} from './idleFrames.js';
export {FRUITLESS_DROPS, FRUITLESS_MS} from './fruitlessSockets.js';

export const PING_MS = 30_000;
export const RESUME_MARGIN_MS = 1000;
export const REFUSED_RETRY_MS = 5 * 60_000;
export const BUSY_RETRY_MS = 30_000;
export const QUICK_CAP_MS = 5000;
export const NEVER_UP_ATTEMPTS = 3;

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

export class SocketFeed implements Feed {
	state: FeedState = {kind: 'connecting', replays: false, message: null};
	private anchor: string | null = null;
	private socket: LiveConnection | null = null;
	private generation = 0;
	private closed = false;
	private attempts = 0;
	private everLive = false;
	private readonly fruitless = new FruitlessSockets(() => this.core.now());
	private cancelTimer: (() => void) | null = null;
	/** the wait under way is for a server out of reach: a REST answer from it ends the wait */
	private awaitingServer = false;
	private aliveAt = 0;
	private pingedAt = 0;
	private readonly idle = new IdleFrames(() => this.core.now());
	private batch: ConversationEvent[] = [];

	constructor(
		private readonly client: OpenHandsClient,
		private readonly core: Core,
		private readonly target: AgentTarget,
		private readonly listener: FeedListener,
		private readonly onClosed: () => void,
		/** its handshakes' place in the store's request budget (the open activity's before the watches') */
		private readonly priority: BudgetPriority = PRIORITY.poll,
		/** its agent server: how many requests a connect costs (its version is asked first, once), and that one opened */
		private readonly agent: {places(): number; opened(): void} = {places: () => 1, opened: () => {}},
	) {}

	/** the conversation whose events it brings */
	get conversationId(): string {
		return this.target.id;
	}

	setAnchor(timestamp: string | null): void {
		if (timestamp !== null) this.anchor = laterServerTime(this.anchor, timestamp);
	}

	restart(): void {
		if (this.closed) return;
		this.flush();
		// up, and nothing new came since it opened: the next one waits (FRUITLESS_DROPS)
		const fruitless = this.fruitless.replaced(this.socket !== null);
		this.drop();
		if (!fruitless) return this.connect();
		if (this.endFruitless('the socket brings no events')) return;
		this.setState({kind: 'down', replays: this.state.replays, message: 'the socket brings no events'});
		this.retryIn(backoffMs(this.fruitless.inRow, this.core.config.random));
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
		const mine = () => generation === this.generation && !this.closed;
		// a handshake is a request like any other: it waits for its place in the store's budget, and
		// holds it until answered (issue 27 item 6: 11 handshakes and 9 searches in the first second);
		// the first to an agent server takes one more, for the version asked before it
		this.core.slot(this.priority, this.agent.places()).then(
			release => (mine() ? this.open(mine, release) : release()),
			() => {},
		);
	}

	private open(mine: () => boolean, release: () => void): void {
		const after = this.anchor === null ? null : earlierServerTime(this.anchor, RESUME_MARGIN_MS);
		this.client
			.openEvents(this.target, after, {
				onOpen: () => {
					release();
					this.agent.opened();
					if (!mine()) return;
					this.attempts = 0;
					this.everLive = true;
					this.fruitless.opened();
					this.aliveAt = this.core.now();
					this.setState({kind: 'live', replays: this.socket?.replays ?? false, message: null});
					this.armPing();
				},
				onEvent: event => {
					if (mine()) this.take(event);
				},
				onUnreadable: () => {
					if (mine()) this.idleFrame();
				},
				onPing: () => {
					if (mine()) this.idleFrame();
				},
				onAlive: () => {
					if (mine()) this.aliveAt = this.core.now();
				},
				onClose: close => {
					release();
					if (mine()) this.lost(close);
				},
			})
			.then(
				socket => {
					if (mine()) this.socket = socket;
					else socket.close();
				},
				(error: unknown) => {
					release();
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
		let fresh = false;
		if (isPersisted(event)) {
			const before = this.anchor;
			this.anchor = laterServerTime(this.anchor, event.timestamp);
			fresh = this.anchor !== before;
			if (fresh) this.fruitless.advance();
		}
		// a state snapshot or a streaming delta counts as nothing new here: what floods is what matters
		if (!fresh && this.idleFrame()) return;
		this.batch.push(event);
		// frames of one read arrive in one go: hand them over as one batch (one snapshot, one render)
		if (this.batch.length === 1) queueMicrotask(() => this.flush());
	}

	/** Counts a frame that brings nothing; true when that makes a flood, and the socket ended. */
	private idleFrame(): boolean {
		if (!this.idle.flooded()) return false;
		this.flush();
		this.drop();
		this.setState({kind: 'refused', replays: false, message: 'the server floods the socket with frames that bring nothing'});
		this.retryIn(REFUSED_RETRY_MS);
		return true;
	}

	/** One more fruitless socket; at FRUITLESS_DROPS in a row the feed waits as refused (true). */
	private endFruitless(why: string): boolean {
		if (!this.fruitless.another()) return false;
		this.setState({kind: 'refused', replays: false, message: why});
		this.retryIn(REFUSED_RETRY_MS);
		return true;
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
		const verdict = closeVerdict(close);
		if (verdict.kind === 'refused') {
			this.setState({kind: 'refused', replays: false, message: verdict.why});
			return this.retryIn(REFUSED_RETRY_MS);
		}
		const failed = verdict.kind === 'failed' ? verdict.why : null;
		if (this.fruitless.dropped(close.opened, failed !== null) && this.endFruitless(failed ?? 'the socket drops each time it opens')) return;
		if (verdict.kind === 'unreached') return this.outOfReach();
		this.attempts++;
		const busy = verdict.kind === 'busy';
		this.setState({kind: 'down', replays: this.state.replays, message: busy ? 'the server has too many sockets on this conversation' : (failed ?? 'the socket dropped')});
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
