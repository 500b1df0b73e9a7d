/** Waits `ms`, or less when `signal` fires (then resolves false): Ctrl-c ends a `wait` or a `--follow` at once. */
export async function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
	if (signal.aborted) return false;
	return new Promise(resolve => {
		const done = (completed: boolean) => {
			clearTimeout(timer);
			signal.removeEventListener('abort', aborted);
			resolve(completed);
		};
		const aborted = () => done(false);
		const timer = setTimeout(() => done(true), Math.max(0, ms));
		signal.addEventListener('abort', aborted, {once: true});
	});
}
