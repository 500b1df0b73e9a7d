/**
 * Faults tests switch on (AgentServerStandIn hooks): a network that drops sockets, a proxy that does
 * not pass websockets, sockets gone silent, a REST side that hangs. Real time (`Date.now`), not the
 * stand-in's clock: these are about the connection, not the agents.
 */
export class Faults {
	/** a proxy without websocket support: upgrades get the plain GET's 404 */
	refuseUpgrades = false;
	/** sockets send nothing at all (no frames, no pings, no pongs) */
	silent = false;
	/** until then (Date.now ms), upgrades are cut like a network that is down */
	cutUntil = 0;
	/** the whole server is out of reach: every connection, REST or upgrade, is cut at once */
	down = false;
	private stalled: (() => void)[] | null = null;
	private stallTimer: NodeJS.Timeout | null = null;

	cutting(): boolean {
		return this.down || Date.now() < this.cutUntil;
	}

	stall(ms?: number): void {
		this.stalled ??= [];
		if (this.stallTimer) clearTimeout(this.stallTimer);
		this.stallTimer = ms === undefined ? null : setTimeout(() => this.resume(), ms);
	}

	resume(): void {
		if (this.stallTimer) clearTimeout(this.stallTimer);
		this.stallTimer = null;
		const waiting = this.stalled ?? [];
		this.stalled = null;
		for (const go of waiting) go();
	}

	/** Resolves at once, or when a stall ends. */
	gate(): Promise<void> | null {
		if (!this.stalled) return null;
		const waiting = this.stalled;
		return new Promise(resolve => waiting.push(resolve));
	}
}
