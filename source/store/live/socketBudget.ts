/**
 * The cap on events websockets (issue 18: at most 8 at once, the open activity first): one budget
 * may be shared by several stores for one limit in all (../boot/members.ts).
 */
export const MAX_SOCKETS = 8;

export type Priority = 'activity' | 'watch';

type Holder = {priority: Priority; evict: () => void};

/** How many sockets may be open at once; share one across stores for one limit in all. */
export class SocketBudget {
	private readonly holders: Holder[] = [];

	constructor(readonly max = MAX_SOCKETS) {}

	/** a release function, or null when full and nothing can make room */
	claim(priority: Priority, evict: () => void): (() => void) | null {
		if (this.holders.length >= this.max) {
			const victim = priority === 'activity' ? this.holders.find(h => h.priority === 'watch') : undefined;
			if (!victim) return null;
			this.release(victim);
			victim.evict();
		}
		const holder: Holder = {priority, evict};
		this.holders.push(holder);
		return () => this.release(holder);
	}

	get used(): number {
		return this.holders.length;
	}

	private release(holder: Holder): void {
		const at = this.holders.indexOf(holder);
		if (at >= 0) this.holders.splice(at, 1);
	}
}
