/**
 * Drops this soon after the socket opened, with no new event in between, are fruitless; this many
 * in a row and the feed polls as if refused. An event over the frame cap (8 MB, ../api/eventSocket.ts)
 * ends the socket (1006: undici fails the connection), and each resume replays it: reconnecting at
 * once pulled it again every few seconds, for good (issue 21 item 9 over the live transport).
 * A socket replaced because it brought no new event since it opened (the owner's search found what
 * it missed, or it stopped answering pings) is fruitless too, and the next one waits a backoff step:
 * one that stalls, hangs in an unfinished fragment or only pings was replaced at every silent check,
 * one upgrade a poll (issue 27 item 9).
 */
export const FRUITLESS_MS = 10_000;
export const FRUITLESS_DROPS = 3;

/** Whether a feed's sockets bring anything, and how many in a row have not, by the store's clock. */
export class FruitlessSockets {
	private count = 0;
	private openedAt = 0;
	/** the anchor moved (a new event came) since the socket opened */
	private advanced = false;

	constructor(private readonly now: () => number) {}

	opened(): void {
		this.openedAt = this.now();
		this.advanced = false;
	}

	advance(): void {
		this.advanced = true;
	}

	/** A socket replaced: fruitless when it was up and brought nothing new; otherwise the count starts over. */
	replaced(up: boolean): boolean {
		const fruitless = up && !this.advanced;
		if (!fruitless) this.count = 0;
		return fruitless;
	}

	/**
	 * A socket dropped: fruitless when it had opened, brought nothing and lasted under FRUITLESS_MS,
	 * or when its handshake was answered and `failed` (./socketClose.ts); otherwise the count starts over.
	 */
	dropped(opened: boolean, failed = false): boolean {
		const fruitless = failed || (opened && !this.advanced && this.now() - this.openedAt < FRUITLESS_MS);
		if (!fruitless) this.count = 0;
		return fruitless;
	}

	/** One more fruitless socket; true at FRUITLESS_DROPS in a row (and the count starts over). */
	another(): boolean {
		this.count++;
		if (this.count < FRUITLESS_DROPS) return false;
		this.count = 0;
		return true;
	}

	/** fruitless sockets in a row: the backoff step before the next */
	get inRow(): number {
		return this.count;
	}
}
