/**
 * The OSS `InMemoryRateLimiter` (openhands/server/middleware.py, 10 requests / 1 s in listen.py):
 * every request of a client IP is recorded, rejected ones included; more than `requests` within the
 * window → the request is delayed `delayMs`; more than twice that → 429.
 */
export type RateDecision = 'pass' | 'delay' | 'reject';

export class RateLimiter {
	private readonly history = new Map<string, number[]>();

	constructor(
		private readonly now: () => number,
		readonly requests = 10,
		readonly windowMs = 1000,
		readonly delayMs = 1000,
	) {}

	check(key: string): RateDecision {
		const now = this.now();
		const cutoff = now - this.windowMs;
		const recent = (this.history.get(key) ?? []).filter(at => at > cutoff);
		recent.push(now);
		this.history.set(key, recent);
		if (recent.length > this.requests * 2) return 'reject';
		if (recent.length > this.requests) return 'delay';
		return 'pass';
	}
}
