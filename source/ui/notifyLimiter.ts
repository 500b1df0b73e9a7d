/**
 * Notification storms (issue 21 item 8): four conversations flapping every 1.5 s gave 82 desktop
 * notifications and up to 164 BELs a minute. Notifications are rationed by two token buckets: one
 * per subject (a conversation, a sandbox, a start task: 2 at once, then one a minute) and one for
 * all (3 at once, then one every 20 s). What cannot go out at once is folded into the next one that
 * can, which says how many it stands for ("Fix the tests finished (+7 more)"), so nothing is
 * silently lost and a storm costs at most six notifications a minute.
 */

export type LimiterClock = {now(): number; setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void};

export type Limits = {burst: number; refillMs: number};

export const SUBJECT_LIMITS: Limits = {burst: 2, refillMs: 60_000};
export const OVERALL_LIMITS: Limits = {burst: 3, refillMs: 20_000};

/** Subjects remembered at most: a full bucket is forgotten first (it holds nothing worth keeping). */
const MAX_SUBJECTS = 200;

class Bucket {
	private tokens: number;
	private at: number;

	constructor(
		private readonly limits: Limits,
		now: number,
	) {
		this.tokens = limits.burst;
		this.at = now;
	}

	private fill(now: number): void {
		this.tokens = Math.min(this.limits.burst, this.tokens + (now - this.at) / this.limits.refillMs);
		this.at = now;
	}

	take(now: number): boolean {
		this.fill(now);
		if (this.tokens < 1) return false;
		this.tokens -= 1;
		return true;
	}

	/** ms until a token is there */
	wait(now: number): number {
		this.fill(now);
		return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * this.limits.refillMs);
	}

	full(now: number): boolean {
		this.fill(now);
		return this.tokens >= this.limits.burst;
	}
}

const realClock: LimiterClock = {
	now: () => Date.now(),
	setTimeout: (callback, ms) => {
		const timer = setTimeout(callback, ms);
		timer.unref?.();
		return timer;
	},
	clearTimeout: handle => clearTimeout(handle as NodeJS.Timeout),
};

export {foldedLine} from '../present/foldedLine.js';

/**
 * `T`: what one transition hands over (a line, or everything the notify command is given); `send`
 * gets the first of what goes out and how many transitions it stands for.
 */
export class NotificationLimiter<T = string> {
	private readonly overall: Bucket;
	private readonly subjects = new Map<string, Bucket>();
	/** lines waiting for an overall token, one per subject that had one of its own */
	private queue: T[] = [];
	/** transitions folded without a line of their own (their subject had no token), and the last of them */
	private folded = 0;
	private lastFolded: T | null = null;
	private timer: unknown = null;
	private closed = false;

	constructor(
		private readonly send: (first: T, total: number) => void,
		private readonly clock: LimiterClock = realClock,
		private readonly subjectLimits: Limits = SUBJECT_LIMITS,
		overallLimits: Limits = OVERALL_LIMITS,
	) {
		this.overall = new Bucket(overallLimits, clock.now());
	}

	/** One transition of `subject` (e.g. `conversation:<id>`) that wants to call the user. */
	offer(subject: string, line: T): void {
		if (this.closed) return;
		const now = this.clock.now();
		const bucket = this.subject(subject, now);
		if (bucket.take(now)) {
			this.queue.push(line);
		} else {
			this.folded++;
			this.lastFolded = line;
			if (this.queue.length === 0) this.later(bucket.wait(now));
			return;
		}
		this.flush();
	}

	close(): void {
		this.closed = true;
		if (this.timer !== null) this.clock.clearTimeout(this.timer);
		this.timer = null;
	}

	private flush(): void {
		if (this.closed || (this.queue.length === 0 && this.folded === 0)) return;
		const now = this.clock.now();
		if (!this.overall.take(now)) return this.later(this.overall.wait(now));
		const first = this.queue.length > 0 ? this.queue[0]! : this.lastFolded!;
		const total = this.queue.length + this.folded;
		this.queue = [];
		this.folded = 0;
		this.lastFolded = null;
		this.send(first, total);
	}

	private later(ms: number): void {
		if (this.timer !== null || this.closed) return;
		this.timer = this.clock.setTimeout(() => {
			this.timer = null;
			this.flush();
		}, Math.max(1, ms));
	}

	private subject(key: string, now: number): Bucket {
		let bucket = this.subjects.get(key);
		if (!bucket) {
			if (this.subjects.size >= MAX_SUBJECTS) {
				for (const [old, b] of this.subjects) if (b.full(now)) this.subjects.delete(old);
				if (this.subjects.size >= MAX_SUBJECTS) this.subjects.delete(this.subjects.keys().next().value!);
			}
			bucket = new Bucket(this.subjectLimits, now);
			this.subjects.set(key, bucket);
		}
		return bucket;
	}
}
