/**
 * Frames that bring nothing (a ping, no event this client can read, no state, nothing new) in one second
 * beyond which the server is flooding: the socket ends and waits as a refused one. A flood of
 * 10,000 such frames a second kept a core busy (issue 27 item 9); an agent streaming its answer
 * sends tens a second, and a replay's events are new.
 */
export const FLOOD_FRAMES = 1000;

/** Counts a socket's frames that bring nothing, by the second of the store's clock. */
export class IdleFrames {
	private count = 0;
	private since = Number.NEGATIVE_INFINITY;

	constructor(private readonly now: () => number) {}

	/** One more; true when that makes more than FLOOD_FRAMES in this second. */
	flooded(): boolean {
		const now = this.now();
		if (now - this.since >= 1000) {
			this.since = now;
			this.count = 0;
		}
		return ++this.count > FLOOD_FRAMES;
	}
}
