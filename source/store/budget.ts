import {ApiError} from '../api/errors.js';
import type {Scheduler} from './types.js';

/** Lower goes first: what the user just asked for, then the pages they scroll to, then watches, then polls. */
export const PRIORITY = {action: 0, page: 1, watch: 2, poll: 3} as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

/**
 * A 100 ms margin over the one-second window: the server counts arrivals, not our send times, so
 * network jitter could otherwise squeeze an eleventh request into its second (the OSS limiter
 * delays above 10/s and rejects above 20/s; SaaS allows 10/s per user, shared/openhands-api.md 1.5, 1.7).
 */
const WINDOW_MS = 1100;

type Waiter = {priority: Priority; seq: number; resolve: () => void; reject: (error: Error) => void};

/** A sliding-window request budget for the whole store; over budget, requests queue by priority. */
export class RequestBudget {
	private readonly starts: number[] = [];
	private readonly queue: Waiter[] = [];
	private timer: unknown = null;
	private seq = 0;
	private closed = false;

	constructor(
		private readonly max: number,
		private readonly scheduler: Scheduler,
	) {}

	acquire(priority: Priority): Promise<void> {
		if (this.closed) return Promise.reject(aborted());
		if (this.queue.length === 0 && this.take()) return Promise.resolve();
		return new Promise<void>((resolve, reject) => {
			const waiter: Waiter = {priority, seq: ++this.seq, resolve, reject};
			const at = this.queue.findIndex(w => w.priority > priority);
			if (at === -1) this.queue.push(waiter);
			else this.queue.splice(at, 0, waiter);
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
		while (this.starts.length > 0 && (this.starts[0] ?? 0) + WINDOW_MS <= now) this.starts.shift();
	}

	private take(): boolean {
		const now = this.scheduler.now();
		this.prune(now);
		if (this.starts.length >= this.max) return false;
		this.starts.push(now);
		return true;
	}

	private arm(): void {
		if (this.timer !== null || this.queue.length === 0 || this.closed) return;
		const now = this.scheduler.now();
		this.prune(now);
		const oldest = this.starts[this.starts.length - this.max];
		const wait = oldest === undefined ? 0 : oldest + WINDOW_MS - now;
		this.timer = this.scheduler.setTimeout(() => {
			this.timer = null;
			this.drain();
		}, Math.max(0, wait));
	}

	private drain(): void {
		while (this.queue.length > 0 && this.take()) this.queue.shift()?.resolve();
		this.arm();
	}
}

function aborted(): ApiError {
	return new ApiError({kind: 'aborted', message: 'the store was closed'});
}
