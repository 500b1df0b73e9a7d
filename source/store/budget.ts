import {ApiError} from '../api/errors.js';
import type {Scheduler} from './scheduler.js';

/** Lower goes first: what the user just asked for, then the pages they scroll to, then watches, then polls. */
export const PRIORITY = {action: 0, page: 1, watch: 2, poll: 3} as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

/**
 * A request holds its place in the window from the moment it is sent until 1.1 s after its answer
 * arrived. The server counts arrivals, and a request can arrive anywhere between our send and the
 * answer (a slow link, a proxy that queues): counting from the answer is the only way no 1,000 ms
 * window at the server ever holds more than `max` (issue 9 item 19). The 100 ms margin covers the
 * way back. The OSS limiter delays above 10/s and rejects above 20/s; SaaS allows 10/s per user
 * (shared/openhands-api.md 1.5, 1.7).
 */
const WINDOW_MS = 1100;

/**
 * A request that has waited this long goes next whatever its priority: many actions or watches must
 * not starve the visible tab's poll or a Ctrl-r (issue 9 item 7). Within the limit, priority wins.
 */
const FAIR_AFTER_MS = 1000;

type Waiter = {priority: Priority; seq: number; queuedAt: number; resolve: (release: () => void) => void; reject: (error: Error) => void};

/** One request in the window: `end` is null while it is on the wire. */
type Slot = {end: number | null};

/**
 * A sliding-window request budget for the whole store. Over budget, requests queue: by priority,
 * except that one waiting longer than FAIR_AFTER_MS goes first (oldest first). Once half the budget
 * is in use, requests are paced `WINDOW_MS / max` apart, so the app never sends its 10 in one burst
 * (a lone request, the first of an idle app, still goes at once).
 */
export class RequestBudget {
	private readonly slots: Slot[] = [];
	private readonly queue: Waiter[] = [];
	private timer: unknown = null;
	private seq = 0;
	private lastStart = Number.NEGATIVE_INFINITY;
	private closed = false;
	private readonly spacingMs: number;
	private readonly burst: number;

	constructor(
		private readonly max: number,
		private readonly scheduler: Scheduler,
	) {
		this.spacingMs = Math.floor(WINDOW_MS / max);
		this.burst = Math.max(1, Math.floor(max / 2));
	}

	/** Resolves with the release to call once the answer has arrived (or the request failed). */
	acquire(priority: Priority): Promise<() => void> {
		if (this.closed) return Promise.reject(aborted());
		if (this.queue.length === 0) {
			const release = this.take();
			if (release) return Promise.resolve(release);
		}
		return new Promise<() => void>((resolve, reject) => {
			this.queue.push({priority, seq: ++this.seq, queuedAt: this.scheduler.now(), resolve, reject});
			this.arm();
		});
	}

	/** requests waiting for budget */
	get queued(): number {
		return this.queue.length;
	}

	close(): void {
		this.closed = true;
		if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
		this.timer = null;
		for (const waiter of this.queue.splice(0)) waiter.reject(aborted());
	}

	private prune(now: number): void {
		for (let i = this.slots.length - 1; i >= 0; i--) {
			const end = this.slots[i]!.end;
			if (end !== null && end + WINDOW_MS <= now) this.slots.splice(i, 1);
		}
	}

	/** ms until a request may go (0: now); Infinity while every slot is on the wire */
	private waitMs(now: number): number {
		this.prune(now);
		let wait = 0;
		if (this.slots.length >= this.max) {
			let soonest = Number.POSITIVE_INFINITY;
			for (const slot of this.slots) if (slot.end !== null) soonest = Math.min(soonest, slot.end + WINDOW_MS);
			wait = soonest - now;
		}
		if (this.slots.length >= this.burst) wait = Math.max(wait, this.lastStart + this.spacingMs - now);
		return Math.max(0, wait);
	}

	private take(): (() => void) | null {
		const now = this.scheduler.now();
		if (this.waitMs(now) > 0) return null;
		const slot: Slot = {end: null};
		this.slots.push(slot);
		this.lastStart = now;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			slot.end = this.scheduler.now();
			this.arm();
		};
	}

	private arm(): void {
		if (this.timer !== null || this.queue.length === 0 || this.closed) return;
		const wait = this.waitMs(this.scheduler.now());
		// every slot on the wire: the next release arms again
		if (wait === Number.POSITIVE_INFINITY) return;
		this.timer = this.scheduler.setTimeout(() => {
			this.timer = null;
			this.drain();
		}, wait);
	}

	private drain(): void {
		while (this.queue.length > 0) {
			const release = this.take();
			if (!release) break;
			this.next().resolve(release);
		}
		this.arm();
	}

	/** removes and returns the waiter to serve: the oldest one past FAIR_AFTER_MS, else the most urgent */
	private next(): Waiter {
		const now = this.scheduler.now();
		let pick = 0;
		let starved = -1;
		this.queue.forEach((waiter, index) => {
			const best = this.queue[pick]!;
			if (waiter.priority < best.priority || (waiter.priority === best.priority && waiter.seq < best.seq)) pick = index;
			if (now - waiter.queuedAt >= FAIR_AFTER_MS && (starved === -1 || waiter.seq < this.queue[starved]!.seq)) starved = index;
		});
		return this.queue.splice(starved === -1 ? pick : starved, 1)[0]!;
	}
}

function aborted(): ApiError {
	return new ApiError({kind: 'aborted', message: 'the store was closed'});
}
