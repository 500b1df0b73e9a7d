/** Every timer and every reading of the time in the store goes through this. */
export type Scheduler = {
	now(): number;
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
};

/** The real clock and timers (the default). */
export function realScheduler(now: () => number = Date.now): Scheduler {
	return {
		now,
		setTimeout: (callback, ms) => setTimeout(callback, ms),
		clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
	};
}
