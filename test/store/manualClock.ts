import type {Scheduler} from '../../source/store/scheduler.js';

type Timer = {due: number; seq: number; callback: () => void};

/**
 * A clock that moves only when the test says so. Unlike vitest's fake timers it leaves the
 * global timers alone, so undici and node:http keep working on real time while store time is frozen.
 * UI and e2e tests can use it too.
 */
export class ManualClock implements Scheduler {
	private current: number;
	private seq = 0;
	private readonly timers = new Map<number, Timer>();

	constructor(start = Date.UTC(2025, 10, 15, 9, 0, 0)) {
		this.current = start;
	}

	now = (): number => this.current;

	setTimeout = (callback: () => void, ms: number): unknown => {
		const seq = ++this.seq;
		this.timers.set(seq, {due: this.current + Math.max(0, ms), seq, callback});
		return seq;
	};

	clearTimeout = (handle: unknown): void => {
		this.timers.delete(handle as number);
	};

	get pendingTimers(): number {
		return this.timers.size;
	}

	/** time of the next timer, if any */
	nextDue(): number | undefined {
		return this.next()?.due;
	}

	/**
	 * Moves time forward by `ms`, firing due timers in order; after each, waits for `settle`
	 * (the store's requests to finish) so that what the timer started happens at that instant.
	 */
	async advance(ms: number, settle: () => Promise<void>): Promise<void> {
		const target = this.current + ms;
		await settle();
		for (;;) {
			const timer = this.next();
			if (!timer || timer.due > target) break;
			this.timers.delete(timer.seq);
			this.current = Math.max(this.current, timer.due);
			timer.callback();
			await settle();
		}
		this.current = target;
	}

	private next(): Timer | undefined {
		let best: Timer | undefined;
		for (const timer of this.timers.values()) {
			if (!best || timer.due < best.due || (timer.due === best.due && timer.seq < best.seq)) best = timer;
		}
		return best;
	}
}
