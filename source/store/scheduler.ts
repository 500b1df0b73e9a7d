import type {Scheduler} from './types.js';

/** The real clock and timers (the default). */
export function realScheduler(now: () => number = Date.now): Scheduler {
	return {
		now,
		setTimeout: (callback, ms) => setTimeout(callback, ms),
		clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
	};
}
