/**
 * One lane per resource: its jobs (refresh, next page, load all) run one after another, so there
 * are never two requests in flight for the same resource. A job of a kind already waiting joins it;
 * `join` also lets a job join a running one of the same kind (a manual refresh during a poll).
 */
export type JobKind = 'refresh' | 'more' | 'all';

export class Lane {
	private current: {kind: JobKind; done: Promise<void>} | null = null;
	private readonly waiting = new Map<JobKind, Promise<void>>();
	private tail: Promise<void> = Promise.resolve();

	constructor(private readonly onSettled: () => void) {}

	run(kind: JobKind, job: () => Promise<void>, join: boolean): Promise<void> {
		if (join && this.current?.kind === kind) return this.current.done;
		const queued = this.waiting.get(kind);
		if (queued) return queued;
		const done: Promise<void> = this.tail.then(async () => {
			this.waiting.delete(kind);
			this.current = {kind, done};
			try {
				await job();
			} catch {
				// jobs record their own failures
			} finally {
				this.current = null;
			}
			this.onSettled();
		});
		this.waiting.set(kind, done);
		this.tail = done;
		return done;
	}

	/** a job of this kind is running or waiting */
	has(kind: JobKind): boolean {
		return this.current?.kind === kind || this.waiting.has(kind);
	}
}
